import { describe, expect, it } from 'vitest';
import { bridgeErrors, findPrimaryType, readRpcMethods } from '../src';
import { APP_ORIGIN, HASH, SAFE, setup } from './harness';

const error = async (method: string, params?: unknown) => {
  const { call } = setup();
  const [reply] = await call(method, params);
  expect(reply?.success).toBe(false);
  return reply && !reply.success ? reply.error : undefined;
};
const data = async (method: string, params?: unknown, overrides = {}) => {
  const { call } = setup(overrides);
  const [reply] = await call(method, params);
  expect(reply?.success).toBe(true);
  return reply?.success ? reply.data : undefined;
};

describe('sendTransactions', () => {
  it('refuses an empty or missing list: "No transactions were passed"', async () => {
    expect(await error('sendTransactions', { txs: [] })).toBe('No transactions were passed');
    expect(await error('sendTransactions', {})).toBe('No transactions were passed');
    expect(await error('sendTransactions', undefined)).toBe('No transactions were passed');
  });
  it('reads the calls, defaults value and data, and safeTxGas from a hex string', async () => {
    const { call, handlers } = setup();
    const [reply] = await call('sendTransactions', {
      txs: [
        { to: SAFE, value: '1000' },
        { to: SAFE, value: '0x10', data: '0xabcd' },
      ],
      params: { safeTxGas: '0x5208' },
    });
    expect(reply).toMatchObject({ success: true, data: { safeTxHash: HASH } });
    expect(handlers.sendTransactions).toHaveBeenCalledWith(
      {
        txs: [
          { to: SAFE, value: 1000n, data: '0x' },
          { to: SAFE, value: 16n, data: '0xabcd' },
        ],
        safeTxGas: 21000,
      },
      expect.objectContaining({ origin: APP_ORIGIN, method: 'sendTransactions' }),
    );
  });
  it.each([
    [{ txs: [{ to: '0x12', value: '0', data: '0x' }] }, 'no valid "to" address'],
    [{ txs: [{ to: SAFE, value: '-1', data: '0x' }] }, 'invalid value'],
    [{ txs: [{ to: SAFE, value: 1.5, data: '0x' }] }, 'invalid value'],
    [{ txs: [{ to: SAFE, value: '0', data: '0xabc' }] }, 'invalid data'],
    [{ txs: ['nope'] }, 'is not an object'],
    [{ txs: [{ to: SAFE }], params: { safeTxGas: 'lots' } }, 'safeTxGas'],
  ])('refuses a malformed call %#', async (params, text) => {
    expect(await error('sendTransactions', params)).toContain(text);
  });
});

describe('getTxBySafeTxHash', () => {
  it('refuses an empty or malformed hash: "Invalid safeTxHash"', async () => {
    for (const params of [{ safeTxHash: '' }, {}, undefined, { safeTxHash: '0x12' }, { safeTxHash: 5 }])
      expect(await error('getTxBySafeTxHash', params)).toBe('Invalid safeTxHash');
  });
  it('passes a hash on', async () => {
    expect(await data('getTxBySafeTxHash', { safeTxHash: HASH })).toEqual({ safeTxHash: HASH });
  });
});

describe('getSafeBalances', () => {
  it('defaults the currency to usd', async () => {
    expect(await data('getSafeBalances', undefined)).toMatchObject({ currency: 'usd' });
    expect(await data('getSafeBalances', { currency: 'EUR' })).toMatchObject({ currency: 'eur' });
  });
  it('refuses a currency that is not a code', async () => {
    expect(await error('getSafeBalances', { currency: '../../x' })).toContain('getSafeBalances');
  });
});

describe('signTypedMessage', () => {
  const typedData = {
    domain: { name: 'Mail', chainId: 1 },
    types: { Person: [{ name: 'name', type: 'string' }], Mail: [{ name: 'from', type: 'Person' }] },
    message: { from: { name: 'Bob' } },
  };
  it('requires domain, types and message: "Invalid typed data"', async () => {
    for (const params of [
      undefined,
      {},
      { typedData: 'x' },
      { typedData: { ...typedData, domain: undefined } },
      { typedData: { ...typedData, types: undefined } },
      { typedData: { ...typedData, message: undefined } },
      { typedData: { ...typedData, types: { Mail: 'x' } } },
    ])
      expect(await error('signTypedMessage', params)).toBe('Invalid typed data');
  });
  it('finds the primary type, or asks for it', async () => {
    const { call, handlers } = setup();
    await call('signTypedMessage', { typedData });
    expect(handlers.signTypedMessage).toHaveBeenCalledWith(
      { typedData: expect.objectContaining({ primaryType: 'Mail' }) },
      expect.anything(),
    );
    expect(
      await error('signTypedMessage', {
        typedData: { ...typedData, types: { A: [], B: [] } },
      }),
    ).toBe('Please specify primaryType');
    expect(findPrimaryType({ EIP712Domain: [], A: [{ name: 'b', type: 'B[]' }], B: [] })).toBe('A');
  });
});

describe('signMessage and getOffChainSignature', () => {
  it('takes a string message', async () => {
    expect(await data('signMessage', { message: 'hello' })).toEqual({ messageHash: HASH });
    expect(await error('signMessage', { message: 5 })).toContain('signMessage');
  });
  it('takes a bare message hash', async () => {
    expect(await data('getOffChainSignature', HASH)).toBe('');
    expect(await error('getOffChainSignature', { messageHash: HASH })).toContain('getOffChainSignature');
  });
});

describe('rpcCall', () => {
  it('forwards the read methods', async () => {
    for (const call of readRpcMethods)
      expect(await data('rpcCall', { call, params: [] })).toBe(`${call}-result`);
  });
  it.each([
    'eth_sendTransaction',
    'eth_sendRawTransaction',
    'eth_sign',
    'personal_sign',
    'anvil_setBalance',
    'eth_accounts',
    'debug_traceCall',
  ])('refuses %s without forwarding it', async (call) => {
    const { call: send, handlers } = setup();
    const [reply] = await send('rpcCall', { call, params: [] });
    expect(reply).toMatchObject({ success: false, error: bridgeErrors.rpcNotAllowed(call) });
    expect(handlers.rpcCall).not.toHaveBeenCalled();
  });
  it('handles safe_setSettings on the host', async () => {
    expect(await data('rpcCall', { call: 'safe_setSettings', params: [{ offChainSigning: false }] })).toEqual(
      {
        offChainSigning: false,
      },
    );
    expect(
      await error('rpcCall', { call: 'safe_setSettings', params: [{ offChainSigning: 'no' }] }),
    ).toContain('safe_setSettings');
  });
  it('refuses params that are not a list', async () => {
    expect(await error('rpcCall', { call: 'eth_call', params: 'x' })).toContain('rpcCall');
  });
});

describe('permissions', () => {
  it('refuses requestAddressBook without the permission: "Permissions rejected"', async () => {
    const { call, handlers } = setup();
    expect((await call('requestAddressBook'))[0]).toMatchObject({
      success: false,
      error: 'Permissions rejected',
    });
    expect(handlers.requestAddressBook).not.toHaveBeenCalled();
  });
  it('grants, then answers the address book', async () => {
    const { call } = setup();
    expect((await call('wallet_getPermissions', undefined, '1'))[0]).toMatchObject({ data: [] });
    expect((await call('wallet_requestPermissions', [{ requestAddressBook: {} }], '2'))[0]).toMatchObject({
      data: [{ invoker: APP_ORIGIN, parentCapability: 'requestAddressBook' }],
    });
    expect((await call('requestAddressBook', undefined, '3'))[0]).toMatchObject({
      data: [{ address: SAFE, chainId: '1', name: 'Me' }],
    });
  });
  it('ignores permissions held by another origin or restricted by the user', async () => {
    const { call, permissions } = setup();
    permissions.push(
      { invoker: 'https://other.example', parentCapability: 'requestAddressBook' },
      {
        invoker: APP_ORIGIN,
        parentCapability: 'requestAddressBook',
        caveats: [{ type: 'userRestricted', value: true }],
      },
    );
    expect((await call('wallet_getPermissions', undefined, '1'))[0]).toMatchObject({ data: [] });
    expect((await call('requestAddressBook', undefined, '2'))[0]).toMatchObject({
      error: 'Permissions rejected',
    });
  });
  it('refuses a request for anything else: "Permissions request is invalid"', async () => {
    for (const params of [
      undefined,
      [],
      [{}],
      [{ eth_accounts: {} }],
      [{ requestAddressBook: {}, x: {} }],
      {},
    ])
      expect(await error('wallet_requestPermissions', params)).toBe('Permissions request is invalid');
  });
});

describe('hostile params', () => {
  it('refuses a __proto__ key anywhere in the params', async () => {
    const params = JSON.parse(
      '{"txs":[{"to":"0x1111111111111111111111111111111111111111","__proto__":{"polluted":1}}]}',
    ) as unknown;
    expect(await error('sendTransactions', params)).toContain('forbidden key');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('refuses params nested too deep without exhausting the stack', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(await error('rpcCall', { call: 'eth_call', params: [deep] })).toContain('too deep');
  });
});
