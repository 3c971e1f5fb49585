import { useEffect, useState } from 'react';
import { isAddressEqual, type Address } from 'viem';
import { useAccount } from 'wagmi';
import type { AuthenticationStatus } from '@rainbow-me/rainbowkit';
import { useGateway } from '../../../lib/ServicesProvider';
import type { SessionEvents } from './siweAdapter';

/**
 * Whether the connected account holds a gateway session, asked of `/v1/auth/me` on each connection:
 * a verification survives a reload, and a result belongs to one address, so it never carries over
 * to another account. Only a reconnect (a reload) shows "loading" until the gateway answers; a fresh
 * connection stays "unauthenticated" meanwhile, because RainbowKit closes its modal ("Verify your
 * account" included) whenever the status falls back to unauthenticated.
 */
export function useSessionStatus(): [AuthenticationStatus, SessionEvents] {
  const { address, status } = useAccount();
  const gateway = useGateway();
  const [result, setResult] = useState<{ address: Address; auth: AuthenticationStatus } | undefined>();
  // Whether the current connection came from a reconnect, tracked from status changes during render.
  const [seenStatus, setSeenStatus] = useState(status);
  const [fromReconnect, setFromReconnect] = useState(status === 'reconnecting');
  if (status !== seenStatus) {
    setSeenStatus(status);
    if (status !== 'connected') setFromReconnect(status === 'reconnecting');
  }

  useEffect(() => {
    if (status !== 'connected' || address === undefined) return;
    const controller = new AbortController();
    gateway
      .getAuthSession({ signal: controller.signal })
      .then(
        (session) =>
          isAddressEqual(session.signerAddress as Address, address) ? 'authenticated' : 'unauthenticated',
        () => 'unauthenticated' as const,
      )
      .then((auth) => {
        if (controller.signal.aborted) return;
        // A verification that finished meanwhile wins over an older answer.
        setResult((current) =>
          current?.address === address && current.auth === 'authenticated' ? current : { address, auth },
        );
      });
    return () => controller.abort();
  }, [gateway, address, status]);

  // Stable: the authentication adapter is made once and keeps these.
  const [session] = useState(() => ({
    verified: (verifiedAddress: Address) => setResult({ address: verifiedAddress, auth: 'authenticated' }),
    signedOut: () => setResult(undefined),
  }));

  let auth: AuthenticationStatus = 'unauthenticated';
  if (status === 'reconnecting') auth = 'loading';
  else if (status === 'connected' && address !== undefined) {
    auth = result?.address === address ? result.auth : fromReconnect ? 'loading' : 'unauthenticated';
  }
  return [auth, session];
}
