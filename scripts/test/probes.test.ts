import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warnIfUnreachable } from '../probes';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((done) => server?.close(done) ?? done(undefined));
  server = undefined;
});

type Listed = { chainId: string; chainName: string; rpcUrl: string };

/** A gateway answering GET /v1/chains with `chains(its own URL)`, and JSON-RPC eth_chainId on /rpc. */
async function gatewayListing(chains: (self: string) => Listed[]) {
  server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/v1/chains') {
      const self = `http://${request.headers.host}`;
      response.end(
        JSON.stringify({
          results: chains(self).map((chain) => ({
            ...chain,
            rpcUri: { authentication: 'NO_AUTHENTICATION', value: chain.rpcUrl },
          })),
        }),
      );
    } else response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }));
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('warnIfUnreachable', () => {
  it('warns in one line about a gateway that does not answer, its password hidden', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const warnings = await warnIfUnreachable('http://user:s3cret@127.0.0.1:9');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^warning: GATEWAY_URL=http:\/\/\*\*\*@127\.0\.0\.1:9\/ does not answer GET \/v1\/chains/,
      );
      expect(warn).toHaveBeenCalledWith(warnings[0]);
    } finally {
      warn.mockRestore();
    }
  });

  it('names the chains whose RPC does not answer, and none that does', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const gateway = await gatewayListing((self) => [
        { chainId: '1', chainName: 'Up', rpcUrl: `${self}/rpc` },
        { chainId: '2', chainName: 'Down', rpcUrl: 'http://127.0.0.1:9/?key=secret' },
        { chainId: '3', chainName: 'Keyed', rpcUrl: 'https://rpc.example/{{INFURA_API_KEY}}' },
      ]);
      const warnings = await warnIfUnreachable(gateway);
      expect(warnings).toHaveLength(1);
      expect(warnings).toContain('warning: the RPCs of these chains of GATEWAY_URL do not answer: Down (2)');
      expect(warnings.join('\n')).not.toContain('secret');
      expect(warnings.join('\n')).not.toContain('Keyed');
    } finally {
      warn.mockRestore();
    }
  });
});
