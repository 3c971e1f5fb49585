import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainReader } from './chainReader';

type RpcCall = { id: number; method: string };

/**
 * A JSON-RPC node on loopback as providers behave: a trace takes a while, an eth_call does not. It
 * notes each HTTP request's methods, and the order in which answers went out.
 */
let server: Server;
let url: string;
const requests: string[][] = [];
const answered: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as RpcCall | RpcCall[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      requests.push(calls.map((call) => call.method));
      const slow = calls.some((call) => call.method === 'debug_traceCall');
      setTimeout(
        () => {
          answered.push(...calls.map((call) => call.method));
          const results = calls.map((call) => ({ jsonrpc: '2.0', id: call.id, result: '0x01' }));
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify(Array.isArray(parsed) ? results : results[0]));
        },
        slow ? 300 : 0,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the chain reader', () => {
  it('batches the calls made together on one lane, so a quick read there waits for a trace', async () => {
    requests.length = 0;
    answered.length = 0;
    const reader = chainReader(url);
    await Promise.all([
      reader.request({ method: 'debug_traceCall' as 'eth_call', params: [] as never }),
      reader.request({ method: 'eth_call', params: [] as never }),
    ]);
    expect(requests).toEqual([['debug_traceCall', 'eth_call']]);
  });

  it('keeps long calls on a lane of their own: a quick read is answered before the trace beside it', async () => {
    requests.length = 0;
    answered.length = 0;
    expect(chainReader(url, 'long')).toBe(chainReader(url, 'long'));
    expect(chainReader(url, 'long')).not.toBe(chainReader(url));
    await Promise.all([
      chainReader(url, 'long').request({ method: 'debug_traceCall' as 'eth_call', params: [] as never }),
      chainReader(url).request({ method: 'eth_call', params: [] as never }),
    ]);
    expect(requests).toHaveLength(2);
    expect(answered).toEqual(['eth_call', 'debug_traceCall']);
  });
});
