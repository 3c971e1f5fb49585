import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './config';

describe('parseRuntimeConfig', () => {
  it('accepts an http or https gateway URL and drops trailing slashes', () => {
    expect(parseRuntimeConfig({ gatewayUrl: 'http://127.0.0.1:8787' })).toEqual({
      ok: true,
      value: { gatewayUrl: 'http://127.0.0.1:8787' },
    });
    expect(parseRuntimeConfig({ gatewayUrl: ' https://gateway.example.com/ ' })).toEqual({
      ok: true,
      value: { gatewayUrl: 'https://gateway.example.com' },
    });
  });

  it('explains a missing configuration', () => {
    const result = parseRuntimeConfig(undefined);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('window.__COUNTERSIGN_CONFIG__');
  });

  it('rejects a configuration that is not an object', () => {
    const result = parseRuntimeConfig('http://127.0.0.1:8787');
    expect(result).toEqual({
      ok: false,
      error:
        'The runtime configuration in /config.js is invalid: window.__COUNTERSIGN_CONFIG__ must be an object.',
    });
  });

  it('rejects a missing gatewayUrl', () => {
    const result = parseRuntimeConfig({});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain('gatewayUrl is missing');
  });

  it.each(['javascript:alert(1)', 'ftp://example.com', 'not a url', '', '/relative/path'])(
    'rejects %j as a gateway URL',
    (gatewayUrl) => {
      const result = parseRuntimeConfig({ gatewayUrl });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toContain('gatewayUrl must be an http(s) URL');
    },
  );

  it('reads the optional WalletConnect project id and devnet wallet', () => {
    const devnet = {
      chainIds: ['1337', '1338'],
      accounts: [{ address: `0x${'a'.repeat(40)}`, label: '#1 owner A' }],
    };
    expect(
      parseRuntimeConfig({ gatewayUrl: 'http://127.0.0.1:8787', walletConnectProjectId: ' abc ', devnet }),
    ).toEqual({
      ok: true,
      value: { gatewayUrl: 'http://127.0.0.1:8787', walletConnectProjectId: 'abc', devnet },
    });
    // An empty project id is no project id: WalletConnect stays off.
    const blank = parseRuntimeConfig({ gatewayUrl: 'http://127.0.0.1:8787', walletConnectProjectId: '' });
    expect(blank.ok && blank.value.walletConnectProjectId).toBeUndefined();
  });

  it('reads an optional WalletConnect relay, which must be a ws(s) URL', () => {
    const relay = parseRuntimeConfig({
      gatewayUrl: 'http://127.0.0.1:8787',
      walletConnectProjectId: 'abc',
      walletConnectRelayUrl: ' wss://relay.example.com ',
    });
    expect(relay.ok && relay.value.walletConnectRelayUrl).toBe('wss://relay.example.com');
    const blank = parseRuntimeConfig({ gatewayUrl: 'http://127.0.0.1:8787', walletConnectRelayUrl: '' });
    expect(blank.ok && blank.value.walletConnectRelayUrl).toBeUndefined();
    expect(
      parseRuntimeConfig({
        gatewayUrl: 'http://127.0.0.1:8787',
        walletConnectRelayUrl: 'https://relay.example.com',
      }),
    ).toEqual({
      ok: false,
      error:
        'The runtime configuration in /config.js is invalid: walletConnectRelayUrl must be a ws(s) URL, got "https://relay.example.com".',
    });
  });

  it('rejects a devnet wallet with a malformed account', () => {
    const result = parseRuntimeConfig({
      gatewayUrl: 'http://127.0.0.1:8787',
      devnet: { chainIds: ['1337'], accounts: [{ address: '0x12', label: 'x' }] },
    });
    expect(result).toEqual({
      ok: false,
      error: 'The runtime configuration in /config.js is invalid: devnet.accounts: invalid address.',
    });
  });
});
