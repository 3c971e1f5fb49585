import { describe, expect, it, vi } from 'vitest';
import { HOST_SDK_VERSION, bridgeErrors, readRequest } from '../src';
import { APP_ORIGIN, HASH, SAFE, flush, setup } from './harness';

describe('readRequest', () => {
  const good = { id: 'a1b2c3d4e5', method: 'getSafeInfo', params: undefined, env: { sdkVersion: '9.1.0' } };
  it('reads a well-formed request', () => {
    expect(readRequest(good)).toEqual(good);
  });
  it.each([
    ['no data', undefined],
    ['a string', 'getSafeInfo'],
    ['an array', [good]],
    ['no id', { ...good, id: undefined }],
    ['an empty id', { ...good, id: '' }],
    ['a numeric id', { ...good, id: 7 }],
    ['a huge id', { ...good, id: 'a'.repeat(1000) }],
    ['no method', { ...good, method: undefined }],
    ['a method that is not a string', { ...good, method: ['getSafeInfo'] }],
    ['no env', { ...good, env: undefined }],
    ['no sdkVersion', { ...good, env: {} }],
    ['major version 0', { ...good, env: { sdkVersion: '0.4.1' } }],
    ['a version without a number', { ...good, env: { sdkVersion: 'latest' } }],
    ['an object of another prototype', Object.assign(Object.create({ inherited: true }) as object, good)],
  ])('ignores %s', (_name, data) => {
    expect(readRequest(data)).toBeUndefined();
  });
  it('does not read inherited fields', () => {
    expect(
      readRequest(Object.assign(Object.create({ id: 'x' }) as object, { method: 'getSafeInfo' })),
    ).toBeUndefined();
  });
});

describe('the transport', () => {
  it('answers getSafeInfo synchronously, to the app window and origin only', () => {
    const { posted, send, request } = setup();
    send(request('getSafeInfo'));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ window: 'app', targetOrigin: APP_ORIGIN });
    expect(posted[0]!.message).toEqual({
      id: 'a1b2c3d4e5',
      success: true,
      version: HOST_SDK_VERSION,
      data: expect.objectContaining({ safeAddress: SAFE, chainId: 1 }),
    });
  });

  it('ignores messages from another window, another origin, or not well-formed', async () => {
    const { posted, send, request, otherWindow } = setup();
    send(request('getSafeInfo'), { source: otherWindow });
    send(request('getSafeInfo'), { source: null });
    send(request('getSafeInfo'), { origin: 'https://evil.example' });
    send(request('getSafeInfo'), { origin: 'null' });
    send({ method: 'getSafeInfo', env: { sdkVersion: '9.1.0' } });
    send({ ...request('getSafeInfo'), env: { sdkVersion: '0.9.0' } });
    await flush();
    expect(posted).toEqual([]);
  });

  it('answers an unknown method with the specification text', async () => {
    const { call } = setup();
    expect(await call('eth_sendTransaction')).toEqual([
      {
        id: 'a1b2c3d4e5',
        success: false,
        version: HOST_SDK_VERSION,
        error: '"eth_sendTransaction" not implemented',
      },
    ]);
  });

  it('answers a handler failure with a plain text and keeps the session', async () => {
    const onUnexpected = vi.fn();
    const { call } = setup({
      getChainInfo: () => {
        throw new Error('secret internals');
      },
    });
    void onUnexpected;
    const [reply] = await call('getChainInfo');
    expect(reply).toMatchObject({ success: false, error: bridgeErrors.internal });
    expect((await call('getSafeInfo', undefined, 'next'))[0]).toMatchObject({ success: true });
  });

  it('answers each request once, even when two share an id', async () => {
    const { posted, send, request } = setup();
    send(request('getEnvironmentInfo', undefined, 'same'));
    send(request('getEnvironmentInfo', undefined, 'same'));
    await flush();
    expect(posted).toHaveLength(2);
  });

  it('stops answering once disposed', async () => {
    let resolve: (value: { safeTxHash: string }) => void = () => {};
    const { posted, send, request, bridge } = setup({
      sendTransactions: () => new Promise((done) => (resolve = done)),
    });
    send(request('sendTransactions', { txs: [{ to: SAFE, value: '0', data: '0x' }] }));
    bridge.dispose();
    resolve({ safeTxHash: HASH });
    send(request('getSafeInfo'));
    await flush();
    expect(posted).toEqual([]);
  });

  it('replies with an error when the answer cannot be sent', async () => {
    const { call, appWindow } = setup();
    const original = appWindow.postMessage;
    let first = true;
    appWindow.postMessage = (message, origin) => {
      if (first) {
        first = false;
        throw new Error('DataCloneError');
      }
      original(message, origin);
    };
    expect(await call('getEnvironmentInfo')).toEqual([
      expect.objectContaining({ success: false, error: bridgeErrors.internal }),
    ]);
  });
});
