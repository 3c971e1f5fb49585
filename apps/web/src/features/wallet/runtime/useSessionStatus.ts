import { useEffect, useState } from 'react';
import { isAddressEqual, type Address } from 'viem';
import { useAccount } from 'wagmi';
import type { AuthenticationStatus } from '@rainbow-me/rainbowkit';
import { useGateway } from '../../../lib/ServicesProvider';
import * as z from 'zod/mini';
import { storedState } from '../../../lib/storedState';
import type { SessionEvents } from './siweAdapter';

/**
 * The account this browser last verified, until it signs out or the gateway says the session is
 * gone. The session cookie is the gateway's and out of the page's reach; without this mark every
 * page of an account that never verified would ask `/v1/auth/me` and log its 403.
 */
const verifiedMark = storedState<string | null>('countersign.verifiedAccount', {
  fallback: null,
  parse: z.nullable(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
});
const markedVerified = (address: Address) => {
  const marked = verifiedMark.get();
  return marked !== null && isAddressEqual(marked as Address, address);
};

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
    // Never verified here (or signed out): nothing to ask the gateway.
    if (!markedVerified(address)) return;
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
        if (auth === 'unauthenticated') verifiedMark.set(null);
        // A verification that finished meanwhile wins over an older answer.
        setResult((current) =>
          current?.address === address && current.auth === 'authenticated' ? current : { address, auth },
        );
      });
    return () => controller.abort();
  }, [gateway, address, status]);

  // Stable: the authentication adapter is made once and keeps these.
  const [session] = useState(() => ({
    verified: (verifiedAddress: Address) => {
      verifiedMark.set(verifiedAddress);
      setResult({ address: verifiedAddress, auth: 'authenticated' });
    },
    signedOut: () => {
      verifiedMark.set(null);
      setResult(undefined);
    },
  }));

  let auth: AuthenticationStatus = 'unauthenticated';
  if (status === 'reconnecting') auth = 'loading';
  else if (status === 'connected' && address !== undefined) {
    if (result?.address === address) auth = result.auth;
    else if (fromReconnect && markedVerified(address)) auth = 'loading';
  }
  return [auth, session];
}
