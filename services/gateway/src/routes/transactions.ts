import { Hono, type Context } from 'hono';
import type { TransactionDetails, TransactionListItem } from '@countersign/gateway-api';
import { getAddress, isAddress, isHex, type Address } from 'viem';
import type { ChainRegistry } from '../chains/registry';
import { HttpError, notFound } from '../http/errors';
import { parseCursor, publicOrigin, toPage } from '../http/paging';
import { parseAddressParam } from '../http/params';
import { parseBoolQuery } from '../http/query';
import type { SafeAppCatalogue } from '../safeApps';
import type { SafeTracker } from '../safes/safeTracker';
import type { Database } from '../store';
import { historyPage, parseDayZone } from '../transactions/history';
import { queuePage } from '../transactions/queue';
import { loadModuleTransactions } from '../transactions/moduleStore';
import { loadMultisig } from '../transactions/multisigStore';
import { loadTransfers, toTransferRecord, transferColumns } from '../transactions/transferStore';
import { summaryContext } from '../transactions/summaries/context';
import { moduleSummary } from '../transactions/summaries/module';
import { multisigSummary } from '../transactions/summaries/multisig';
import { transferSummary } from '../transactions/summaries/transfer';
import { moduleDetails, multisigDetails, safeNowReader } from '../transactions/details';
import { requireChain } from './chains';

const invalidTxId = () =>
  new HttpError(400, { statusCode: 400, code: 400, message: 'Invalid transaction ID', error: 'Bad Request' });

export function transactionRoutes(
  chains: ChainRegistry,
  db: Database,
  safeApps: SafeAppCatalogue,
  track: SafeTracker,
) {
  const safeParams = (c: Context) => {
    const safe = parseAddressParam(c.req.param('safe') ?? '', 'safe');
    const chain = requireChain(chains, c.req.param('chainId') ?? '');
    // A Safe the indexer does not follow yet has no history: asking about it is what starts it.
    track(chain.config.chainId, safe);
    return { safe, chain, chainId: chain.config.chainId };
  };

  return new Hono()
    .get('/v1/chains/:chainId/safes/:safe/transactions/history', async (c) => {
      const { safe, chain, chainId } = safeParams(c);
      const window = parseCursor(c.req.query('cursor'));
      const zone = parseDayZone(c.req.query('timezone'), c.req.query('timezone_offset'));
      const trusted = parseBoolQuery(c.req.query('trusted'), true);
      const imitations = parseBoolQuery(c.req.query('imitation'), true);
      const { items, total } = await historyPage(db, {
        chainId,
        safe,
        window,
        trusted,
        imitations,
        zone,
        safeNow: safeNowReader(chain, safe),
        safeApps,
        publicOrigin: publicOrigin(c.req.raw),
      });
      return c.json(toPage(c.req.raw, window, items, total));
    })
    .get('/v1/chains/:chainId/safes/:safe/transactions/queued', async (c) => {
      const { safe, chain, chainId } = safeParams(c);
      const window = parseCursor(c.req.query('cursor'));
      parseBoolQuery(c.req.query('trusted'), true);
      const safeNow = await safeNowReader(chain, safe)();
      const { items, total } = await queuePage(db, {
        chainId,
        safe,
        window,
        safeNow,
        safeApps,
        publicOrigin: publicOrigin(c.req.raw),
      });
      // count is the number of items on this page, labels and headers included, as on the real gateway.
      return c.json({ ...toPage(c.req.raw, window, items, total), count: items.length });
    })
    .get('/v1/chains/:chainId/safes/:safe/multisig-transactions', async (c) => {
      const { safe, chain, chainId } = safeParams(c);
      const window = parseCursor(c.req.query('cursor'));
      const executedQuery = c.req.query('executed');
      const executed = executedQuery === undefined ? undefined : parseBoolQuery(executedQuery, false);
      const nonceQuery = c.req.query('nonce');
      if (nonceQuery !== undefined && !/^\d+$/.test(nonceQuery))
        throw new HttpError(422, {
          statusCode: 422,
          code: 'custom',
          message: 'Invalid nonce',
          path: ['nonce'],
        });
      const rows = await db.query<{ safe_tx_hash: string }>(
        `SELECT safe_tx_hash FROM multisig_transactions
         WHERE chain_id = $1 AND safe = $2 AND ($3::boolean IS NULL OR (executed_block IS NOT NULL) = $3)
           AND ($4::bigint IS NULL OR nonce = $4)
         ORDER BY nonce DESC, submitted_at_ms DESC LIMIT $5 OFFSET $6`,
        [chainId, safe, executed ?? null, nonceQuery ?? null, window.limit + 1, window.offset],
      );
      const hasMore = rows.length > window.limit;
      const hashes = rows.slice(0, window.limit).map((r) => r.safe_tx_hash);
      const [records, safeNow] = await Promise.all([
        loadMultisig(db, chainId, hashes),
        safeNowReader(chain, safe)(),
      ]);
      const context = await summaryContext(
        db,
        chainId,
        safeApps,
        [...records.values()].map((record) => record.to),
        publicOrigin(c.req.raw),
      );
      const items: TransactionListItem[] = hashes.flatMap((hash) => {
        const record = records.get(hash);
        return record
          ? [
              {
                type: 'TRANSACTION' as const,
                transaction: multisigSummary(record, safeNow, context),
                conflictType: 'None' as const,
              },
            ]
          : [];
      });
      const page = toPage(c.req.raw, window, items, window.offset + items.length + (hasMore ? 1 : 0));
      return c.json({ next: page.next, previous: page.previous, results: page.results });
    })
    .get('/v1/chains/:chainId/safes/:safe/module-transactions', async (c) => {
      const { safe, chainId } = safeParams(c);
      const window = parseCursor(c.req.query('cursor'));
      const optionalAddress = (name: string) => {
        const value = c.req.query(name);
        return value === undefined ? undefined : parseAddressParam(value, name);
      };
      const module = optionalAddress('module');
      const to = optionalAddress('to');
      const txHash = c.req.query('transaction_hash');
      const [records, countRows] = await Promise.all([
        loadModuleTransactions(db, chainId, {
          safe,
          module,
          to,
          txHash,
          limit: window.limit,
          offset: window.offset,
        }),
        db.query<{ n: string }>(
          `SELECT COUNT(*) AS n FROM module_transactions WHERE chain_id = $1 AND safe = $2 AND ($3::text IS NULL OR module = $3)
             AND ($4::text IS NULL OR to_address = $4) AND ($5::text IS NULL OR tx_hash = $5)`,
          [chainId, safe, module ?? null, to ?? null, txHash ?? null],
        ),
      ]);
      const context = await summaryContext(
        db,
        chainId,
        safeApps,
        records.map((record) => record.to),
        publicOrigin(c.req.raw),
      );
      const items = records.map((record) => ({
        type: 'TRANSACTION' as const,
        transaction: moduleSummary(record, context),
        conflictType: 'None' as const,
      }));
      return c.json(toPage(c.req.raw, window, items, Number(countRows[0]?.n ?? 0)));
    })
    .get('/v1/chains/:chainId/safes/:safe/incoming-transfers', async (c) => {
      const { safe, chainId } = safeParams(c);
      const window = parseCursor(c.req.query('cursor'));
      const trusted = parseBoolQuery(c.req.query('trusted'), true);
      const tokenQuery = c.req.query('token_address');
      const token = tokenQuery === undefined ? undefined : parseAddressParam(tokenQuery, 'token_address');
      const rows = await db.query<Parameters<typeof toTransferRecord>[0]>(
        `SELECT ${transferColumns
          .split(', ')
          .map((column) => `t.${column}`)
          .join(', ')} FROM transfers t
         LEFT JOIN tokens k ON k.chain_id = t.chain_id AND k.address = t.token_address
         WHERE t.chain_id = $1 AND t.safe = $2 AND t.recipient = $2 AND ($3::text IS NULL OR t.token_address = $3)
           AND (NOT $4::boolean OR t.token_type <> 'ERC20' OR COALESCE(k.trusted, false))
           AND NOT (t.token_type = 'ERC20' AND t.value = 0)
         ORDER BY t.block_number DESC, t.log_index DESC LIMIT $5 OFFSET $6`,
        [chainId, safe, token ?? null, trusted, window.limit + 1, window.offset],
      );
      const hasMore = rows.length > window.limit;
      const records = rows.slice(0, window.limit).map(toTransferRecord);
      const context = await summaryContext(
        db,
        chainId,
        safeApps,
        records.flatMap((record) => record.tokenAddress ?? []),
        publicOrigin(c.req.raw),
      );
      const items = records.map((record) => ({
        type: 'TRANSACTION' as const,
        transaction: transferSummary(record, context),
        conflictType: 'None' as const,
      }));
      const page = toPage(c.req.raw, window, items, window.offset + items.length + (hasMore ? 1 : 0));
      return c.json({ next: page.next, previous: page.previous, results: page.results });
    })
    .get('/v1/chains/:chainId/transactions/:id', async (c) => {
      const chain = requireChain(chains, c.req.param('chainId'));
      const chainId = chain.config.chainId;
      const id = c.req.param('id');
      const [kind, safePart, ref] = id.split('_');

      if (kind === 'module' || kind === 'transfer') {
        if (!safePart || !ref || !isAddress(safePart, { strict: false })) throw invalidTxId();
        const safe = getAddress(safePart);
        if (kind === 'module') {
          const [record] = await loadModuleTransactions(db, chainId, { ids: [ref] });
          if (!record || record.safe !== safe) throw notFound('Transaction not found');
          const context = await summaryContext(db, chainId, safeApps, [record.to], publicOrigin(c.req.raw));
          return c.json(await moduleDetails(db, chain, record, context));
        }
        const [record] = await loadTransfers(db, chainId, safe, [ref]);
        if (!record) throw notFound('Transaction not found');
        const summary = transferSummary(
          record,
          await summaryContext(
            db,
            chainId,
            safeApps,
            record.tokenAddress ? [record.tokenAddress] : [],
            publicOrigin(c.req.raw),
          ),
        );
        const details: TransactionDetails = {
          safeAddress: safe,
          txId: summary.id,
          executedAt: record.executedAtMs,
          txStatus: 'SUCCESS',
          txInfo: summary.txInfo,
          txData: null,
          detailedExecutionInfo: null,
          txHash: record.txHash,
          safeAppInfo: null,
          note: null,
        };
        return c.json(details);
      }
      if (kind === 'creation') throw notFound('Transaction not found');

      // multisig_<safe>_<safeTxHash>, or a bare safeTxHash.
      let safeFromId: Address | undefined;
      let safeTxHash: string;
      if (kind === 'multisig') {
        if (!safePart || !ref || !isAddress(safePart, { strict: false })) throw invalidTxId();
        safeFromId = getAddress(safePart);
        safeTxHash = ref.toLowerCase();
      } else {
        safeTxHash = id.toLowerCase();
      }
      if (!isHex(safeTxHash) || safeTxHash.length !== 66) throw invalidTxId();
      const record = (await loadMultisig(db, chainId, [safeTxHash])).get(safeTxHash);
      if (!record) throw notFound('Transaction not found');
      if (safeFromId && safeFromId !== record.safe) throw invalidTxId();
      return c.json(await multisigDetails(db, chain, record, safeApps, publicOrigin(c.req.raw)));
    });
}
