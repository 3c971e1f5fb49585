import { expect } from 'vitest';

/** Checks the gateway's answer to a client past its rate limit: 429, Retry-After within the minute. */
export async function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(await response.json()).toMatchObject({
    statusCode: 429,
    code: 429,
    message: expect.stringMatching(/^Too many requests: try again in \d+ s$/),
  });
}

/**
 * A write the gateway refuses at once (an empty delegate, 422) that still counts against the limit,
 * from the client `forwardedFor` names when the gateway trusts this test as its proxy.
 */
export const refusedWrite = (base: string, forwardedFor?: string) =>
  fetch(`${base}/v2/chains/1337/delegates`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: '{}',
  });
