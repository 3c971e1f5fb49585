import { getAddress, type Address, type Hex } from 'viem';
import type { Queryable } from '../store';

export type TransferRecord = {
  id: string;
  safe: Address;
  tokenType: 'NATIVE' | 'ERC20' | 'ERC721';
  tokenAddress: Address | null;
  sender: Address;
  recipient: Address;
  value: string | null;
  tokenId: string | null;
  txHash: Hex;
  executedAtMs: number;
};
type TransferRow = {
  id: string;
  safe: string;
  token_type: 'NATIVE' | 'ERC20' | 'ERC721';
  token_address: string | null;
  sender: string;
  recipient: string;
  value: string | null;
  token_id: string | null;
  tx_hash: Hex;
  executed_at_ms: string;
};
const transferColumns =
  'id, safe, token_type, token_address, sender, recipient, value, token_id, tx_hash, executed_at_ms';

function toTransferRecord(row: TransferRow): TransferRecord {
  return {
    id: row.id,
    safe: getAddress(row.safe),
    tokenType: row.token_type,
    tokenAddress: row.token_address ? getAddress(row.token_address) : null,
    sender: getAddress(row.sender),
    recipient: getAddress(row.recipient),
    value: row.value,
    tokenId: row.token_id,
    txHash: row.tx_hash,
    executedAtMs: Number(row.executed_at_ms),
  };
}

export async function loadTransfers(
  db: Queryable,
  chainId: string,
  safe: Address,
  ids: readonly string[],
): Promise<TransferRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<TransferRow>(
    `SELECT ${transferColumns} FROM transfers WHERE chain_id = $1 AND safe = $2 AND id = ANY($3)`,
    [chainId, safe, ids],
  );
  return rows.map(toTransferRecord);
}

/**
 * Transfers into the Safe, newest first, one more than `limit` when there are more: of one token when
 * given; `trusted` leaves out ERC20 tokens not marked trusted. Zero-value ERC20 transfers (address
 * poisoning) are never listed.
 */
export async function loadIncomingTransfers(
  db: Queryable,
  chainId: string,
  where: { safe: Address; token?: Address; trusted: boolean; limit: number; offset: number },
): Promise<TransferRecord[]> {
  const rows = await db.query<TransferRow>(
    `SELECT ${transferColumns
      .split(', ')
      .map((column) => `t.${column}`)
      .join(', ')} FROM transfers t
     LEFT JOIN tokens k ON k.chain_id = t.chain_id AND k.address = t.token_address
     WHERE t.chain_id = $1 AND t.safe = $2 AND t.recipient = $2 AND ($3::text IS NULL OR t.token_address = $3)
       AND (NOT $4::boolean OR t.token_type <> 'ERC20' OR COALESCE(k.trusted, false))
       AND NOT (t.token_type = 'ERC20' AND t.value = 0)
     ORDER BY t.block_number DESC, t.log_index DESC LIMIT $5 OFFSET $6`,
    [chainId, where.safe, where.token ?? null, where.trusted, where.limit + 1, where.offset],
  );
  return rows.map(toTransferRecord);
}
