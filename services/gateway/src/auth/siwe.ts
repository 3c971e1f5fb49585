import { hashMessage, stringToHex, verifyMessage, type Address, type Hex } from 'viem';
import { parseSiweMessage, type SiweMessage } from 'viem/siwe';
import type { ChainRegistry } from '../chains/registry';
import { isValidContractSignature } from '../safes/verifySignatures';

/** How long a nonce may wait for its signature, and the clock skew allowed on message times. */
export const nonceLifetimeMs = 5 * 60_000;
export const clockSkewMs = 30_000;
/** The longest session a message may ask for. */
export const maxSessionMs = 24 * 60 * 60_000;

export type SiweFailure = { status: 401 | 403; message: string };

/**
 * Where a message may come from: the web app's origins (a message signed for another site must not
 * open a session here; '*' accepts any) and the chains this gateway serves.
 */
export type SiweAudience = { webOrigins: readonly string[]; chainIds: readonly string[] };

/** The origin of `url`, or null when it is not a URL. */
function originOf(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** A failure when the message names a site or a chain `audience` does not include. */
function audienceFailure(message: Partial<SiweMessage>, audience: SiweAudience): SiweFailure | null {
  if (!audience.chainIds.includes(String(message.chainId)))
    return { status: 401, message: 'The message is for a chain this gateway does not serve' };
  if (audience.webOrigins.includes('*')) return null;
  const allowed = audience.webOrigins.map(originOf).filter((url): url is URL => url !== null);
  if (!allowed.some((url) => url.host === message.domain))
    return { status: 401, message: "The message's domain is not this gateway's web app" };
  const uri = message.uri ? originOf(message.uri) : null;
  if (!uri || !allowed.some((url) => url.origin === uri.origin))
    return { status: 401, message: "The message's uri is not this gateway's web app" };
  return null;
}

/**
 * Reads and checks an EIP-4361 message's own fields, and that it was made for `audience`; the nonce
 * and signature are checked apart.
 */
export function checkSiweMessage(
  text: string,
  nowMs: number,
  audience: SiweAudience,
):
  | { ok: true; message: SiweMessage & { address: Address; nonce: string } }
  | { ok: false; failure: SiweFailure } {
  let message: Partial<SiweMessage>;
  try {
    message = parseSiweMessage(text);
  } catch {
    return { ok: false, failure: { status: 401, message: 'Invalid message' } };
  }
  const invalid = { ok: false as const, failure: { status: 401 as const, message: 'Invalid message' } };
  if (message.version !== '1' || !message.address || !message.nonce || !message.chainId) return invalid;
  if (message.issuedAt && message.issuedAt.getTime() > nowMs + clockSkewMs) return invalid;
  if (message.expirationTime && message.expirationTime.getTime() < nowMs - clockSkewMs) return invalid;
  if (message.notBefore && message.notBefore.getTime() > nowMs + clockSkewMs) return invalid;
  if (message.expirationTime && message.expirationTime.getTime() > nowMs + maxSessionMs) {
    return { ok: false, failure: { status: 403, message: 'The session this message asks for is too long' } };
  }
  const failure = audienceFailure(message, audience);
  if (failure) return { ok: false, failure };
  return { ok: true, message: message as SiweMessage & { address: Address; nonce: string } };
}

/**
 * Whether `address` signed `text`: an EOA by recovery; a contract wallet (a Safe, say) by EIP-1271,
 * asked both ways (bytes-based over the message, hash-based over its EIP-191 hash) on the chain the
 * message names, when this gateway serves it.
 */
export async function isSignedBy(
  chains: ChainRegistry,
  chainId: number,
  address: Address,
  text: string,
  signature: Hex,
): Promise<boolean> {
  try {
    if (await verifyMessage({ address, message: text, signature })) return true;
  } catch {
    // Not an EOA signature; it may still be a contract's.
  }
  const chain = chains.get(String(chainId));
  if (!chain) return false;
  const code = await chain.client.getCode({ address }).catch(() => undefined);
  if (!code || code === '0x') return false;
  return isValidContractSignature(
    chain.client,
    address,
    { hash: hashMessage(text), preimage: stringToHex(text) },
    signature,
  );
}
