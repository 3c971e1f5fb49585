import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webAppOnHostileGateway } from './hostileGateway';

/** The methods a node without simulation does not serve. */
const refused = new Set(['eth_simulateV1', 'debug_traceCall']);

type RpcRequest = { id?: unknown; method?: unknown };

/**
 * A chain RPC on loopback that forwards to the devnet's node everything but eth_simulateV1 and
 * debug_traceCall, which it answers as a node without them does (-32601): the review must then run
 * the transaction in the browser. Batches are split and answered in order.
 */
export async function rpcWithoutSimulation(upstream: string) {
  let refusals = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        // Preflight: the page asks from its own origin.
        const cors = {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'content-type',
          'access-control-allow-methods': 'POST, OPTIONS',
        };
        if (request.method === 'OPTIONS') {
          response.writeHead(204, cors);
          response.end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest | RpcRequest[];
        const one = async (call: RpcRequest) => {
          if (typeof call.method === 'string' && refused.has(call.method)) {
            refusals++;
            return {
              jsonrpc: '2.0',
              id: call.id,
              error: { code: -32601, message: `the method ${call.method} does not exist/is not available` },
            };
          }
          const answer = await fetch(upstream, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(call),
          });
          return answer.json();
        };
        const answer = Array.isArray(body) ? await Promise.all(body.map(one)) : await one(body);
        response.writeHead(200, { 'content-type': 'application/json', ...cors });
        response.end(JSON.stringify(answer));
      })().catch(() => {
        response.writeHead(502);
        response.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusals: () => refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type ChainRpc = { rpcUri: { value: string }; publicRpcUri: { value: string } };

/**
 * A web server whose gateway names, as the chain's RPC, one without eth_simulateV1 and
 * debug_traceCall (rpcWithoutSimulation in front of `rpcUrl`): its reviews run the in-browser EVM.
 */
export async function webAppOnChainWithoutSimulation(gatewayUrl: string, rpcUrl: string) {
  const rpc = await rpcWithoutSimulation(rpcUrl);
  const withRpc = (chain: ChainRpc) => {
    chain.rpcUri.value = rpc.url;
    chain.publicRpcUri.value = rpc.url;
    return chain;
  };
  const app = await webAppOnHostileGateway(gatewayUrl, (gateway) =>
    gateway
      .lie('GET', '/v1/chains', (body) => {
        (body as { results: ChainRpc[] }).results.forEach(withRpc);
        return body;
      })
      .lie('GET', /^\/v1\/chains\/[^/]+$/, (body) => withRpc(body as ChainRpc)),
  );
  return {
    web: app.web,
    rpc,
    stop: async () => {
      await app.stop();
      await rpc.close();
    },
  };
}
