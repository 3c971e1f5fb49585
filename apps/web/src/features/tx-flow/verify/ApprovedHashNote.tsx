import { useQuery } from '@tanstack/react-query';
import { isAddressEqual, type Address, type Hex } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { decodeCall } from '@countersign/safe-core';
import { useGateway } from '../../../lib/ServicesProvider';
import { Alert } from '../../../ui';
import { useContractAbis } from '../../address-book';
import { describeCall } from './actionWords';
import { findApprovedTransaction } from './childRequest';

/**
 * Under a call of `approveHash` on another Safe (this Safe confirming, on chain, a transaction of a
 * Safe it owns): that transaction, found by its hash and hashed again here, in words; or a warning
 * that nothing known has that hash, since an approval of an unknown hash confirms who knows what.
 */
export function ApprovedHashNote({
  call,
  chain,
  safe,
}: {
  call: { to: Address; data: Hex; operation: 0 | 1 };
  chain: ChainInfo;
  safe: Address;
}) {
  const decoded = call.operation === 0 ? decodeCall(call.data) : null;
  if (decoded?.method !== 'approveHash' || isAddressEqual(call.to, safe)) return null;
  return <ApprovedTransaction chain={chain} child={call.to} hash={decoded.parameters[0]?.value as Hex} />;
}

function ApprovedTransaction({ chain, child, hash }: { chain: ChainInfo; child: Address; hash: Hex }) {
  const gateway = useGateway();
  const abiFor = useContractAbis(chain.chainId);
  const found = useQuery({
    queryKey: ['approved-transaction', chain.chainId, child, hash],
    queryFn: ({ signal }) => findApprovedTransaction({ gateway, chain, child, hash, abiFor, signal }),
    staleTime: 30_000,
  });
  if (found.isPending)
    return <p data-testid="approved-tx-pending">Looking for the transaction this approves…</p>;
  if (found.isError || found.data === undefined)
    return (
      <Alert tone="warn" title="Approves a hash nothing here matches" testId="approved-tx-unknown">
        {found.isError
          ? `The transactions of ${child} could not be looked through now.`
          : `No queued transaction of ${child} has this hash.`}{' '}
        Once executed, the approval counts as this Safe’s confirmation of whatever has it: approve only a hash
        you know.
      </Alert>
    );
  const { tx, nonce } = found.data;
  const words = describeCall(tx, { safe: child, native: chain.nativeCurrency, abiFor });
  return (
    <p data-testid="approved-tx">
      Approve {child}’s transaction #{nonce}: {words}
    </p>
  );
}
