import { describe, expect, it } from 'vitest';
import { GatewayError } from '@countersign/gateway-api';
import { describeSafeLoadError } from './safeErrors';

const context = {
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  chainId: '31337',
  chainName: 'Devnet',
  gatewayUrl: 'http://127.0.0.1:8787',
  chainError: null,
};
const notFound = (message: string) => new GatewayError(`404: ${message}`, 404, { code: 404, message });

describe('describeSafeLoadError', () => {
  it('says there is no Safe when the gateway answers 404 for the address', () => {
    expect(describeSafeLoadError(notFound('Not found'), context)).toEqual({
      message: 'No Safe found at 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed on Devnet.',
      retryable: false,
    });
  });

  it('says the chain is unknown when the chain request is a 404 too', () => {
    expect(
      describeSafeLoadError(notFound('Not found'), { ...context, chainError: notFound('Chain not found') }),
    ).toEqual({
      message: 'Unknown chain: the gateway at http://127.0.0.1:8787 does not serve Devnet (chain id 31337).',
      retryable: false,
    });
  });

  it('says the gateway does not answer on a network error, with a retry', () => {
    expect(describeSafeLoadError(new TypeError('Failed to fetch'), context)).toEqual({
      message:
        'The gateway at http://127.0.0.1:8787 does not answer. Check that it is running and reachable.',
      retryable: true,
    });
  });

  it('shows any other gateway error message as it is', () => {
    const invalid = new GatewayError('custom: Invalid address', 422, {
      statusCode: 422,
      code: 'custom',
      message: 'Invalid address',
    });
    expect(describeSafeLoadError(invalid, context)).toEqual({
      message: 'custom: Invalid address',
      retryable: false,
    });
  });

  it('does not blame the chain for a chain request that failed otherwise', () => {
    const result = describeSafeLoadError(notFound('Not found'), {
      ...context,
      chainError: new TypeError('x'),
    });
    expect(result.message).toBe('No Safe found at 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed on Devnet.');
  });
});
