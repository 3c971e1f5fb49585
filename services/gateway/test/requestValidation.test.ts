import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chainConfigSchema } from '../src/chains/chainConfig';
import { ChainRegistry } from '../src/chains/registry';
import { errorResponse } from '../src/http/errors';
import { hashParam } from '../src/http/params';
import { boolQuery, cursor } from '../src/http/query';
import { safeInPath } from '../src/http/resolve';
import { jsonBody, pathParams, queryParams } from '../src/http/validate';

const chains = new ChainRegistry([
  chainConfigSchema.parse({
    chainId: '1337',
    chainName: 'Devnet',
    shortName: 'dev',
    rpcUrl: 'http://127.0.0.1:9',
    blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
    features: [],
    recommendedMasterCopyVersion: null,
    masterCopies: [],
  }),
]);
const safe = '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762';

/** One route of each kind the gateway has: the Safe in its path, a hash parameter, a query and a body. */
const app = new Hono()
  .post(
    '/v1/chains/:chainId/safes/:safe/things/:hash',
    safeInPath(chains),
    pathParams(z.object({ hash: hashParam('Invalid hash') })),
    queryParams(z.object({ cursor, trusted: boolQuery(true) })),
    jsonBody(z.object({ name: z.string().min(1) })),
    (c) =>
      c.json({
        chainId: c.var.chain.config.chainId,
        safe: c.var.safe,
        hash: c.req.valid('param').hash,
        query: c.req.valid('query'),
        body: c.req.valid('json'),
      }),
  )
  .onError(errorResponse);

const hash = `0x${'ab'.repeat(32)}`;
async function post(
  path: string,
  body: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  const response = await app.request(path, { method: 'POST', body, headers });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('request validation', () => {
  it('puts the chain, the checksummed Safe and the parsed parameters on the context', async () => {
    const answer = await post(
      `/v1/chains/1337/safes/${safe.toLowerCase()}/things/${hash}?cursor=limit%3D5%26offset%3D10&trusted=false&trusted=true`,
      '{"name":"x"}',
    );
    expect(answer).toEqual({
      status: 200,
      body: {
        chainId: '1337',
        safe,
        hash,
        query: { cursor: { limit: 5, offset: 10 }, trusted: false },
        body: { name: 'x' },
      },
    });
  });

  it('reads a JSON body whatever its Content-Type says', async () => {
    const answer = await post(`/v1/chains/1337/safes/${safe}/things/${hash}`, '{"name":"x"}', {
      'content-type': 'text/plain',
    });
    expect(answer).toMatchObject({ status: 200, body: { body: { name: 'x' } } });
  });

  it('answers each refusal in the shape the gateway has always used', async () => {
    const path = `/v1/chains/1337/safes/${safe}/things/${hash}`;
    expect(await post(path, '{"name":')).toEqual({
      status: 400,
      body: { statusCode: 400, code: 400, message: 'The body is not valid JSON', error: 'Bad Request' },
    });
    expect(await post(path, '{"name":""}')).toEqual({
      status: 422,
      body: {
        statusCode: 422,
        code: 'too_small',
        message: 'Too small: expected string to have >=1 characters',
        path: ['name'],
      },
    });
    expect(await post(`${path}?trusted=maybe`, '{"name":"x"}')).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        code: 400,
        message: 'Validation failed (boolean string is expected)',
        error: 'Bad Request',
      },
    });
    expect(await post(`/v1/chains/1337/safes/${safe}/things/0x12`, '{"name":"x"}')).toEqual({
      status: 422,
      body: { statusCode: 422, code: 'custom', message: 'Invalid hash', path: ['hash'] },
    });
  });

  it('checks the Safe address before the chain, and refuses a chain it does not serve', async () => {
    expect(await post(`/v1/chains/1/safes/0x12/things/${hash}`, '{}')).toEqual({
      status: 422,
      body: { statusCode: 422, code: 'custom', message: 'Invalid address', path: ['safe'] },
    });
    expect(await post(`/v1/chains/1/safes/${safe}/things/${hash}`, '{}')).toEqual({
      status: 404,
      body: { code: 404, message: 'Chain 1 is not served by this gateway' },
    });
  });
});
