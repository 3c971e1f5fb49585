import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CountingRpcProxy = {
  url: string;
  /** JSON-RPC calls forwarded since the last reset (each call of a batch counts). */
  readonly calls: number;
  /** Calls by method since the last reset. */
  readonly byMethod: Record<string, number>;
  /** The calls to `method` since the last reset, as sent. */
  sent(method: string): Call[];
  reset(): void;
  /** From now on, holds each answer to `method` back this long (a slow node, to kill mid-range). */
  delay(method: string, ms: number): void;
  /**
   * From now on, holds back every request with a call that `match` picks until `release` (a node
   * stuck on some reads, to see what the gateway serves meanwhile); `held` counts those waiting.
   */
  hold(match: (call: Call) => boolean): { readonly held: number; release(): void };
  close(): Promise<void>;
};

export type Call = { method?: string; params?: unknown[] };

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

/**
 * A real HTTP server on loopback in front of a node (anvil) that forwards every JSON-RPC request
 * unchanged and counts the calls: what the gateway's replicas cost the chain's RPC.
 */
export async function startCountingRpcProxy(target: string): Promise<CountingRpcProxy> {
  let byMethod: Record<string, number> = {};
  let log: Call[] = [];
  const delays = new Map<string, number>();
  const holds = new Set<{ match: (call: Call) => boolean; waiting: number; released: Promise<void> }>();
  const server = createServer((request, response) => {
    void (async () => {
      const text = await readBody(request);
      const parsed = JSON.parse(text) as Call | Call[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      let wait = 0;
      for (const call of calls) {
        const method = call.method ?? '?';
        byMethod[method] = (byMethod[method] ?? 0) + 1;
        log.push(call);
        wait = Math.max(wait, delays.get(method) ?? 0);
      }
      for (const hold of holds) {
        if (!calls.some(hold.match)) continue;
        hold.waiting += 1;
        await hold.released;
        hold.waiting -= 1;
      }
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
      const body = await answer.text();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(body);
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
    get calls() {
      return Object.values(byMethod).reduce((sum, n) => sum + n, 0);
    },
    get byMethod() {
      return { ...byMethod };
    },
    sent: (method) => log.filter((call) => call.method === method),
    reset() {
      byMethod = {};
      log = [];
    },
    delay(method, ms) {
      delays.set(method, ms);
    },
    hold(match) {
      let release = () => {};
      const hold = { match, waiting: 0, released: new Promise<void>((resolve) => (release = resolve)) };
      holds.add(hold);
      return {
        get held() {
          return hold.waiting;
        },
        release() {
          holds.delete(hold);
          release();
        },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
