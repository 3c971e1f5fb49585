import type { Address, Hex } from 'viem';
import type { Queryable } from '../store';

/** How a Safe came to be, as the indexer saw its creation; null fields where it did not. */
export type CreationRow = {
  creator: string | null;
  creation_tx_hash: Hex | null;
  singleton: string | null;
  factory: string | null;
  salt_nonce: string | null;
  created_at_ms: string | null;
};

export async function loadCreation(
  db: Queryable,
  chainId: string,
  safe: Address,
): Promise<CreationRow | undefined> {
  const [row] = await db.query<CreationRow>(
    'SELECT creator, creation_tx_hash, singleton, factory, salt_nonce, created_at_ms FROM safes WHERE chain_id = $1 AND address = $2',
    [chainId, safe],
  );
  return row;
}
