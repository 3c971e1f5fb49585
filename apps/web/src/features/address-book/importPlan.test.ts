import { describe, expect, it } from 'vitest';
import { changesOf, planImport } from './importPlan';

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

describe('planImport', () => {
  it('sorts the file into new, renamed and unchanged entries against the book', () => {
    const book = { '1': { [alice]: 'Alice', [bob]: 'Bob' } };
    const plan = planImport(
      [
        { address: alice, name: 'Alice', chainId: '1' },
        { address: bob, name: 'Robert', chainId: '1' },
        { address: bob, name: 'Bob', chainId: '5' },
      ],
      book,
    );
    expect(plan).toEqual({
      added: [{ address: bob, name: 'Bob', chainId: '5' }],
      renamed: [{ address: bob, name: 'Robert', chainId: '1', previousName: 'Bob' }],
      unchanged: [{ address: alice, name: 'Alice', chainId: '1' }],
    });
    expect(changesOf(plan)).toEqual([
      { address: bob, name: 'Bob', chainId: '5' },
      { address: bob, name: 'Robert', chainId: '1' },
    ]);
  });
});
