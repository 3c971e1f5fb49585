import type { ChainSafeState } from '../safe';

/**
 * What a dapp would reach on another chain at this Safe's address: the same account (a Safe with the
 * same owners and threshold, as each chain's contract answers), a different one (a Safe with other
 * owners or threshold: a CREATE-based factory, or owners changed on one chain only), or none.
 */
export type AccountThere = 'same' | 'different' | 'none';

type Signers = Pick<ChainSafeState, 'owners' | 'threshold'>;

export function accountThere(own: Signers, there: Signers | undefined): AccountThere {
  if (!there || there.owners.length === 0) return 'none';
  const ours = new Set(own.owners.map((owner) => owner.toLowerCase()));
  const same =
    there.threshold === own.threshold &&
    there.owners.length === ours.size &&
    there.owners.every((owner) => ours.has(owner.toLowerCase()));
  return same ? 'same' : 'different';
}

/** Why a dapp cannot have a different account at this address on that chain, as it is answered. */
export const differentAccount = (address: string, chainName: string): string =>
  `${address} on ${chainName} is a different account: the Safe there has other owners or another threshold, so it is not offered to the dapp.`;
