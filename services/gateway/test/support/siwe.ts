import type { Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';

/** A fresh SIWE nonce from the gateway at `base`. */
export async function siweNonce(base: string): Promise<string> {
  const body = (await (await fetch(`${base}/v1/auth/nonce`)).json()) as { nonce: string };
  return body.nonce;
}

/** A Sign-In message for the web app at 127.0.0.1:5173 on the devnet chain; `overrides` change a field. */
export function siweMessage(
  address: Address,
  nonceValue: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
) {
  return createSiweMessage({
    address,
    chainId: 1337,
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173',
    version: '1',
    nonce: nonceValue,
    issuedAt: new Date(),
    statement: 'Verify your account on Countersign.',
    ...overrides,
  });
}

/** POST /v1/auth/verify at `base`: its status, the cookie it set and its parsed body. */
export async function verifySiwe(base: string, message: string, signature: string) {
  const response = await fetch(`${base}/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  });
  const text = await response.text();
  return {
    status: response.status,
    cookie: response.headers.get('set-cookie'),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

/** The request's `cookie` header for a Set-Cookie answer (its first part), or none. */
export const cookieHeader = (cookie: string | null): Record<string, string> =>
  cookie ? { cookie: cookie.split(';')[0]! } : {};

/** GET /v1/auth/me at `base` with the session cookie `cookie` (a Set-Cookie answer), or without. */
export const sessionAt = (base: string, cookie: string | null) =>
  fetch(`${base}/v1/auth/me`, { headers: cookieHeader(cookie) });
