import type { Database } from '../store';

/**
 * Where the gateway stands in its life, for GET /readyz: only `ready` takes traffic. `opening`
 * and `migrating` before the store is usable, `starting` while the rest is set up, `stopping`
 * once a shutdown began (a load balancer stops sending new requests while the last ones finish).
 */
export type Phase = 'opening' | 'migrating' | 'starting' | 'ready' | 'stopping';

export type Readiness = { ready: true } | { ready: false; reason: string };

/** How long the database has to answer `SELECT 1` before the gateway calls itself not ready. */
export const readinessTimeoutMs = 1_000;

/**
 * Ready when the phase is `ready` and the database answers `SELECT 1` in time. The reasons are
 * fixed words: the database's own error would name its host, user or connection string.
 */
export async function checkReadiness(
  phase: Phase,
  db: Database | undefined,
  timeoutMs = readinessTimeoutMs,
): Promise<Readiness> {
  if (phase !== 'ready') return { ready: false, reason: phase };
  if (!db) return { ready: false, reason: 'opening' };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const answer = await Promise.race([db.query('SELECT 1 AS ok').then(() => 'ok' as const), timeout]);
    return answer === 'ok' ? { ready: true } : { ready: false, reason: 'database-timeout' };
  } catch {
    return { ready: false, reason: 'database-unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
