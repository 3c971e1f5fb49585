import { describe, expect, it } from 'vitest';
import { HttpRequestError, InternalRpcError, RpcRequestError, TimeoutError } from 'viem';
import { InvalidRpcAnswerError } from './rpcAnswers';
import { describeRpcError } from './rpcErrors';

const rpcUrl = 'http://127.0.0.1:8545';

describe('describeRpcError', () => {
  it('says the RPC does not answer when nothing came back, with a retry', () => {
    const error = new HttpRequestError({ url: rpcUrl, details: 'fetch failed' });
    expect(describeRpcError(error, rpcUrl)).toEqual({
      message: 'The devnet RPC at http://127.0.0.1:8545 does not answer. Check that the chain is running.',
      retryable: true,
    });
  });

  it('finds the transport failure under the error viem wraps it in', () => {
    const wrapped = new InternalRpcError(new HttpRequestError({ url: rpcUrl, status: 502 }));
    expect(describeRpcError(wrapped, rpcUrl)).toEqual({
      message: 'The devnet RPC at http://127.0.0.1:8545 answered with HTTP status 502.',
      retryable: true,
    });
  });

  it('says so when the RPC is too slow', () => {
    expect(describeRpcError(new TimeoutError({ body: {}, url: rpcUrl }), rpcUrl).message).toBe(
      'The devnet RPC at http://127.0.0.1:8545 did not answer in time.',
    );
  });

  it("gives a JSON-RPC error's short message, not viem's whole report", () => {
    const error = new RpcRequestError({
      body: {},
      url: rpcUrl,
      error: { code: -32601, message: 'Method not found' },
    });
    const { message } = describeRpcError(error, rpcUrl);
    expect(message).toBe('The devnet RPC refused the request: RPC Request failed.');
    expect(message).not.toContain('Version: viem');
  });

  it('shows an invalid answer as it is, without a retry', () => {
    const error = new InvalidRpcAnswerError(
      'The devnet RPC sent an invalid transaction (from: not an address).',
    );
    expect(describeRpcError(error, rpcUrl)).toEqual({ message: error.message, retryable: false });
  });
});
