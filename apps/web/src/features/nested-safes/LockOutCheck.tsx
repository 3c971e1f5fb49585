import { useQuery } from '@tanstack/react-query';
import type { Address as AddressValue } from 'viem';
import { Address, Alert } from '../../ui';
import { useSafe } from '../safe';
import { cannotSignWords, signingReachQueryOptions } from './signingReach';

/**
 * Before anyone signs a change of owners or threshold: can the Safe, after it, still reach its
 * threshold with owners that can sign? Read from the chain down the Safes that own Safes; a Safe
 * that would be locked is a danger alert naming each owner that cannot sign and why.
 */
export function LockOutCheck({ owners, threshold }: { owners: readonly AddressValue[]; threshold: number }) {
  const { chain, address } = useSafe();
  const reach = useQuery(signingReachQueryOptions(chain, address as AddressValue, owners, threshold));
  if (reach.isPending)
    return <p data-testid="lockout-pending">Checking that the owners can still sign after it…</p>;
  if (reach.isError)
    return (
      <Alert tone="warn" title="Not checked: can the owners still sign after it?" testId="lockout-unchecked">
        The chain could not be read to follow the owners that are contracts or Safes.
      </Alert>
    );
  const { signers, owners: verdicts, reachable } = reach.data;
  const blocked = verdicts.filter((owner) => !owner.canSign);
  if (reachable)
    return (
      <p data-testid="lockout-ok">
        After it, {signers} of the {verdicts.length} owners can sign: enough for the threshold of {threshold}.
      </p>
    );
  return (
    <Alert tone="danger" title="This would lock the Safe" role="alert" testId="lockout-alert">
      <p>
        After it, only {signers} of its {verdicts.length} owners can sign, and it needs {threshold}: nothing
        could ever be executed from it again, and its funds would stay where they are.
      </p>
      <ul>
        {blocked.map((owner) => (
          <li key={owner.address} data-testid="lockout-owner">
            <Address address={owner.address} /> {owner.why ? cannotSignWords[owner.why] : ''}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
