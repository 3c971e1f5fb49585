import * as z from 'zod/mini';
import type { ChainInfo } from '@countersign/gateway-api';
import { storedState } from './storedState';
import { isHttpUrl } from './urls';
import { rpcRequest } from './rpcRequest';

/**
 * Where the browser reads a chain from. The gateway's chain list names an RPC, but a gateway that
 * lies can name a node that lies with it, and then every check made "on the chain" agrees with the
 * lie. So the RPC is the owner's (set in Settings, kept in this browser) or the operator's (the web
 * server's CHAIN_RPC_URLS), and the gateway's only where neither names one, which the pages say.
 */
export type RpcSourceKind = 'owner' | 'operator' | 'gateway';
export type RpcSource = { kind: RpcSourceKind; url: string };

/** The RPC URL the gateway names that a browser can use: an API_KEY_PATH URL needs a key this app does not hold. */
export function gatewayRpcUrlOf(chain: ChainInfo): string {
  return chain.rpcUri.authentication === 'API_KEY_PATH' ? chain.publicRpcUri.value : chain.rpcUri.value;
}

// Set once as the page starts (main.tsx), from the runtime configuration: the same for every view,
// and unset on the web server, which reads no chain.
let operatorRpcUrls: Readonly<Record<string, string>> = {};

/** The operator's RPC per chain id (the runtime configuration's `rpcUrls`). */
export function setOperatorRpcUrls(urls: Readonly<Record<string, string>> | undefined): void {
  operatorRpcUrls = urls ?? {};
}

export const operatorRpcUrlOf = (chainId: string): string | undefined => operatorRpcUrls[chainId];

/** The chains the operator names an RPC for, in the order configured. */
export const operatorRpcChainIds = (): string[] => Object.keys(operatorRpcUrls);

/**
 * An owner's RPC for one chain. It is used only once it answered the chain's id (`in-use`): it is
 * saved `pending`, and checked as the next page starts, once the page's policy lets the browser
 * reach it (see OWNER_RPC_COOKIE).
 */
export type OwnerRpc =
  | { url: string; state: 'pending' }
  | { url: string; state: 'in-use' }
  | { url: string; state: 'refused'; reason: string };

const ownerRpcSchema = z.union([
  z.object({ url: z.string().check(z.refine(isHttpUrl)), state: z.enum(['pending', 'in-use']) }),
  z.object({
    url: z.string().check(z.refine(isHttpUrl)),
    state: z.literal('refused'),
    reason: z.string().check(z.maxLength(500)),
  }),
]);

/** At most this many chains keep an owner's RPC: each is an origin in every page's policy. */
export const MAX_OWNER_RPCS = 16;

export const ownerRpcs = storedState<Readonly<Record<string, OwnerRpc>>>('countersign.ownerRpcs', {
  fallback: {},
  parse: z.record(z.string().check(z.regex(/^\d{1,20}$/)), ownerRpcSchema),
});

/** The chain's sources in the order they are used; `owned` is the owner's choices (as kept now by default). */
export function rpcSourcesOf(
  chain: ChainInfo,
  owned: Readonly<Record<string, OwnerRpc>> = ownerRpcs.get(),
): RpcSource[] {
  const sources: RpcSource[] = [];
  const owner = owned[chain.chainId];
  if (owner?.state === 'in-use') sources.push({ kind: 'owner', url: owner.url });
  const operator = operatorRpcUrlOf(chain.chainId);
  sources.push(
    operator ? { kind: 'operator', url: operator } : { kind: 'gateway', url: gatewayRpcUrlOf(chain) },
  );
  return sources.filter((source, index) => sources.findIndex((other) => other.url === source.url) === index);
}

/** The RPC every read of the chain goes through: the owner's, else the operator's, else the gateway's. */
export const rpcUrlOf = (chain: ChainInfo): string => rpcSourcesOf(chain)[0]?.url ?? gatewayRpcUrlOf(chain);

/**
 * The cookie that tells the web server which origins the owner's RPCs are at, so that the page's
 * Content-Security-Policy lets the browser reach them (the server has no other way to know: they are
 * kept in this browser). It holds origins only, never a URL's path, where providers put their keys.
 */
export const OWNER_RPC_COOKIE = 'countersign-owner-rpc';
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

export function ownerRpcOrigins(rpcs: Readonly<Record<string, OwnerRpc>>): string[] {
  const origins = new Set<string>();
  for (const rpc of Object.values(rpcs)) if (rpc.state !== 'refused') origins.add(new URL(rpc.url).origin);
  return [...origins].sort();
}

/** The cookie's value for what is kept: the origins of the RPCs not refused; none, no cookie. */
function ownerRpcCookieValue(rpcs: Readonly<Record<string, OwnerRpc>>): string | undefined {
  const origins = ownerRpcOrigins(rpcs);
  return origins.length === 0 ? undefined : encodeURIComponent(origins.join(' '));
}

/** Writes the cookie from what is kept now: on every change, and as each page starts (it may have expired). */
export function writeOwnerRpcCookie(rpcs: Readonly<Record<string, OwnerRpc>> = ownerRpcs.get()): void {
  if (typeof document === 'undefined') return;
  const value = ownerRpcCookieValue(rpcs);
  document.cookie =
    value === undefined
      ? `${OWNER_RPC_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`
      : `${OWNER_RPC_COOKIE}=${value}; Max-Age=${COOKIE_MAX_AGE_S}; Path=/; SameSite=Strict`;
}

/**
 * Writes the cookie again through the Cookie Store API, resolving once the browser has stored it. A
 * `document.cookie` write reaches the cookie store asynchronously, so a reload made at once may be
 * asked for without it: that page's policy then refuses the new RPC, and its check reads "could not
 * be reached" (seen on a busy machine). Where the API is missing (a page not served securely), the
 * `document.cookie` write already made is all there is.
 */
async function storeOwnerRpcCookie(rpcs: Readonly<Record<string, OwnerRpc>>): Promise<void> {
  if (typeof window === 'undefined' || !('cookieStore' in window)) return;
  const value = ownerRpcCookieValue(rpcs);
  try {
    if (value === undefined) await window.cookieStore.delete({ name: OWNER_RPC_COOKIE, path: '/' });
    else
      await window.cookieStore.set({
        name: OWNER_RPC_COOKIE,
        value,
        expires: Date.now() + COOKIE_MAX_AGE_S * 1000,
        path: '/',
        sameSite: 'strict',
      });
  } catch {
    // The document.cookie write stands.
  }
}

/** The origins a request's Cookie header names (unchecked: the server checks each is an origin). */
export function ownerRpcOriginsInCookie(cookieHeader: string | undefined): string[] {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== OWNER_RPC_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='))
        .split(' ')
        .filter((origin) => origin !== '')
        .slice(0, MAX_OWNER_RPCS);
    } catch {
      return [];
    }
  }
  return [];
}

/** Keeps (or forgets) the owner's RPC for a chain; resolves once its cookie is stored, to reload then. */
export function setOwnerRpc(chainId: string, rpc: OwnerRpc | undefined): Promise<void> {
  ownerRpcs.update((current) =>
    Object.fromEntries([
      ...Object.entries(current).filter(([id]) => id !== chainId),
      ...(rpc ? [[chainId, rpc] as const] : []),
    ]),
  );
  writeOwnerRpcCookie();
  return storeOwnerRpcCookie(ownerRpcs.get());
}

/** The page waits this long at most for an owner's new RPC to answer. */
const RPC_CHECK_TIMEOUT_MS = 5_000;

/** What one RPC answers to eth_chainId, as a decimal string, or why it could not be read. */
export async function readRpcChainId(url: string): Promise<{ chainId: string } | { error: string }> {
  try {
    const result = await rpcRequest(url, 'eth_chainId', [], RPC_CHECK_TIMEOUT_MS);
    if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(result)) {
      return { error: 'It answered eth_chainId with no chain id' };
    }
    return { chainId: BigInt(result).toString() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'It could not be read' };
  }
}

/**
 * Checks the owner's RPCs saved since the last page: each is used only if it answers its chain's id.
 * Run as the page starts, before any read of a chain, so that no read goes to an RPC not yet checked.
 */
export async function checkPendingOwnerRpcs(): Promise<void> {
  writeOwnerRpcCookie();
  const pending = Object.entries(ownerRpcs.get()).filter(([, rpc]) => rpc.state === 'pending');
  if (pending.length === 0) return;
  const results = await Promise.all(
    pending.map(async ([chainId, rpc]) => ({ chainId, rpc, result: await readRpcChainId(rpc.url) })),
  );
  ownerRpcs.update((current) => {
    const next = { ...current };
    results.forEach(({ chainId, rpc, result }) => {
      if (current[chainId]?.url !== rpc.url) return;
      next[chainId] =
        'error' in result
          ? { url: rpc.url, state: 'refused', reason: `Not used. ${result.error}.` }
          : result.chainId !== chainId
            ? {
                url: rpc.url,
                state: 'refused',
                reason: `Not used. It serves chain ${result.chainId}, not chain ${chainId}.`,
              }
            : { url: rpc.url, state: 'in-use' };
    });
    return next;
  });
  writeOwnerRpcCookie();
}
