import { devAccounts, devnetClients, devnetPriceFeeds, startDevnet, type Devnet } from '@countersign/devnet';
import { balancesSchema } from '@countersign/gateway-api';
import { parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig } from '../src';
import { PriceApi } from '../src/assets/priceApi';
import { ChainPriceSource, exampleFiatPerUsd } from '../src/assets/prices';
import type { ChainConfig } from '../src/chains/chainConfig';
import { ChainRegistry } from '../src/chains/registry';
import { startLocalGateway } from './support/localGateway';
import { startPriceApiStub, type PriceApiStub } from './support/priceApiStub';

/**
 * Prices from the devnet's feeds (DevPriceFeed, with Chainlink's AggregatorV3 interface) and from
 * fixed prices in the configuration: what is known is given, what is not is null, never zero.
 */
let devnet: Devnet;
let dev: Address;
let dusd: Address;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  const token = (symbol: string) =>
    devnet.manifest.tokens.find((t) => t.symbol === symbol)!.address as Address;
  dev = token('DEV');
  dusd = token('DUSD');
});
afterAll(() => devnet?.stop());

const source = (change: (config: ChainConfig) => ChainConfig = (config) => config, now?: () => number) =>
  new ChainPriceSource(
    new ChainRegistry([
      change(devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' })),
    ]),
    { fiatPerUsd: exampleFiatPerUsd },
    now,
  );

describe('ChainPriceSource', () => {
  it('reads ETH and DEV from their feeds and DUSD from its fixed price; a token with neither is unknown', async () => {
    const stranger: Address = '0x000000000000000000000000000000000000dEaD';
    expect(await source().usdPrices('1337', [null, dev, dusd, stranger])).toEqual([
      '3000',
      '1.25',
      '1',
      null,
    ]);
    expect(await source().usdPrices('1', [null])).toEqual([null]);
  });

  it('puts a fixed price before a feed, and gives nothing for a feed that does not answer or is stale', async () => {
    const fixedEth = source((config) => ({
      ...config,
      usdPrices: { ...config.usdPrices, native: '2500.5' },
    }));
    expect(await fixedEth.usdPrices('1337', [null, dev])).toEqual(['2500.5', '1.25']);

    const noCode: Address = '0x00000000000000000000000000000000000FeeD0';
    const broken = source((config) => ({ ...config, priceFeeds: { ...config.priceFeeds, native: noCode } }));
    expect(await broken.usdPrices('1337', [null, dev])).toEqual([null, '1.25']);

    // Two days on, a feed last updated now is older than the one-day limit.
    const later = source(undefined, () => Date.now() + 2 * 86_400_000);
    expect(await later.usdPrices('1337', [null, dusd])).toEqual([null, '1']);
  });

  it('gives nothing for a feed that answers zero, and reads a new answer once its cache time is over', async () => {
    let now = Date.now();
    const prices = source(undefined, () => now);
    expect(await prices.usdPrices('1337', [dev])).toEqual(['1.25']);
    const clients = devnetClients(1337, devnet.rpcUrl);
    const snapshot = await clients.test.snapshot();
    try {
      const hash = await clients.wallet.writeContract({
        account: devAccounts()[0]!.account,
        chain: clients.chain,
        address: devnetPriceFeeds.DEV,
        abi: parseAbi(['function setAnswer(int256 price)']),
        functionName: 'setAnswer',
        args: [0n],
      });
      await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      // Within the cache time the last reading stands; after it, the feed is asked again.
      expect(await prices.usdPrices('1337', [dev])).toEqual(['1.25']);
      now += 31_000;
      expect(await prices.usdPrices('1337', [dev])).toEqual([null]);
    } finally {
      await clients.test.revert({ id: snapshot });
    }
  });
});

describe('the price API, asked after fixed prices and feeds', () => {
  const stranger: Address = '0x000000000000000000000000000000000000dEaD';
  let stub: PriceApiStub;
  beforeAll(async () => {
    stub = await startPriceApiStub({
      tokens: { 'countersign-devnet': { [stranger.toLowerCase()]: 0.00000012, [dev.toLowerCase()]: 99 } },
      coins: { ether: 2999.5 },
      rates: {
        btc: { value: 1, type: 'crypto' },
        usd: { value: 50_000, type: 'fiat' },
        eur: { value: 43_000, type: 'fiat' },
        xau: { value: 20, type: 'commodity' },
        sats: { value: 100_000_000, type: 'crypto' },
        eth: { value: 20, type: 'crypto' },
      },
    });
  });
  afterAll(() => stub?.close());

  const withApi = (
    options: { change?: (config: ChainConfig) => ChainConfig; fiatPerUsd?: Record<string, string> } = {},
    api: Partial<ConstructorParameters<typeof PriceApi>[0]> = {},
  ) =>
    new ChainPriceSource(
      new ChainRegistry([
        {
          ...(options.change ?? ((config) => config))(
            devnetChainConfig(devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' }),
          ),
          priceApi: { platform: 'countersign-devnet', nativeCoinId: 'ether' },
        },
      ]),
      { fiatPerUsd: options.fiatPerUsd, api: new PriceApi({ url: stub.url, apiKey: 'key-123', ...api }) },
    );
  const asked = () => stub.requests.splice(0);

  it('prices only what neither a fixed price nor a feed prices, with the operator’s key', async () => {
    asked();
    expect(await withApi().usdPrices('1337', [null, dev, dusd, stranger])).toEqual([
      '3000',
      '1.25',
      '1',
      // 1.2e-7 in the API's JSON, exact here.
      '0.00000012',
    ]);
    expect(asked()).toEqual([
      {
        path: `/api/v3/simple/token_price/countersign-devnet?contract_addresses=${stranger.toLowerCase()}&vs_currencies=usd`,
        apiKey: 'key-123',
      },
    ]);
  });

  it('prices the native coin by its id, and tokens, where no feed does', async () => {
    const noFeeds = withApi({ change: (config) => ({ ...config, priceFeeds: {} }) });
    expect(await noFeeds.usdPrices('1337', [null, dev, dusd])).toEqual(['2999.5', '99', '1']);
  });

  it('takes the exchange rates from the API, currencies only and USD first, unless a fixed table is set', async () => {
    const prices = withApi();
    expect(await prices.supportedFiatCodes()).toEqual(['USD', 'BTC', 'EUR', 'ETH']);
    expect(await prices.fiatPerUsd('eur')).toBe('0.86');
    expect(await prices.fiatPerUsd('BTC')).toBe('0.00002');
    expect(await prices.fiatPerUsd('XAU')).toBeNull();
    const fixed = withApi({ fiatPerUsd: { USD: '1', GBP: '0.75' } });
    expect(await fixed.supportedFiatCodes()).toEqual(['USD', 'GBP']);
    expect(await fixed.fiatPerUsd('EUR')).toBeNull();
    const neither = new ChainPriceSource(new ChainRegistry([]), {});
    expect(await neither.supportedFiatCodes()).toEqual(['USD']);
  });

  it('gives unknown prices and USD alone when the API fails, times out or answers garbage, and waits before asking again', async () => {
    for (const [fault, api] of [
      [{ status: 500 }, {}],
      [{ status: 429 }, {}],
      [{ garbage: true }, {}],
      [{ delayMs: 400 }, { timeoutMs: 100 }],
    ] as const) {
      stub.misbehave(fault);
      asked();
      const prices = withApi({}, api);
      expect(await prices.usdPrices('1337', [stranger]), JSON.stringify(fault)).toEqual([null]);
      expect(await prices.supportedFiatCodes()).toEqual(['USD']);
      expect(asked()).toHaveLength(2);
      // Failures are kept like answers: the API is not asked on every request.
      expect(await prices.usdPrices('1337', [stranger])).toEqual([null]);
      expect(await prices.fiatPerUsd('EUR')).toBeNull();
      expect(asked()).toEqual([]);
    }
    stub.misbehave(undefined);
  });
});

describe('a gateway whose operator chose a price API', () => {
  it('serves the balances with its prices and its exchange rates, over HTTP', async () => {
    const stub = await startPriceApiStub({
      tokens: {},
      coins: { ether: 2000 },
      rates: { usd: { value: 50_000, type: 'fiat' }, chf: { value: 40_000, type: 'fiat' } },
    });
    const local = await startLocalGateway({
      // No feed and no fixed price: the native coin is priced by the API alone, the tokens by none.
      chains: (devnetChain) => [
        {
          ...devnetChain,
          priceFeeds: {},
          usdPrices: {},
          priceApi: { platform: 'countersign-devnet', nativeCoinId: 'ether' },
        },
      ],
      prices: { priceApi: { url: stub.url } },
    });
    try {
      const team = local.devnet.manifest.safes[0]!.address;
      const codes = await local.request('GET', '/v1/balances/supported-fiat-codes');
      expect(codes.body).toEqual(['USD', 'CHF']);
      expect((await local.request('GET', `/v1/chains/1337/safes/${team}/balances/EUR`)).status).toBe(404);
      const { body } = await local.request('GET', `/v1/chains/1337/safes/${team}/balances/CHF`);
      const balances = balancesSchema.parse(body);
      const native = balances.items.find((item) => item.tokenInfo.type === 'NATIVE_TOKEN')!;
      expect(native.fiatConversion).toBe('1600');
      expect(Number(native.fiatBalance)).toBeCloseTo((Number(native.balance) / 1e18) * 1600, 6);
      expect(
        balances.items.filter((item) => item.tokenInfo.type === 'ERC20').map((item) => item.fiatConversion),
      ).toEqual(balances.items.filter((item) => item.tokenInfo.type === 'ERC20').map(() => null));
    } finally {
      await local.stop();
      await stub.close();
    }
  });
});
