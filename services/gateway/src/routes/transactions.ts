import { unrecoveredDetails } from '../transactions/summaries/unrecovered';
import { loadUnrecovered } from '../transactions/unrecoveredStore';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { TransactionListItem, TransactionSummary } from '@countersign/gateway-api';
import type { Address } from 'viem';
import { z } from 'zod';
import type { ChainRegistry, ServedChain } from '../chains/registry';
import { notFound } from '../http/errors';
import { publicOrigin, toPage, type PageWindow } from '../http/paging';
import { boolQuery, cursor, optionalAddressQuery, parseBoolQuery } from '../http/query';
import { chainInPath, safeInPath, type SafeEnv } from '../http/resolve';
import { pathParams, queryParams } from '../http/validate';
import type { SafeAppCatalogue } from '../safeApps';
import { cachedSafeNow } from '../safes/cachedSafeInfo';
import type { SafeInfoCache } from '../safes/safeInfoCache';
import type { SafeTracker } from '../safes/safeTracker';
import type { Database } from '../store';
import { moduleDetails, multisigDetails, transferDetails } from '../transactions/details';
import { loadCreation } from '../transactions/creationStore';
import { historyPage, parseDayZone } from '../transactions/history';
import { countModuleTransactions, loadModuleTransactions } from '../transactions/moduleStore';
import { listMultisigHashes, loadMultisig } from '../transactions/multisigStore';
import { queuePage } from '../transactions/queue';
import { summaryContext } from '../transactions/summaries/context';
import { moduleSummary } from '../transactions/summaries/module';
import { multisigSummary } from '../transactions/summaries/multisig';
import { transferSummary } from '../transactions/summaries/transfer';
import { loadIncomingTransfers, loadTransfers } from '../transactions/transferStore';
import { invalidTxId, parseTransactionId } from '../transactions/txId';

const optionalString = z.string().optional();

/** Read in the order the gateway has always checked them: the day zone first, then the flags. */
const historyQuery = z
  .object({
    cursor,
    timezone: optionalString,
    timezone_offset: optionalString,
    trusted: optionalString,
    imitation: optionalString,
  })
  .transform((query) => ({
    window: query.cursor,
    zone: parseDayZone(query.timezone, query.timezone_offset),
    trusted: parseBoolQuery(query.trusted, true),
    imitations: parseBoolQuery(query.imitation, true),
  }));

const multisigQuery = z.object({
  cursor,
  executed: optionalString.transform((value) =>
    value === undefined ? undefined : parseBoolQuery(value, false),
  ),
  nonce: z.string().regex(/^\d+$/, 'Invalid nonce').optional(),
});

const moduleQuery = z.object({
  cursor,
  module: optionalAddressQuery,
  to: optionalAddressQuery,
  transaction_hash: optionalString,
});

const incomingQuery = z.object({ cursor, trusted: boolQuery(true), token_address: optionalAddressQuery });

/** A list without a count, as the Transaction Service's: its links, `more` telling whether there is a next. */
function uncountedPage<T>(request: Request, window: PageWindow, items: T[], more: boolean) {
  const page = toPage(request, window, items, window.offset + items.length + (more ? 1 : 0));
  return { next: page.next, previous: page.previous, results: page.results };
}

const listItem = (transaction: TransactionSummary): TransactionListItem => ({
  type: 'TRANSACTION',
  transaction,
  conflictType: 'None',
});

export function transactionRoutes(
  chains: ChainRegistry,
  db: Database,
  safeApps: SafeAppCatalogue,
  track: SafeTracker,
  safeInfoCache: SafeInfoCache,
) {
  // A Safe the indexer does not follow yet has no history: asking about it is what starts it.
  const followed = createMiddleware<SafeEnv>(async (c, next) => {
    track(c.var.chain.config.chainId, c.var.safe);
    await next();
  });
  const safePath = [safeInPath(chains), followed] as const;
  // The lists' view of the Safe (nonce, owners) is its SafeInfo's: one chain read serves both.
  const safeNowOf = (chain: ServedChain, safe: Address) => () =>
    cachedSafeNow(safeInfoCache, db, chain, safe);
  const context = (chainId: string, tokens: Iterable<Address>, request: Request) =>
    summaryContext(db, chainId, safeApps, tokens, publicOrigin(request));

  return new Hono()
    .get(
      '/v1/chains/:chainId/safes/:safe/transactions/history',
      ...safePath,
      queryParams(historyQuery),
      async (c) => {
        const { chain, safe } = c.var;
        const { window, zone, trusted, imitations } = c.req.valid('query');
        const { items, total } = await historyPage(db, {
          chainId: chain.config.chainId,
          safe,
          window,
          trusted,
          imitations,
          zone,
          safeNow: safeNowOf(chain, safe),
          safeApps,
          publicOrigin: publicOrigin(c.req.raw),
        });
        return c.json(toPage(c.req.raw, window, items, total));
      },
    )
    .get(
      '/v1/chains/:chainId/safes/:safe/transactions/queued',
      ...safePath,
      queryParams(z.object({ cursor, trusted: boolQuery(true) })),
      async (c) => {
        const { chain, safe } = c.var;
        const { cursor: window } = c.req.valid('query');
        const { items, total } = await queuePage(db, {
          chainId: chain.config.chainId,
          safe,
          window,
          safeNow: await safeNowOf(chain, safe)(),
          safeApps,
          publicOrigin: publicOrigin(c.req.raw),
        });
        // count is the number of items on this page, labels and headers included, as on the real gateway.
        return c.json({ ...toPage(c.req.raw, window, items, total), count: items.length });
      },
    )
    .get(
      '/v1/chains/:chainId/safes/:safe/multisig-transactions',
      ...safePath,
      queryParams(multisigQuery),
      async (c) => {
        const { chain, safe } = c.var;
        const chainId = chain.config.chainId;
        const { cursor: window, executed, nonce } = c.req.valid('query');
        const rows = await listMultisigHashes(db, chainId, safe, { executed, nonce, ...window });
        const hashes = rows.slice(0, window.limit);
        const [records, safeNow] = await Promise.all([
          loadMultisig(db, chainId, hashes),
          safeNowOf(chain, safe)(),
        ]);
        const summaries = await context(
          chainId,
          [...records.values()].map((record) => record.to),
          c.req.raw,
        );
        const items = hashes.flatMap((hash) => {
          const record = records.get(hash);
          return record ? [listItem(multisigSummary(record, safeNow, summaries))] : [];
        });
        return c.json(uncountedPage(c.req.raw, window, items, rows.length > window.limit));
      },
    )
    .get(
      '/v1/chains/:chainId/safes/:safe/module-transactions',
      ...safePath,
      queryParams(moduleQuery),
      async (c) => {
        const { chain, safe } = c.var;
        const chainId = chain.config.chainId;
        const query = c.req.valid('query');
        const filter = { safe, module: query.module, to: query.to, txHash: query.transaction_hash };
        const [records, total] = await Promise.all([
          loadModuleTransactions(db, chainId, { ...filter, ...query.cursor }),
          countModuleTransactions(db, chainId, filter),
        ]);
        const summaries = await context(
          chainId,
          records.map((record) => record.to),
          c.req.raw,
        );
        const items = records.map((record) => listItem(moduleSummary(record, summaries)));
        return c.json(toPage(c.req.raw, query.cursor, items, total));
      },
    )
    .get(
      '/v1/chains/:chainId/safes/:safe/incoming-transfers',
      ...safePath,
      queryParams(incomingQuery),
      async (c) => {
        const { chain, safe } = c.var;
        const chainId = chain.config.chainId;
        const { cursor: window, trusted, token_address: token } = c.req.valid('query');
        const rows = await loadIncomingTransfers(db, chainId, { safe, token, trusted, ...window });
        const records = rows.slice(0, window.limit);
        const summaries = await context(
          chainId,
          records.flatMap((record) => record.tokenAddress ?? []),
          c.req.raw,
        );
        const items = records.map((record) => listItem(transferSummary(record, summaries)));
        return c.json(uncountedPage(c.req.raw, window, items, rows.length > window.limit));
      },
    )
    .get('/v1/chains/:chainId/safes/:safe/transactions/creation', ...safePath, async (c) => {
      const { chain, safe } = c.var;
      const row = await loadCreation(db, chain.config.chainId, safe);
      if (!row?.creation_tx_hash || !row.creator || !row.factory || row.created_at_ms === null)
        throw notFound('Safe creation not found');
      return c.json({
        created: new Date(Number(row.created_at_ms)).toISOString(),
        creator: row.creator,
        transactionHash: row.creation_tx_hash,
        factoryAddress: row.factory,
        masterCopy: row.singleton,
        setupData: null,
        saltNonce: row.salt_nonce,
        dataDecoded: null,
      });
    })
    .get(
      '/v1/chains/:chainId/transactions/:id',
      chainInPath(chains),
      pathParams(z.object({ id: z.string().transform(parseTransactionId) })),
      async (c) => {
        const { chain } = c.var;
        const chainId = chain.config.chainId;
        const { id } = c.req.valid('param');
        if (id.kind === 'creation') throw notFound('Transaction not found');
        if (id.kind === 'module') {
          const [record] = await loadModuleTransactions(db, chainId, { ids: [id.ref] });
          if (!record) {
            const [unrecovered] = await loadUnrecovered(db, chainId, { ids: [id.ref] });
            if (unrecovered?.safe === id.safe) return c.json(unrecoveredDetails(unrecovered));
          }
          if (!record || record.safe !== id.safe) throw notFound('Transaction not found');
          return c.json(
            await moduleDetails(db, chain, record, await context(chainId, [record.to], c.req.raw)),
          );
        }
        if (id.kind === 'transfer') {
          const [record] = await loadTransfers(db, chainId, id.safe, [id.ref]);
          if (!record) throw notFound('Transaction not found');
          const tokens = record.tokenAddress ? [record.tokenAddress] : [];
          return c.json(transferDetails(record, await context(chainId, tokens, c.req.raw)));
        }
        const record = (await loadMultisig(db, chainId, [id.safeTxHash])).get(id.safeTxHash);
        if (!record) {
          const [unrecovered] = await loadUnrecovered(db, chainId, { safeTxHash: id.safeTxHash });
          if (unrecovered && (!id.safe || id.safe === unrecovered.safe))
            return c.json(unrecoveredDetails(unrecovered));
          throw notFound('Transaction not found');
        }
        if (id.safe && id.safe !== record.safe) throw invalidTxId();
        return c.json(await multisigDetails(db, chain, record, safeApps, publicOrigin(c.req.raw)));
      },
    );
}
