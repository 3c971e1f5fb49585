import { Hono, type Context } from 'hono';
import { decodeCall } from '@countersign/safe-core';
import { decodeDataBodySchema } from '@countersign/gateway-api';
import { readBalances } from '../assets/balances';
import { readCollectibles } from '../assets/collectibles';
import { iconHeaders, nativeTokenAddress, renderIcon } from '../assets/icons';
import type { PriceSource } from '../assets/prices';
import type { ChainRegistry } from '../chains/registry';
import { parseBody } from '../http/body';
import { notFound } from '../http/errors';
import { parseCursor, publicOrigin, toPage } from '../http/paging';
import { parseAddressParam } from '../http/params';
import { parseBoolQuery } from '../http/query';
import type { Database } from '../store';
import { loadTokens } from '../transactions/tokens';
import { requireChain } from './chains';

export function assetRoutes(chains: ChainRegistry, db: Database, prices: PriceSource) {
  const collectibles = async (c: Context) => {
    const safe = parseAddressParam(c.req.param('safe') ?? '', 'safe');
    const chain = requireChain(chains, c.req.param('chainId') ?? '');
    const chainId = chain.config.chainId;
    return readCollectibles({
      db,
      client: chain.client,
      chainId,
      safe,
      trustedOnly: parseBoolQuery(c.req.query('trusted'), false),
      publicOrigin: publicOrigin(c.req.raw),
    });
  };

  return new Hono()
    .get('/v1/balances/supported-fiat-codes', (c) => c.json(prices.supportedFiatCodes()))
    .get('/v1/chains/:chainId/safes/:safe/balances/:fiatCode?', async (c) => {
      const safe = parseAddressParam(c.req.param('safe'), 'safe');
      const chain = requireChain(chains, c.req.param('chainId'));
      const fiatCode = (c.req.param('fiatCode') ?? 'usd').toUpperCase();
      if (prices.fiatPerUsd(fiatCode) === null) throw notFound(`Unsupported fiat code: ${fiatCode}`);
      parseBoolQuery(c.req.query('exclude_spam'), true);
      const balances = await readBalances({
        db,
        client: chain.client,
        chain: chain.config,
        safe,
        fiatCode,
        prices,
        trustedOnly: parseBoolQuery(c.req.query('trusted'), false),
        publicOrigin: publicOrigin(c.req.raw),
      });
      return c.json(balances);
    })
    .get('/v1/chains/:chainId/safes/:safe/collectibles', async (c) => c.json(await collectibles(c)))
    .get('/v2/chains/:chainId/safes/:safe/collectibles', async (c) => {
      const all = await collectibles(c);
      parseBoolQuery(c.req.query('exclude_spam'), true);
      const window = parseCursor(c.req.query('cursor'));
      return c.json(
        toPage(c.req.raw, window, all.slice(window.offset, window.offset + window.limit), all.length),
      );
    })
    .get('/v1/chains/:chainId/owners/:owner/safes', async (c) => {
      const owner = parseAddressParam(c.req.param('owner'), 'owner');
      const chain = requireChain(chains, c.req.param('chainId'));
      const rows = await db.query<{ safe: string }>(
        'SELECT safe FROM safe_owners WHERE chain_id = $1 AND owner = $2 ORDER BY safe',
        [chain.config.chainId, owner],
      );
      return c.json({ safes: rows.map((row) => row.safe) });
    })
    .post('/v1/chains/:chainId/data-decoder', async (c) => {
      requireChain(chains, c.req.param('chainId'));
      const body = await parseBody(c, decodeDataBodySchema);
      const decoded = decodeCall(body.data as `0x${string}`);
      if (!decoded) throw notFound('Cannot find function selector to decode data');
      return c.json(decoded);
    })
    .get('/v1/icons/:chainId/:file', async (c) => {
      // The generated icon of a token without a logo (see assets/icons.ts): `{address}.png`.
      const chain = requireChain(chains, c.req.param('chainId'));
      const match = /^(.+)\.png$/i.exec(c.req.param('file'));
      if (!match?.[1]) throw notFound('Not found');
      const address = parseAddressParam(match[1], 'address');
      let symbol: string | null = null;
      if (address === nativeTokenAddress) symbol = chain.config.nativeCurrency.symbol;
      else symbol = (await loadTokens(db, chain.config.chainId, [address])).get(address)?.symbol ?? null;
      return c.body(
        renderIcon({ chainId: chain.config.chainId, address, symbol }),
        200,
        iconHeaders(symbol !== null),
      );
    });
}
