import { describe, expect, it } from 'vitest';
import { configScript, startWebServer } from './server';

describe('web server configuration', () => {
  it('writes the WalletConnect settings into /config.js', () => {
    expect(
      configScript({
        gatewayUrl: 'http://127.0.0.1:8787',
        walletConnectProjectId: 'abc',
        walletConnectRelayUrl: 'wss://relay.example.com',
      }),
    ).toBe(
      'window.__COUNTERSIGN_CONFIG__ = {"gatewayUrl":"http://127.0.0.1:8787","walletConnectProjectId":"abc","walletConnectRelayUrl":"wss://relay.example.com"};\n',
    );
  });

  it('refuses a relay URL that is not ws(s), and a gateway URL that is not http(s)', async () => {
    await expect(
      startWebServer({
        port: 0,
        gatewayUrl: 'http://127.0.0.1:8787',
        walletConnectRelayUrl: 'https://relay.example.com',
      }),
    ).rejects.toThrow('walletConnectRelayUrl must be a ws(s) URL, got "https://relay.example.com"');
    await expect(startWebServer({ port: 0, gatewayUrl: 'ftp://127.0.0.1' })).rejects.toThrow(
      'gatewayUrl must be an http(s) URL, got "ftp://127.0.0.1"',
    );
  });
});
