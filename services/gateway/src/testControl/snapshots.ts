import type { ChainRegistry } from '../chains/registry';
import type { Database, Queryable } from '../store';

/**
 * Snapshots of the whole local stack for end-to-end tests: the chain (anvil's evm_snapshot) and
 * everything the gateway stored (each table copied aside), taken and restored together, so a test
 * can change the chain and the gateway and the next one starts from the same state without a
 * redeploy. Only for a gateway started with testControl on a local chain; never in production.
 *
 * anvil spends a snapshot when it reverts to it, so each revert takes the chain's snapshot again
 * under the same name.
 */
export type StackSnapshots = {
  take(name: string): Promise<void>;
  revert(name: string): Promise<void>;
};

type Hooks = {
  /** Stops whatever writes to the store (the indexers) and starts it again once restored. */
  pause(): Promise<void>;
  resume(): void;
  /** Forgets what was cached in memory from the store or the chain. */
  forget(): void;
};

/** A request the snapshot routes refuse, with the HTTP status to answer. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
  constructor(
    message: string,
    readonly status: 404 | 422,
  ) {
    super(message);
  }
}

const identifier = (name: string) => {
  if (!/^[a-z0-9_]{1,40}$/.test(name)) {
    throw new SnapshotError(`Invalid snapshot name "${name}": use 1 to 40 of a-z, 0-9 and _`, 422);
  }
  return name;
};

/** The tables ordered so that each comes after every table its foreign keys refer to. */
async function insertionOrder(tx: Queryable, names: string[]): Promise<string[]> {
  const references = await tx.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const reference of references) {
      if (reference.child === table && reference.parent !== table) visit(reference.parent, path);
    }
    ordered.push(table);
  };
  for (const table of names) visit(table, new Set());
  return ordered.filter((table) => names.includes(table));
}

export function stackSnapshots(db: Database, chains: ChainRegistry, hooks: Hooks): StackSnapshots {
  const chainSnapshots = new Map<string, Map<string, string>>();
  const tables = async (tx: Queryable) =>
    (
      await tx.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'snapshot\\_%' ORDER BY tablename`,
      )
    ).map((row) => row.name);

  const snapshotChains = async (name: string) => {
    for (const chain of chains.all()) {
      const id = await chain.client.request({ method: 'evm_snapshot' as never, params: [] as never });
      const byName = chainSnapshots.get(chain.config.chainId) ?? new Map<string, string>();
      byName.set(name, String(id));
      chainSnapshots.set(chain.config.chainId, byName);
    }
  };

  // One operation at a time: a test's revert must not interleave with another's.
  let queue: Promise<void> = Promise.resolve();
  const serial = (work: () => Promise<void>) => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    take: (raw) =>
      serial(async () => {
        const name = identifier(raw);
        await hooks.pause();
        try {
          await snapshotChains(name);
          await db.transaction(async (tx) => {
            for (const table of await tables(tx)) {
              const copy = `snapshot_${name}__${table}`;
              await tx.exec(`DROP TABLE IF EXISTS "${copy}"; CREATE TABLE "${copy}" AS TABLE "${table}"`);
            }
          });
        } finally {
          hooks.resume();
        }
      }),
    revert: (raw) =>
      serial(async () => {
        const name = identifier(raw);
        await hooks.pause();
        try {
          for (const chain of chains.all()) {
            const id = chainSnapshots.get(chain.config.chainId)?.get(name);
            if (id === undefined) throw new SnapshotError(`No snapshot "${name}" was taken`, 404);
            const reverted = await chain.client.request({
              method: 'evm_revert' as never,
              params: [id] as never,
            });
            if (reverted !== true)
              throw new Error(`anvil refused to revert chain ${chain.config.chainId} to "${name}"`);
          }
          await snapshotChains(name);
          await db.transaction(async (tx) => {
            const names = await insertionOrder(tx, await tables(tx));
            await tx.exec(`TRUNCATE ${names.map((table) => `"${table}"`).join(', ')}`);
            for (const table of names) {
              await tx.exec(`INSERT INTO "${table}" SELECT * FROM "snapshot_${name}__${table}"`);
            }
          });
          hooks.forget();
        } finally {
          hooks.resume();
        }
      }),
  };
}
