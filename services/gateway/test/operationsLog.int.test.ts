import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGatewayApp, gatewayConfigFromEnv, gatewayLimitsFromEnv, openDatabase } from '../src';
import { ChainPriceSource, exampleFiatPerUsd } from '../src/assets/prices';
import { ChainRegistry } from '../src/chains/registry';
import { gatewayLog, type LogFormat } from '../src/ops/log';
import { MetricsRegistry } from '../src/ops/metrics';
import { chainsFile } from './support/chainsFile';

/** The app over a store that was closed: every query fails, as with a database gone away. */
async function appOverClosedStore(format: LogFormat) {
  const db = await openDatabase();
  await db.close();
  const lines: string[] = [];
  const app = createGatewayApp({
    chains: new ChainRegistry([]),
    db,
    prices: new ChainPriceSource(new ChainRegistry([]), { fiatPerUsd: exampleFiatPerUsd }),
    sessionKey: 'test-session-key',
    corsOrigins: [],
    log: gatewayLog(format, (line) => lines.push(line)),
  });
  return { app, lines };
}

describe('JSON logs', () => {
  it('write one line per request, and an unhandled error as JSON with the same fields', async () => {
    const { app, lines } = await appOverClosedStore('json');
    expect((await app.request('/livez?owner=0x00000000000000000000000000000000000000aa')).status).toBe(200);
    // Storing the nonce fails: a 500 the log carries, with its error.
    expect((await app.request('/v1/auth/nonce')).status).toBe(500);
    const [live, failed, ...rest] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(rest).toEqual([]);
    expect(live).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      route: '/livez',
      status: 200,
    });
    expect(Object.keys(live ?? {}).sort()).toEqual([
      'durationMs',
      'level',
      'method',
      'msg',
      'route',
      'status',
      'time',
    ]);
    expect(lines[0]).not.toContain('0x000');
    expect(failed).toMatchObject({
      level: 'error',
      msg: 'request failed',
      method: 'GET',
      route: '/v1/auth/nonce',
      status: 500,
    });
    expect(typeof failed?.error).toBe('string');
    expect(typeof failed?.durationMs).toBe('number');
    expect(Number.isNaN(Date.parse(String(failed?.time)))).toBe(false);
  });

  it('stay off in the default text format', async () => {
    const { app, lines } = await appOverClosedStore('text');
    expect((await app.request('/livez')).status).toBe(200);
    expect(lines).toEqual([]);
  });
});

describe('operations settings from the environment', () => {
  const base = { GATEWAY_CHAINS_FILE: '', DEVNET_MANIFEST: '' };
  it('serve metrics and text logs by default; GATEWAY_METRICS=off and LOG_FORMAT=json change them', () => {
    expect(gatewayLimitsFromEnv({})).toMatchObject({ metrics: true, logFormat: 'text' });
    expect(gatewayLimitsFromEnv({ GATEWAY_METRICS: 'off', LOG_FORMAT: 'json' })).toMatchObject({
      metrics: false,
      logFormat: 'json',
    });
    expect(() => gatewayLimitsFromEnv({ LOG_FORMAT: 'yaml' })).toThrow();
    expect(() => gatewayConfigFromEnv(base)).toThrow(/No chains configured/);
  });

  it('read the exchange rates from GATEWAY_FIAT_PER_USD, and refuse rates that are not decimals', () => {
    const chains = { DEVNET_MANIFEST: '', GATEWAY_CHAINS_FILE: '' };
    expect(() =>
      gatewayConfigFromEnv({ ...chains, GATEWAY_FIAT_PER_USD: '{"USD":"1","EUR":"-0.9"}' }),
    ).toThrow(/GATEWAY_FIAT_PER_USD/);
    // Good rates pass; only the missing chains stop this one.
    expect(() =>
      gatewayConfigFromEnv({ ...chains, GATEWAY_FIAT_PER_USD: '{"USD":"1","EUR":"0.86"}' }),
    ).toThrow(/No chains configured/);
  });

  it('offer USD alone on real chains without rates or a price API, and take the API from GATEWAY_PRICE_API_URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'countersign-prices-'));
    try {
      const file = chainsFile(dir, [{ chainId: '1', chainName: 'Mainnet', rpcUrl: 'http://127.0.0.1:1' }]);
      const env = { GATEWAY_CHAINS_FILE: file, GATEWAY_DATA_DIR: dir };
      expect(gatewayConfigFromEnv(env)).toMatchObject({ fiatPerUsd: { USD: '1' } });
      const withApi = gatewayConfigFromEnv({
        ...env,
        GATEWAY_PRICE_API_URL: 'https://prices.internal/api/v3',
        GATEWAY_PRICE_API_KEY: 'secret',
      });
      expect(withApi.fiatPerUsd).toBeUndefined();
      expect(withApi.priceApi).toEqual({ url: 'https://prices.internal/api/v3', apiKey: 'secret' });
      expect(() => gatewayConfigFromEnv({ ...env, GATEWAY_PRICE_API_URL: 'file:///etc/passwd' })).toThrow(
        /GATEWAY_PRICE_API_URL/,
      );
      expect(() =>
        gatewayConfigFromEnv({
          ...env,
          GATEWAY_PRICE_API_URL: 'https://prices.internal',
          GATEWAY_PRICE_API_KEY_HEADER: 'x-key: injected',
        }),
      ).toThrow(/GATEWAY_PRICE_API_KEY_HEADER/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the metrics exposition', () => {
  it('escapes label values and writes HELP and TYPE before the samples', () => {
    const registry = new MetricsRegistry();
    registry.counter('things_total', 'Things.').inc({ name: 'a "quoted"\\path\nline' }, 2);
    registry.gauge('level', 'A level.', () => [{ value: 3 }, { labels: { x: 'unknown' }, value: null }]);
    expect(registry.render()).toBe(
      [
        '# HELP things_total Things.',
        '# TYPE things_total counter',
        'things_total{name="a \\"quoted\\"\\\\path\\nline"} 2',
        '# HELP level A level.',
        '# TYPE level gauge',
        'level 3',
        '',
      ].join('\n'),
    );
  });
});
