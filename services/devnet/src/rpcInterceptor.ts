import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One JSON-RPC call as a node receives it. */
export type RpcCall = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown };
/** What an interceptor answers instead of the node: a result or an error; undefined passes the call on. */
export type RpcAnswer = { result: unknown } | { error: { code: number; message: string } } | undefined;

export type RpcInterceptor = {
  url: string;
  /** How many calls were answered by `intercept` rather than the node. */
  intercepted: () => number;
  /** How many calls it was sent in all. */
  calls: () => number;
  close: () => Promise<void>;
};

const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

/**
 * A chain RPC on loopback in front of a real node (`upstream`), for tests: every call goes to the
 * node unless `intercept` answers it, which is how a test gets a node that lacks a method or lies
 * about a contract. Batches are split and answered in order; a page may call it from its origin.
 */
export async function startRpcInterceptor(
  upstream: string,
  intercept: (call: RpcCall) => RpcAnswer,
  options: { host?: string } = {},
): Promise<RpcInterceptor> {
  let intercepted = 0;
  let calls = 0;
  const one = async (call: RpcCall): Promise<unknown> => {
    calls++;
    const answer = intercept(call);
    if (answer !== undefined) {
      intercepted++;
      return { jsonrpc: '2.0', id: call.id, ...answer };
    }
    const response = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
    return response.json();
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (request.method === 'OPTIONS') {
          response.writeHead(204, cors);
          response.end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall | RpcCall[];
        const answer = Array.isArray(body) ? await Promise.all(body.map(one)) : await one(body);
        response.writeHead(200, { 'content-type': 'application/json', ...cors });
        response.end(JSON.stringify(answer));
      })().catch(() => {
        response.writeHead(502, cors);
        response.end();
      });
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    intercepted: () => intercepted,
    calls: () => calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** What a lying node says about a Safe (and a token), for tests of the pages that must not believe it. */
export type ChainLies = {
  safe?: `0x${string}`;
  owners?: readonly `0x${string}`[];
  threshold?: number;
  nonce?: number;
  /** A token whose decimals() the node answers with `decimals`. */
  token?: { address: `0x${string}`; decimals: number };
  /** The chain id it claims to serve. */
  chainId?: number;
};

const word = (value: bigint) => value.toString(16).padStart(64, '0');

/**
 * An `intercept` for startRpcInterceptor that answers eth_call to the Safe's getOwners, getThreshold
 * and nonce, to a token's decimals, and eth_chainId, as `lies` says: each at any block.
 */
export function lyingAbout(lies: ChainLies): (call: RpcCall) => RpcAnswer {
  return (call) => {
    if (call.method === 'eth_chainId' && lies.chainId !== undefined) {
      return { result: `0x${lies.chainId.toString(16)}` };
    }
    if (call.method !== 'eth_call' || !Array.isArray(call.params)) return undefined;
    const tx = call.params[0] as { to?: string; data?: string; input?: string } | undefined;
    const to = tx?.to?.toLowerCase();
    const selector = (tx?.data ?? tx?.input ?? '').slice(0, 10).toLowerCase();
    if (to && lies.token && to === lies.token.address.toLowerCase() && selector === '0x313ce567') {
      return { result: `0x${word(BigInt(lies.token.decimals))}` };
    }
    if (!to || !lies.safe || to !== lies.safe.toLowerCase()) return undefined;
    if (selector === '0xa0e67e2b' && lies.owners) {
      const owners = lies.owners.map((owner) => owner.slice(2).toLowerCase().padStart(64, '0')).join('');
      return { result: `0x${word(32n)}${word(BigInt(lies.owners.length))}${owners}` };
    }
    if (selector === '0xe75235b8' && lies.threshold !== undefined)
      return { result: `0x${word(BigInt(lies.threshold))}` };
    if (selector === '0xaffed0e0' && lies.nonce !== undefined)
      return { result: `0x${word(BigInt(lies.nonce))}` };
    return undefined;
  };
}
