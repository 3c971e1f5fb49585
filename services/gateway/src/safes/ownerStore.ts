import type { Address } from 'viem';
import type { Queryable } from '../store';

/** The Safes `owner` owns on the chain, as the indexer follows them, by address. */
export async function safesOfOwner(db: Queryable, chainId: string, owner: Address): Promise<string[]> {
  const rows = await db.query<{ safe: string }>(
    'SELECT safe FROM safe_owners WHERE chain_id = $1 AND owner = $2 ORDER BY safe',
    [chainId, owner],
  );
  return rows.map((row) => row.safe);
}
