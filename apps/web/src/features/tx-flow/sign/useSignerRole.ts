import { useMemo } from 'react';
import type { SafeInfo } from '@countersign/gateway-api';
import { useDelegates } from '../../settings';
import { useWallet } from '../../wallet';

/**
 * What the connected account may do for this Safe: sign as an owner, propose as a delegate the
 * gateway knows, or nothing (and why).
 */
export type SignerRole =
  | { kind: 'disconnected' }
  | { kind: 'owner'; address: string }
  | { kind: 'delegate'; address: string }
  | { kind: 'outsider'; address: string };

export function useSignerRole(safe: {
  chainId: string;
  address: string;
  info: SafeInfo;
  /** The owners as the Safe contract answers; the gateway's list only until they are read. */
  owners?: readonly string[];
}): SignerRole {
  const wallet = useWallet();
  const address = wallet.status === 'connected' ? wallet.address : undefined;
  const owners = safe.owners ?? safe.info.owners.map((owner) => owner.value);
  const isOwner =
    address !== undefined && owners.some((owner) => owner.toLowerCase() === address.toLowerCase());
  const delegates = useDelegates(safe.chainId, safe.address);
  return useMemo(() => {
    if (address === undefined) return { kind: 'disconnected' };
    if (isOwner) return { kind: 'owner', address };
    const isDelegate = delegates.data?.pages.some((page) =>
      page.results.some((delegate) => delegate.delegate.toLowerCase() === address.toLowerCase()),
    );
    return isDelegate ? { kind: 'delegate', address } : { kind: 'outsider', address };
  }, [address, isOwner, delegates.data]);
}
