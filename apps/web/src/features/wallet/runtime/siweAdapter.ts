import { createAuthenticationAdapter } from '@rainbow-me/rainbowkit';
import type { Address } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import type { GatewayClient } from '@countersign/gateway-api';

/** Sessions asked for last a little under the gateway's 24-hour maximum. */
const SESSION_MS = 23 * 60 * 60 * 1000;
/** The gateway keeps a nonce five minutes; one older than this is replaced before signing. */
const NONCE_REUSE_MS = 4 * 60 * 1000;

/**
 * "Verify your account": an EIP-4361 message with the gateway's single-use nonce, signed by the
 * wallet and checked by the gateway (EOA, or EIP-1271 for a contract wallet), which answers with an
 * HttpOnly session cookie. RainbowKit drives the screen and its error texts.
 */
export type SessionEvents = { verified(address: Address): void; signedOut(): void };

export function createSiweAdapter(gateway: GatewayClient, session: SessionEvents) {
  // RainbowKit fetches one nonce when the prompt opens and keeps it for every retry, but the gateway
  // spends a nonce on each verification and lets it expire: a retry after a failed verification, or
  // after minutes on the prompt, needs a fresh one.
  const fetchedAt = new Map<string, number>();
  const spent = new Set<string>();
  const fetchNonce = async () => {
    const { nonce } = await gateway.getAuthNonce();
    fetchedAt.set(nonce, Date.now());
    return nonce;
  };
  const usable = (nonce: string) =>
    !spent.has(nonce) && Date.now() - (fetchedAt.get(nonce) ?? 0) < NONCE_REUSE_MS;

  return createAuthenticationAdapter({
    getNonce: fetchNonce,
    createMessage: async ({ nonce: offered, address, chainId }) => {
      const nonce = usable(offered) ? offered : await fetchNonce();
      spent.add(nonce);
      const now = new Date();
      return createSiweMessage({
        domain: window.location.host,
        uri: window.location.origin,
        address,
        chainId,
        nonce,
        version: '1',
        statement: 'Sign in to Countersign to verify that you own this account.',
        issuedAt: now,
        expirationTime: new Date(now.getTime() + SESSION_MS),
      });
    },
    verify: async ({ message, signature }) => {
      await gateway.verifyAuth({ message, signature });
      const { address } = parseSiweMessage(message);
      if (address) session.verified(address);
      return true;
    },
    signOut: async () => {
      session.signedOut();
      // The cookie is HttpOnly: only the gateway can drop it. If this call fails, the cookie lives
      // until it expires, but this tab already treats the account as unverified.
      await gateway.logout().catch(() => undefined);
    },
  });
}
