import { Hono } from 'hono';
import { decodeCall } from '@countersign/safe-core';
import { decodeDataBodySchema } from '@countersign/gateway-api';
import { z } from 'zod';
import { readBalances } from '../assets/balances';
import { readCollectibles } from '../assets/collectibles';
import { iconHeaders, nativeTokenAddress, renderIcon } from '../assets/icons';
import type { PriceSource } from '../assets/prices';
import type { ChainRegistry } from '../chains/registry';
import { notFound } from '../http/errors';
import { publicOrigin, toPage } from '../http/paging';
import { addressParam, parseAddressParam } from '../http/params';
import { boolQuery, cursor } from '../http/query';
import { chainInPath, safeInPath } from '../http/resolve';
import { jsonBody, pathParams, queryParams } from '../http/validate';
import { safesOfOwner } from '../safes/ownerStore';
import type { Database } from '../store';
import { loadTokens } from '../assets/store';

/** The generated icon of a token without a logo (see assets/icons.ts) is `{address}.png`. */
const iconFile = z.string().transform((file) => {
  const match = /^(.+)\.png$/i.exec(file);
  if (!match?.[1]) throw notFound('Not found');
  return parseAddressParam(match[1], 'address');
});

/**
 * The most collectibles the unpaged v1 list checks on chain (two calls each); clients wanting more
 * page through v2. A list cut there says so in `listCutHeader`: "200 of 1234".
 */
export const maxUnpagedCollectibles = 200;
export const listCutHeader = 'X-Countersign-List-Cut';

export function assetRoutes(chains: ChainRegistry, db: Database, prices: PriceSource) {
  const safePath = safeInPath(chains);
  /** A fiat code in any case, USD by default; one without a rate is 404, as on the real gateway. */
  const fiatCode = z
    .string()
    .optional()
    .transform((code) => (code ?? 'usd').toUpperCase());

  return new Hono()
    .get('/v1/balances/supported-fiat-codes', async (c) => c.json(await prices.supportedFiatCodes()))
    .get(
      '/v1/chains/:chainId/safes/:safe/balances/:fiatCode?',
      safePath,
      pathParams(z.object({ fiatCode })),
      queryParams(z.object({ exclude_spam: boolQuery(true), trusted: boolQuery(false) })),
      async (c) => {
        const { chain, safe } = c.var;
        const { fiatCode } = c.req.valid('param');
        const fiatPerUsd = await prices.fiatPerUsd(fiatCode);
        if (fiatPerUsd === null) throw notFound(`Unsupported fiat code: ${fiatCode}`);
        const balances = await readBalances({
          db,
          client: chain.client,
          chain: chain.config,
          safe,
          fiatPerUsd,
          prices,
          trustedOnly: c.req.valid('query').trusted,
          publicOrigin: publicOrigin(c.req.raw),
        });
        return c.json(balances);
      },
    )
    .get(
      '/v1/chains/:chainId/safes/:safe/collectibles',
      safePath,
      queryParams(z.object({ trusted: boolQuery(false) })),
      async (c) => {
        // The unpaged list, as far as its bound: past it, a header says how many there are.
        const { items, total } = await readCollectibles({
          db,
          client: c.var.chain.client,
          chainId: c.var.chain.config.chainId,
          safe: c.var.safe,
          trustedOnly: c.req.valid('query').trusted,
          publicOrigin: publicOrigin(c.req.raw),
          window: { offset: 0, limit: maxUnpagedCollectibles },
        });
        if (total > maxUnpagedCollectibles) c.header(listCutHeader, `${maxUnpagedCollectibles} of ${total}`);
        return c.json(items);
      },
    )
    .get(
      '/v2/chains/:chainId/safes/:safe/collectibles',
      safePath,
      queryParams(z.object({ trusted: boolQuery(false), exclude_spam: boolQuery(true), cursor })),
      async (c) => {
        const { trusted, cursor: window } = c.req.valid('query');
        const { items, total } = await readCollectibles({
          db,
          client: c.var.chain.client,
          chainId: c.var.chain.config.chainId,
          safe: c.var.safe,
          trustedOnly: trusted,
          publicOrigin: publicOrigin(c.req.raw),
          window,
        });
        return c.json(toPage(c.req.raw, window, items, total));
      },
    )
    .get(
      '/v1/chains/:chainId/owners/:owner/safes',
      pathParams(z.object({ owner: addressParam })),
      chainInPath(chains),
      async (c) =>
        c.json({ safes: await safesOfOwner(db, c.var.chain.config.chainId, c.req.valid('param').owner) }),
    )
    .post('/v1/chains/:chainId/data-decoder', chainInPath(chains), jsonBody(decodeDataBodySchema), (c) => {
      const decoded = decodeCall(c.req.valid('json').data as `0x${string}`);
      if (!decoded) throw notFound('Cannot find function selector to decode data');
      return c.json(decoded);
    })
    .get(
      '/v1/icons/:chainId/:file',
      chainInPath(chains),
      pathParams(z.object({ file: iconFile })),
      async (c) => {
        const { chain } = c.var;
        const address = c.req.valid('param').file;
        const symbol =
          address === nativeTokenAddress
            ? chain.config.nativeCurrency.symbol
            : ((await loadTokens(db, chain.config.chainId, [address])).get(address)?.symbol ?? null);
        return c.body(
          renderIcon({ chainId: chain.config.chainId, address, symbol }),
          200,
          iconHeaders(symbol !== null),
        );
      },
    );
}
