import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the stub refuses, as the RPC providers operators actually rent do: log queries over too many
 * blocks or with too many results, random rate limiting, no debug_/trace_ methods, no past state.
 */
export type Limits = {
  /** eth_getLogs over more blocks than this: "block range too large". */
  maxLogBlocks: number;
  /** eth_getLogs answering more logs than this: "query returned more than 10000 results". */
  maxLogResults: number;
  /** The share of HTTP requests answered 429 (0 to 1), drawn from a seeded sequence. */
  rateLimited: number;
  /** Blocks of state kept below the head: a call at an older block fails as a pruned node's does. */
  stateBlocks: number;
};

export type LimitedRpcProxy = {
  url: string;
  /** Refusals so far, by kind. */
  readonly refused: Record<'range' | 'results' | '429' | 'method' | 'state', number>;
  /** Calls forwarded, by method. */
  readonly forwarded: Record<string, number>;
  close(): Promise<void>;
};

type Call = { jsonrpc?: string; id?: unknown; method?: string; params?: unknown[] };

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

/** Methods whose last parameter names the block whose state they read. */
const stateMethods: Record<string, number> = {
  eth_call: 1,
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getStorageAt: 2,
  eth_getTransactionCount: 1,
};

/**
 * A stub for a rented RPC provider: a real HTTP server on loopback that forwards JSON-RPC to anvil
 * but refuses what such providers refuse, with their usual answers. The chain behind it is real.
 */
export async function startLimitedRpcProxy(
  target: string,
  limits: Limits,
  seed = 7,
): Promise<LimitedRpcProxy> {
  const refused = { range: 0, results: 0, '429': 0, method: 0, state: 0 };
  const forwarded: Record<string, number> = {};
  // A small LCG: the same run refuses the same requests.
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const forward = async (call: Call): Promise<Call & { result?: unknown }> => {
    forwarded[call.method ?? '?'] = (forwarded[call.method ?? '?'] ?? 0) + 1;
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
    return (await response.json()) as Call & { result?: unknown };
  };
  const error = (call: Call, code: number, message: string) => ({
    jsonrpc: '2.0',
    id: call.id,
    error: { code, message },
  });
  const head = async () => {
    const answer = await forward({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] });
    return Number(answer.result as string);
  };

  const answer = async (call: Call): Promise<unknown> => {
    const method = call.method ?? '';
    if (method.startsWith('debug_') || method.startsWith('trace_')) {
      refused.method += 1;
      return error(call, -32601, `the method ${method} does not exist/is not available`);
    }
    if (method === 'eth_getLogs') {
      const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
      const from = Number(filter.fromBlock ?? 0);
      const to =
        filter.toBlock === undefined || filter.toBlock === 'latest' ? await head() : Number(filter.toBlock);
      if (to - from + 1 > limits.maxLogBlocks) {
        refused.range += 1;
        return error(
          call,
          -32600,
          `block range too large: ${to - from + 1} blocks, at most ${limits.maxLogBlocks}`,
        );
      }
      const result = await forward(call);
      if (Array.isArray(result.result) && result.result.length > limits.maxLogResults) {
        refused.results += 1;
        return error(call, -32005, 'query returned more than 10000 results');
      }
      return result;
    }
    const at = stateMethods[method];
    if (at !== undefined) {
      const tag = call.params?.[at];
      const block = typeof tag === 'string' && tag.startsWith('0x') ? Number(tag) : undefined;
      if (block !== undefined && block < (await head()) - limits.stateBlocks) {
        refused.state += 1;
        return error(call, -32000, `missing trie node (path ) state is not available`);
      }
    }
    return forward(call);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      if (random() < limits.rateLimited) {
        refused['429'] += 1;
        response
          .writeHead(429, { 'content-type': 'text/plain', 'retry-after': '0' })
          .end('Too Many Requests');
        return;
      }
      const parsed = JSON.parse(text) as Call | Call[];
      const replies = Array.isArray(parsed) ? await Promise.all(parsed.map(answer)) : await answer(parsed);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(replies));
    })().catch((failure: unknown) => {
      if (!response.headersSent) response.writeHead(502).end(String(failure));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    forwarded,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((failure) => (failure ? reject(failure) : resolve()));
        server.closeAllConnections();
      }),
  };
}
