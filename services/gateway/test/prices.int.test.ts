import { devAccounts, devnetClients, devnetPriceFeeds, startDevnet, type Devnet } from '@countersign/devnet';
import { parseAbi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig } from '../src';
import { ChainPriceSource, defaultFiatPerUsd } from '../src/assets/prices';
import type { ChainConfig } from '../src/chains/chainConfig';
import { ChainRegistry } from '../src/chains/registry';

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
    defaultFiatPerUsd,
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
