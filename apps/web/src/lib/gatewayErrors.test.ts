import { describe, expect, it } from 'vitest';
import { GatewayContractError, GatewayError } from '@countersign/gateway-api';
import { describeGatewayError, isGatewayStatus, isNetworkError } from './gatewayErrors';

const url = 'http://127.0.0.1:8787';

describe('describeGatewayError', () => {
  it('turns a fetch TypeError into "the gateway does not answer", with a retry', () => {
    expect(describeGatewayError(new TypeError('Failed to fetch'), url)).toEqual({
      message:
        'The gateway at http://127.0.0.1:8787 does not answer. Check that it is running and reachable.',
      retryable: true,
    });
    expect(isNetworkError(new TypeError('fetch failed'))).toBe(true);
  });

  it('shows a GatewayError message as it is', () => {
    const error = new GatewayError('custom: Invalid address', 422, {
      statusCode: 422,
      code: 'custom',
      message: 'Invalid address',
    });
    expect(describeGatewayError(error, url)).toEqual({
      message: 'custom: Invalid address',
      retryable: false,
    });
  });

  it('offers a retry for server-side failures', () => {
    const error = new GatewayError('503: Service unavailable', 503, {
      code: 503,
      message: 'Service unavailable',
    });
    expect(describeGatewayError(error, url)).toEqual({
      message: '503: Service unavailable',
      retryable: true,
    });
  });

  it('falls back to the status when the status text is empty', () => {
    expect(describeGatewayError(new GatewayError('', 500, undefined), url).message).toBe(
      'The gateway answered with HTTP status 500.',
    );
  });

  it('reports a contract mismatch with its details', () => {
    const error = new GatewayContractError(`${url}/v1/chains`, 'results.0.chainId: Invalid string');
    expect(describeGatewayError(error, url).message).toBe(
      'Unexpected response from the gateway (http://127.0.0.1:8787/v1/chains): results.0.chainId: Invalid string',
    );
  });

  it('has a message for values that are not errors', () => {
    expect(describeGatewayError('boom', url).message).toBe(
      'Something went wrong while talking to the gateway.',
    );
  });
});

describe('isGatewayStatus', () => {
  it('matches only a GatewayError with that status', () => {
    const notFound = new GatewayError('404: Not found', 404, { code: 404, message: 'Not found' });
    expect(isGatewayStatus(notFound, 404)).toBe(true);
    expect(isGatewayStatus(notFound, 422)).toBe(false);
    expect(isGatewayStatus(new Error('404'), 404)).toBe(false);
  });
});
