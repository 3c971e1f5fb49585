import { describe, expect, it } from 'vitest';
import { hashMessage, hashTypedData } from 'viem';
import { mapDappRequest, MAX_REQUEST_PARAMS_LENGTH } from './requests';

const safe = '0x1111111111111111111111111111111111111111';
const other = '0x2222222222222222222222222222222222222222';
const context = {
  safe,
  chainId: 1337,
  dapp: { name: 'Swapper', url: 'https://swapper.example' },
  chainName: 'Devnet',
} as const;
const map = (method: unknown, params?: unknown, chainId: unknown = 'eip155:1337') =>
  mapDappRequest({ method, params, chainId }, context);

describe('mapDappRequest', () => {
  it('turns eth_sendTransaction into a draft of one call, the dapp as its origin', () => {
    expect(
      map('eth_sendTransaction', [
        { from: safe.toUpperCase().replace('0X', '0x'), to: other, value: '0x10', data: '0xabcd' },
      ]),
    ).toEqual({
      kind: 'transaction',
      method: 'eth_sendTransaction',
      draft: {
        title: 'Transaction from Swapper',
        actions: [{ to: other, value: 16n, data: '0xabcd' }],
        origin: { name: 'Swapper', url: 'https://swapper.example' },
      },
    });
  });

  it('reads a missing value and data as none', () => {
    const request = map('eth_sendTransaction', [{ to: other }]);
    expect(request.kind === 'transaction' && request.draft.actions).toEqual([
      { to: other, value: 0n, data: '0x' },
    ]);
  });

  it('refuses a transaction from another account, a contract creation, or bad fields, as invalid params', () => {
    for (const params of [
      [{ from: other, to: other }],
      [{ data: '0x60' }],
      [{ to: 'nope' }],
      [{ to: other, value: '12' }],
      [{ to: other, data: '0xabc' }],
      [],
      'x',
    ]) {
      const request = map('eth_sendTransaction', params);
      expect(request.kind).toBe('error');
      expect(request.kind === 'error' && request.error.code).toBe(-32602);
    }
  });

  it('turns wallet_sendCalls into one draft of every call', () => {
    const request = map('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x539',
        from: safe,
        calls: [
          { to: other, value: '0x1' },
          { to: safe, data: '0x' },
        ],
      },
    ]);
    expect(request.kind === 'transaction' && request.draft).toMatchObject({
      title: '2 transactions from Swapper',
      actions: [
        { to: other, value: 1n, data: '0x' },
        { to: safe, value: 0n, data: '0x' },
      ],
    });
    expect(map('wallet_sendCalls', [{ chainId: '0x1', calls: [{ to: other }] }]).kind).toBe('error');
    expect(map('wallet_sendCalls', [{ calls: [] }]).kind).toBe('error');
  });

  it('reads personal_sign as text when its bytes are text, and typed data as an object', () => {
    expect(map('personal_sign', ['0x68656c6c6f', safe])).toEqual({
      kind: 'message',
      method: 'personal_sign',
      content: 'hello',
      signedHash: hashMessage('hello'),
    });
    const typed = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      domain: { name: 'Swapper', chainId: 1337 },
      primaryType: 'Mail',
      message: { contents: 'hi' },
    } as const;
    expect(map('eth_signTypedData_v4', [safe, JSON.stringify(typed)])).toEqual({
      kind: 'message',
      method: 'eth_signTypedData_v4',
      content: typed,
      // What the dapp will ask the Safe's isValidSignature about: the typed data's own EIP-712 hash.
      signedHash: hashTypedData(typed),
    });
    expect(map('eth_signTypedData_v4', [safe, '{nope']).kind).toBe('error');
    expect(map('personal_sign', ['0x68656c6c6f', other]).kind).toBe('error');
  });

  it('forwards only the Safe Apps read allowlist to the node', () => {
    expect(map('eth_call', [{ to: other, data: '0x' }, 'latest'])).toEqual({
      kind: 'read',
      method: 'eth_call',
      params: [{ to: other, data: '0x' }, 'latest'],
    });
    expect(map('eth_getBalance', [safe, 'latest']).kind).toBe('read');
    expect(
      map(
        'eth_call',
        Array.from({ length: 9 }, () => 1),
      ).kind,
    ).toBe('error');
  });

  it('answers the accounts with the Safe', () => {
    expect(map('eth_accounts', [])).toEqual({ kind: 'answer', result: [safe] });
  });

  it('answers anything else with method-not-supported (4200)', () => {
    for (const method of [
      'eth_signTransaction',
      'eth_sendRawTransaction',
      'debug_traceCall',
      'wallet_addEthereumChain',
    ]) {
      expect(map(method, [])).toEqual({
        kind: 'error',
        error: { code: 4200, message: `The method "${method}" is not supported by this Safe.` },
      });
    }
  });

  it('refuses a request for another chain, a method that is not a name, or params that are not a list', () => {
    expect(map('eth_chainId', [], 'eip155:1')).toMatchObject({ kind: 'error', error: { code: 4901 } });
    expect(map(42, [])).toMatchObject({ kind: 'error', error: { code: -32602 } });
    expect(map('x'.repeat(101), [])).toMatchObject({ kind: 'error', error: { code: -32602 } });
    expect(map('eth_call', { to: other })).toMatchObject({ kind: 'error', error: { code: -32602 } });
  });

  it('reads eth_sign as personal_sign with its params reversed: the EIP-191 hash of its bytes', () => {
    expect(map('eth_sign', [safe, '0x68656c6c6f'])).toEqual({
      kind: 'message',
      method: 'eth_sign',
      content: 'hello',
      signedHash: hashMessage({ raw: '0x68656c6c6f' }),
    });
    expect(map('eth_sign', [other, '0x68656c6c6f'])).toMatchObject({
      kind: 'error',
      error: { code: -32602 },
    });
    expect(map('eth_sign', ['0x68656c6c6f', safe])).toMatchObject({ kind: 'error', error: { code: -32602 } });
    expect(map('eth_sign', [safe])).toMatchObject({ kind: 'error', error: { code: -32602 } });
  });

  it('refuses, before any owner signs, bytes that are not text (the Safe would sign their hex as text)', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    for (const request of [map('eth_sign', [safe, hash]), map('personal_sign', [hash, safe])])
      expect(request).toMatchObject({ kind: 'error', error: { code: -32602 } });
  });

  it('answers the capabilities of the Safe’s chain: atomic batches', () => {
    const atomic = { '0x539': { atomic: { status: 'supported' } } };
    expect(map('wallet_getCapabilities', [safe])).toEqual({ kind: 'answer', result: atomic });
    expect(map('wallet_getCapabilities', [safe, ['0x539', '0x1']])).toEqual({
      kind: 'answer',
      result: atomic,
    });
    expect(map('wallet_getCapabilities', [safe, ['0x1']])).toEqual({ kind: 'answer', result: {} });
    expect(map('wallet_getCapabilities', [other])).toMatchObject({ kind: 'error', error: { code: 4100 } });
    expect(map('wallet_getCapabilities', ['nope'])).toMatchObject({ kind: 'error', error: { code: -32602 } });
    expect(map('wallet_getCapabilities', [safe, '0x539'])).toMatchObject({
      kind: 'error',
      error: { code: -32602 },
    });
  });

  it('reads wallet_getCallsStatus’s id as the safeTxHash, lower-cased', () => {
    const id = `0x${'AB'.repeat(32)}`;
    expect(map('wallet_getCallsStatus', [id])).toEqual({ kind: 'callsStatus', id: id.toLowerCase() });
    expect(map('wallet_getCallsStatus', ['0x1234'])).toMatchObject({
      kind: 'error',
      error: { code: -32602 },
    });
    expect(map('wallet_getCallsStatus', [])).toMatchObject({ kind: 'error', error: { code: -32602 } });
  });

  it('switches to a chain of the session, with 4902 for any other', () => {
    expect(map('wallet_switchEthereumChain', [{ chainId: '0x539' }])).toEqual({
      kind: 'switch',
      chainId: 1337,
    });
    const twoChains = { ...context, otherChains: [{ chainId: 1338, chainName: 'Devnet 2' }] };
    const switchTo = (chainId: string) =>
      mapDappRequest(
        { method: 'wallet_switchEthereumChain', params: [{ chainId }], chainId: 'eip155:1337' },
        twoChains,
      );
    expect(switchTo('0x53a')).toEqual({ kind: 'switch', chainId: 1338 });
    expect(switchTo('0x1')).toEqual({
      kind: 'switch',
      chainId: 1,
      refusal: {
        code: 4902,
        message:
          'This Safe is not served on chain 0x1 here: Countersign serves it on Devnet (0x539), Devnet 2 (0x53a) only.',
      },
    });
    expect(map('wallet_switchEthereumChain', [{ chainId: '0x1' }])).toEqual({
      kind: 'switch',
      chainId: 1,
      refusal: {
        code: 4902,
        message: 'This Safe is not served on chain 0x1 here: Countersign serves it on Devnet (0x539) only.',
      },
    });
    expect(map('wallet_switchEthereumChain', [{ chainId: 1 }])).toMatchObject({
      kind: 'error',
      error: { code: -32602 },
    });
  });

  it('never breaks on a malformed or oversized request: each gets its error answer', () => {
    const huge = map('eth_call', [
      { to: other, data: `0x${'00'.repeat(MAX_REQUEST_PARAMS_LENGTH)}` },
      'latest',
    ]);
    expect(huge).toEqual({
      kind: 'error',
      error: { code: -32602, message: 'Invalid params: the params exceed 128 kB' },
    });
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    const notJson = {
      kind: 'error',
      error: { code: -32602, message: 'Invalid params: the params are not JSON' },
    };
    expect(map('eth_call', cyclic)).toEqual(notJson);
    expect(map('eth_call', [{ big: 1n }])).toEqual(notJson);
    expect(map('personal_sign', { message: 'hi' })).toEqual({
      kind: 'error',
      error: { code: -32602, message: 'Invalid params: params is not a list' },
    });
    expect(map('wallet_doSomethingNew', [])).toMatchObject({ kind: 'error', error: { code: 4200 } });
    expect(map('personal_sign', ['0x68656c6c6f', safe], 'eip155:10')).toMatchObject({
      kind: 'error',
      error: { code: 4901 },
    });
    expect(map('personal_sign', ['0x68656c6c6f', safe], 42)).toMatchObject({
      kind: 'error',
      error: { code: 4901 },
    });
  });
});
