import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildUrl, createGatewayClient, GatewayContractError, GatewayError } from '../src';

/**
 * A loopback HTTP server that answers each path with a fixed status and body, to pin down how the
 * client reads answers the real gateway gives only in failure cases.
 */
const answers: Record<string, { status: number; statusText?: string; body: string }> = {
  '/v1/chains/1/safes/0x0000000000000000000000000000000000000001': {
    status: 404,
    body: JSON.stringify({ code: 404, message: 'No Safe found' }),
  },
  '/v1/chains/1/about/master-copies': {
    status: 400,
    statusText: 'Bad Request',
    body: JSON.stringify({ statusCode: 400, message: 'Nope' }),
  },
  '/v1/chains/2/about/master-copies': { status: 200, statusText: 'OK', body: '<html>proxy page</html>' },
  '/v1/chains/3/about/master-copies': {
    status: 200,
    body: JSON.stringify([{ address: 'not-an-address', version: '1.4.1' }]),
  },
  '/v1/chains/4/about/master-copies': {
    status: 200,
    body: JSON.stringify([{ address: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', version: '1.4.1' }]),
  },
  '/v1/chains/5/about/master-copies': { status: 502, statusText: 'Bad Gateway', body: '' },
  '/custom/page': {
    status: 200,
    body: JSON.stringify({ count: 1, next: null, previous: null, results: [7] }),
  },
};

let server: Server;
let baseUrl: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const answer = answers[(req.url ?? '').split('?')[0] ?? ''] ?? { status: 404, body: '' };
    res.writeHead(answer.status, answer.statusText, { 'Content-Type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('buildUrl', () => {
  it('leaves out null and undefined query values and keeps the rest', () => {
    expect(
      buildUrl('https://gw.example.com/', '/v1/chains', {
        cursor: null,
        trusted: false,
        a: undefined,
        limit: 5,
      }),
    ).toBe('https://gw.example.com/v1/chains?trusted=false&limit=5');
  });
});

describe('gateway client errors', () => {
  it('throws "{code}: {message}" when the error body has both', async () => {
    const client = createGatewayClient({ baseUrl });
    const error = await client
      .getSafeInfo('1', '0x0000000000000000000000000000000000000001')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toBe('404: No Safe found');
    expect((error as GatewayError).status).toBe(404);
  });

  it('throws the HTTP status text when the body has no code', async () => {
    const client = createGatewayClient({ baseUrl });
    await expect(client.getMasterCopies('1')).rejects.toThrow(/^Bad Request$/);
  });

  it('throws "Invalid response content: {status text}" for a body that is not JSON', async () => {
    const client = createGatewayClient({ baseUrl });
    await expect(client.getMasterCopies('2')).rejects.toThrow('Invalid response content: OK');
  });

  it('throws the status text for an empty error body', async () => {
    const client = createGatewayClient({ baseUrl });
    await expect(client.getMasterCopies('5')).rejects.toThrow(/^Bad Gateway$/);
  });

  it('refuses a successful answer that breaks the contract', async () => {
    const client = createGatewayClient({ baseUrl });
    const error = await client.getMasterCopies('3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayContractError);
    expect((error as Error).message).toContain('0.address: Invalid address');
  });

  it('returns the parsed answer when it fits', async () => {
    const client = createGatewayClient({ baseUrl });
    expect(await client.getMasterCopies('4')).toEqual([
      { address: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', version: '1.4.1' },
    ]);
  });
});

describe('paging', () => {
  it('fetches a page by its full URL, exactly as given', async () => {
    const client = createGatewayClient({ baseUrl: 'http://127.0.0.1:1/ignored' });
    const page = await client.getPage(`${baseUrl}/custom/page?cursor=limit%3D1%26offset%3D1`, z.number());
    expect(page.results).toEqual([7]);
    expect(seen).toContain('/custom/page?cursor=limit%3D1%26offset%3D1');
  });
});
