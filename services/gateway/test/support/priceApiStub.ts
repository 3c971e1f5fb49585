import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stub answers: prices per platform and token, per coin, and rates against a base. */
export type PriceApiStubData = {
  tokens: Record<string, Record<string, number>>;
  coins: Record<string, number>;
  rates: Record<string, { value: number; type: string }>;
};

export type PriceApiStub = {
  url: string;
  /** Each request's path and query, and its API key header, in order. */
  readonly requests: { path: string; apiKey: string | undefined }[];
  /** From now on: a status to fail with, an answer that is not JSON, or a delay before answering. */
  misbehave(how: { status?: number; garbage?: boolean; delayMs?: number } | undefined): void;
  close(): Promise<void>;
};

/**
 * A STUB of a CoinGecko-compatible price API (a price API cannot exist on loopback; the gateway
 * talks to this one over real HTTP through the same three endpoints it would ask CoinGecko), with
 * the answers' shapes CoinGecko documents.
 */
export async function startPriceApiStub(data: PriceApiStubData): Promise<PriceApiStub> {
  const requests: PriceApiStub['requests'] = [];
  let fault: { status?: number; garbage?: boolean; delayMs?: number } | undefined;
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      requests.push({
        path: `${url.pathname}${url.search}`,
        apiKey: request.headers['x-cg-pro-api-key'] as string,
      });
      if (fault?.delayMs) await new Promise((resolve) => setTimeout(resolve, fault?.delayMs));
      if (fault?.status) return response.writeHead(fault.status).end('{"error":"down"}');
      if (fault?.garbage)
        return response.writeHead(200, { 'content-type': 'application/json' }).end('<html>');
      const send = (body: unknown) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const token = /^\/api\/v3\/simple\/token_price\/([a-z0-9-]+)$/.exec(url.pathname);
      if (token) {
        const listed = data.tokens[token[1]!] ?? {};
        const asked = (url.searchParams.get('contract_addresses') ?? '').split(',');
        return send(
          Object.fromEntries(
            asked.flatMap((address) => {
              const usd = listed[address.toLowerCase()];
              return usd === undefined ? [] : [[address.toLowerCase(), { usd }]];
            }),
          ),
        );
      }
      if (url.pathname === '/api/v3/simple/price') {
        const ids = (url.searchParams.get('ids') ?? '').split(',');
        return send(
          Object.fromEntries(
            ids.flatMap((id) => (data.coins[id] === undefined ? [] : [[id, { usd: data.coins[id] }]])),
          ),
        );
      }
      if (url.pathname === '/api/v3/exchange_rates') return send({ rates: data.rates });
      response.writeHead(404).end('{"error":"not found"}');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v3`,
    requests,
    misbehave: (how) => {
      fault = how;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
