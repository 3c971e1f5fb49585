import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { teamSafe, teamSafeChainState } from '../../testing';
import { compareSafeInfo, withChainTruth, type ChainSafeState } from './chainState';

const attacker: Address = '0x000000000000000000000000000000000000bEEF';
const named = {
  ...teamSafe,
  owners: teamSafe.owners.map((owner, i) => ({ ...owner, name: i === 0 ? 'Alice' : null })),
};
const chain: ChainSafeState = teamSafeChainState;

describe('the Safe the pages show', () => {
  it("is the gateway's own object where the chain agrees", () => {
    expect(withChainTruth(named, chain)).toBe(named);
  });

  it("takes owners, threshold, nonce, modules and guard from the chain, keeping the gateway's names", () => {
    const lie = {
      ...named,
      owners: [named.owners[0]!, { value: attacker, name: 'Treasury', logoUri: null }],
      threshold: 1,
      nonce: 13,
    };
    const shown = withChainTruth(lie, { ...chain, modules: [attacker], guard: attacker });
    expect(shown.owners.map((owner) => owner.value)).toEqual(chain.owners);
    expect(shown.owners[0]!.name).toBe('Alice');
    expect(shown.owners[1]!.name).toBeNull();
    expect(shown.threshold).toBe(2);
    expect(shown.nonce).toBe(8);
    expect(shown.modules).toEqual([{ value: attacker, name: null, logoUri: null }]);
    expect(shown.guard?.value).toBe(attacker);
    // The gateway's claim is not lost: it is what the pages compare, and flag.
    expect(compareSafeInfo(lie, chain).map((item) => item.what)).toEqual(['Owners', 'Threshold', 'Nonce']);
  });

  it('follows the chain while the gateway has not yet seen the last execution', () => {
    expect(withChainTruth(named, { ...chain, nonce: 9 }).nonce).toBe(9);
  });
});
