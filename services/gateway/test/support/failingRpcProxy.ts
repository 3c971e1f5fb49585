import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the stub fails a call: the whole HTTP request answered 500, a JSON-RPC error for the call, or
 * a `null` result (a node claiming it has no such block).
 */
export type RpcFailure = 'http-500' | 'rpc-error' | 'null-result';

export type FailingRpcProxy = {
  url: string;
  /** From now on, fails calls to `methods` the given way (and only those). */
  fail(methods: readonly string[], how: RpcFailure): void;
  /** Forwards every call again. */
  recover(): void;
  /** Calls failed so far. */
  readonly failed: number;
  close(): Promise<void>;
};

type Call = { jsonrpc?: string; id?: unknown; method?: string };

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

/**
 * A stub for a failing RPC node: a real HTTP server on loopback that forwards JSON-RPC (single calls
 * and batches) to `target` (anvil), and fails the methods a test switches on. The chain behind it
 * stays real; only the answers on the way back are replaced.
 */
export async function startFailingRpcProxy(target: string): Promise<FailingRpcProxy> {
  let failing = new Set<string>();
  let how: RpcFailure = 'http-500';
  let failed = 0;

  const forward = async (calls: Call[]): Promise<Call[]> => {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls),
    });
    return (await response.json()) as Call[];
  };

  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const parsed = JSON.parse(text) as Call | Call[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const hit = calls.filter((call) => call.method !== undefined && failing.has(call.method));
      if (hit.length > 0 && how === 'http-500') {
        failed += hit.length;
        response.writeHead(500, { 'content-type': 'text/plain' }).end('stub failure');
        return;
      }
      const passed = calls.filter((call) => !hit.includes(call));
      const answers = passed.length > 0 ? await forward(passed) : [];
      const byId = new Map(answers.map((answer) => [JSON.stringify(answer.id), answer]));
      failed += hit.length;
      const replies = calls.map((call) =>
        hit.includes(call)
          ? how === 'rpc-error'
            ? {
                jsonrpc: '2.0',
                id: call.id,
                error: { code: -32000, message: `stub failure of ${call.method}` },
              }
            : { jsonrpc: '2.0', id: call.id, result: null }
          : byId.get(JSON.stringify(call.id)),
      );
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(Array.isArray(parsed) ? replies : replies[0]));
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fail(methods, failure) {
      failing = new Set(methods);
      how = failure;
    },
    recover() {
      failing = new Set();
    },
    get failed() {
      return failed;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
