import type { IntervalHistogram } from 'node:perf_hooks';
import type { Database } from '../store';
import { indexerLag, type ChainIndexing } from '../indexer/health';
import { MetricsRegistry, type Counter, type Histogram } from './metrics';

/** Seconds: the gateway's reads answer in milliseconds, the estimations and RPC-bound ones in seconds. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type GatewayMetrics = {
  registry: MetricsRegistry;
  requests: Counter;
  requestDuration: Histogram;
};

/**
 * The metrics GET /metrics serves: requests by route pattern (labels stay few: no address or id
 * ever reaches them), each chain's indexer progress, the PostgreSQL pool, the process's start.
 * `indexers` is read at each scrape, so indexers made again later (a snapshot restored) are seen.
 */
export function gatewayMetrics(options: {
  db?: Database;
  indexers?: ReadonlyMap<string, ChainIndexing>;
  startTimeMs?: number;
  /** perf_hooks' event-loop delay monitor, already enabled: what the longest hold was since the last scrape. */
  eventLoopDelay?: IntervalHistogram;
}): GatewayMetrics {
  const registry = new MetricsRegistry();
  const requests = registry.counter(
    'http_requests_total',
    'HTTP requests answered, by method, route pattern and status.',
  );
  const requestDuration = registry.histogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request (until its headers), by method and route pattern.',
    durationBuckets,
  );
  const indexers = options.indexers;
  if (indexers) {
    const perChain = (read: (indexer: ChainIndexing) => number | null) => () =>
      [...indexers].map(([chain, indexer]) => ({ labels: { chain }, value: read(indexer) }));
    registry.gauge(
      'indexer_head_block',
      "The chain's head as of the indexer's last pass.",
      perChain((i) => i.progress().head),
    );
    registry.gauge(
      'indexer_indexed_block',
      'The last block indexed.',
      perChain((i) => i.progress().block),
    );
    registry.gauge(
      'indexer_lag_blocks',
      'Blocks between the head and the last block indexed.',
      perChain((i) => indexerLag(i.progress()).lagBlocks),
    );
    registry.gauge(
      'indexer_lag_seconds',
      'Age of the last block indexed while behind the head; 0 once caught up.',
      perChain((i) => indexerLag(i.progress()).lagSeconds),
    );
    registry.gauge(
      'indexer_up',
      '1 while the chain is indexed (here, or by the replica this one follows), 0 while the indexer retries or has halted.',
      perChain((i) => (i.status().state === 'indexing' || i.status().state === 'following' ? 1 : 0)),
    );
    registry.gauge(
      'indexer_leader',
      '1 on the replica that indexes the chain, 0 on those that follow it (several on one PostgreSQL).',
      perChain((i) => (i.follows ? 0 : 1)),
    );
  }
  const poolStats = options.db?.poolStats?.bind(options.db);
  if (poolStats) {
    registry.gauge('db_pool_total', 'PostgreSQL connections open in the pool.', () => [
      { value: poolStats().total },
    ]);
    registry.gauge('db_pool_idle', 'PostgreSQL connections idle in the pool.', () => [
      { value: poolStats().idle },
    ]);
    registry.gauge('db_pool_waiting', 'Queries waiting for a PostgreSQL connection.', () => [
      { value: poolStats().waiting },
    ]);
  }
  const eventLoopDelay = options.eventLoopDelay;
  if (eventLoopDelay) {
    // Since the last scrape, so that one slow moment shows once rather than forever.
    registry.gauge(
      'nodejs_eventloop_delay_seconds',
      'How late the event loop ran its timers since the last scrape: the 99th percentile and the longest (quantile 1), the longest any one piece of work held it.',
      () => {
        const seconds = (nanoseconds: number) => nanoseconds / 1e9;
        const values = [
          { labels: { quantile: '0.99' }, value: seconds(eventLoopDelay.percentile(99)) },
          { labels: { quantile: '1' }, value: seconds(eventLoopDelay.max) },
        ];
        eventLoopDelay.reset();
        return values;
      },
    );
  }
  const startSeconds = (options.startTimeMs ?? performance.timeOrigin) / 1000;
  registry.gauge(
    'process_start_time_seconds',
    'Start time of the process since the Unix epoch, in seconds.',
    () => [{ value: Math.round(startSeconds) }],
  );
  return { registry, requests, requestDuration };
}
