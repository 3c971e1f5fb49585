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
export const transferColumns =
  'id, safe, token_type, token_address, sender, recipient, value, token_id, tx_hash, executed_at_ms';

export function toTransferRecord(row: TransferRow): TransferRecord {
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
