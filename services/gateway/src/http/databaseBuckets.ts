import type { Queryable } from '../store';
import { forgetAfterMs, type BucketStore, type RateLimit } from './rateLimit';

/** The database's clock in milliseconds, fixed for the statement. */
const nowMs = 'extract(epoch FROM statement_timestamp())::float8 * 1000';

/**
 * One take as one statement, so that takes racing on several replicas queue on the bucket's row: a
 * new bucket starts full less this token; an old one is refilled for the time since its last take
 * (up to the limit), then gives a token if it has one. $1 the bucket, $2 the limit, $3 tokens per ms.
 */
const takeSql = `
INSERT INTO rate_limit_buckets AS b (bucket, tokens, refused, updated_at_ms)
VALUES ($1, $2::float8 - 1, false, ${nowMs})
ON CONFLICT (bucket) DO UPDATE SET (tokens, refused, updated_at_ms) = (
  SELECT CASE WHEN refilled >= 1 THEN refilled - 1 ELSE refilled END, refilled < 1, now_ms
  FROM (
    SELECT LEAST($2::float8, b.tokens + GREATEST(0, now_ms - b.updated_at_ms) * $3::float8) AS refilled, now_ms
    FROM (SELECT ${nowMs} AS now_ms) clock
  ) refill
)
RETURNING CASE WHEN refused THEN ceil((1 - tokens) / $3::float8) ELSE 0 END AS wait_ms`;

/** How often a process deletes the buckets nobody used for forgetAfterMs. */
const pruneEveryMs = 60_000;

/**
 * Token buckets kept in the database, so that replicas on one PostgreSQL share each client's limit
 * (issue 26). The same answers as TokenBuckets, at one statement per take; only write-class requests
 * and SIWE nonces take one (see rateLimit), never reads.
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
    const [row] = await this.db.query<{ wait_ms: number | string }>(takeSql, [
      key,
      rate.limit,
      rate.limit / rate.windowMs,
    ]);
    if (!row) throw new Error('The rate limit bucket was not written');
    return Number(row.wait_ms);
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
