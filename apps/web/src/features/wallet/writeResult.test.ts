import { describe, expect, it } from 'vitest';
import { GatewayError, type GatewayClient } from '@countersign/gateway-api';
import { checkFailure, fromGateway, walletFailure } from './writeResult';

// fromGateway reads only the gateway's address (for its words when it cannot be reached).
const gateway = { baseUrl: 'http://127.0.0.1:9' } as GatewayClient;

describe('a write’s result', () => {
  it('carries the gateway’s answer, or its own words for a refusal', async () => {
    expect(await fromGateway(gateway, () => Promise.resolve(42))).toEqual({ ok: true, value: 42 });
    const refused = await fromGateway(gateway, () =>
      Promise.reject(new GatewayError('Nonce too high', 422, { message: 'Nonce too high' })),
    );
    expect(refused).toEqual({ ok: false, error: { source: 'gateway', message: 'Nonce too high' } });
  });

  it('keeps the wallet’s kind of failure, so a decline can be told from an error', () => {
    expect(walletFailure({ kind: 'rejected', message: 'You declined.' })).toEqual({
      ok: false,
      error: { source: 'wallet', kind: 'rejected', message: 'You declined.' },
    });
    expect(checkFailure('Not an owner.')).toEqual({
      ok: false,
      error: { source: 'check', message: 'Not an owner.' },
    });
  });
});
