import { describe, expect, it } from 'vitest';
import { matchesSearch, sortByName } from './entryList';

const alice = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: 'alice', chainId: '1' };
const bob = { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', name: 'Bob 10', chainId: '1' };
const bob2 = { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', name: 'Bob 9', chainId: '5' };

describe('address book search and sort', () => {
  it('finds entries by name or by address, in any letter case', () => {
    expect(matchesSearch(alice, 'ALI')).toBe(true);
    expect(matchesSearch(alice, '0x70997970c5')).toBe(true);
    expect(matchesSearch(alice, 'DC79C8')).toBe(true);
    expect(matchesSearch(alice, 'bob')).toBe(false);
    expect(matchesSearch(alice, '  ')).toBe(true);
  });

  it('sorts by name in the reader’s alphabet, numbers in number order, both ways', () => {
    expect(sortByName([bob, alice, bob2], 'ascending').map((entry) => entry.name)).toEqual([
      'alice',
      'Bob 9',
      'Bob 10',
    ]);
    expect(sortByName([bob, alice, bob2], 'descending').map((entry) => entry.name)).toEqual([
      'Bob 10',
      'Bob 9',
      'alice',
    ]);
  });
});
