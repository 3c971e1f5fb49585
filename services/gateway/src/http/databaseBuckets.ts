import type { Queryable } from '../store';
import { forgetAfterMs, type BucketStore, type RateLimit } from './rateLimit';

/** The database's clock in milliseconds, fixed for the statement. */
const nowMs = 'extract(epoch FROM statement_timestamp())::float8 * 1000';

/** The bucket's tokens now: refilled for the time since its last take, up to the limit. */
const refilled = `LEAST($2::float8, b.tokens + GREATEST(0, ${nowMs} - b.updated_at_ms) * $3::float8)`;

/**
 * One take as one statement, so that takes racing on several replicas queue on the bucket's row: a
 * new bucket starts full less this token; an old one gives a token if, refilled, it has one. A take
 * refused writes nothing (the row's update is skipped), so refused floods cost the database reads
 * only; its wait is read from the row as it stands. $1 the bucket, $2 the limit, $3 tokens per ms.
 */
const takeSql = `
WITH taken AS (
  INSERT INTO rate_limit_buckets AS b (bucket, tokens, updated_at_ms)
  VALUES ($1, $2::float8 - 1, ${nowMs})
  ON CONFLICT (bucket) DO UPDATE SET (tokens, updated_at_ms) = (${refilled} - 1, ${nowMs})
  WHERE ${refilled} >= 1
  RETURNING 0::float8 AS wait_ms
)
SELECT wait_ms FROM taken
UNION ALL
SELECT ceil((1 - ${refilled}) / $3::float8) FROM rate_limit_buckets b
WHERE b.bucket = $1 AND NOT EXISTS (SELECT 1 FROM taken)`;

/** How often a process deletes the buckets nobody used for forgetAfterMs. */
const pruneEveryMs = 60_000;

/**
 * Token buckets kept in the database, so that replicas on one PostgreSQL share each client's limit
 * (issue 26). The same answers as TokenBuckets, at one statement per take; only write-class requests
 * and SIWE nonces take one (see rateLimit); reads are counted in memory.
 */
export class DatabaseBuckets implements BucketStore {
  private lastPruned = Date.now();

  constructor(private readonly db: Queryable) {}

  async take(key: string, rate: RateLimit): Promise<number> {
    if (Date.now() - this.lastPruned >= pruneEveryMs) {
      this.lastPruned = Date.now();
      // Not awaited: the request does not wait for the cleanup. A failed one is retried a minute on.
      void this.prune().catch(() => undefined);
    }
    const perMs = rate.limit / rate.windowMs;
    const [row] = await this.db.query<{ wait_ms: number | string }>(takeSql, [key, rate.limit, perMs]);
    // No row: another replica made the bucket during this statement and left it empty.
    return row ? Number(row.wait_ms) : Math.ceil(1 / perMs);
  }

  /** Deletes the buckets untouched for forgetAfterMs: full again, they hold nothing to remember. */
  async prune(): Promise<number> {
    const [row] = await this.db.query<{ deleted: number }>(
      `WITH gone AS (DELETE FROM rate_limit_buckets WHERE updated_at_ms < ${nowMs} - $1 RETURNING 1)
       SELECT count(*)::int AS deleted FROM gone`,
      [forgetAfterMs],
    );
    return row?.deleted ?? 0;
  }
}
