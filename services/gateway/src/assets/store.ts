import type { Address } from 'viem';
import { getAddress } from 'viem';
import type { Queryable } from '../store';

export type Token = {
  address: Address;
  type: 'ERC20' | 'ERC721';
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  logoUri: string | null;
  trusted: boolean;
};

/**
 * The tokens among `addresses` that the indexer has met, by address. Callers name what a page
 * refers to: a chain's token table grows with every token anyone sent to a Safe.
 */
export async function loadTokens(
  db: Queryable,
  chainId: string,
  addresses: Iterable<Address>,
): Promise<Map<Address, Token>> {
  const wanted = [...new Set(addresses)];
  if (wanted.length === 0) return new Map();
  const rows = await db.query<{
    address: string;
    type: 'ERC20' | 'ERC721';
    name: string | null;
    symbol: string | null;
    decimals: number | null;
    logo_uri: string | null;
    trusted: boolean;
  }>(
    'SELECT address, type, name, symbol, decimals, logo_uri, trusted FROM tokens WHERE chain_id = $1 AND address = ANY($2)',
    [chainId, wanted],
  );
  return new Map(
    rows.map((row) => [
      getAddress(row.address),
      {
        address: getAddress(row.address),
        type: row.type,
        name: row.name,
        symbol: row.symbol,
        decimals: row.decimals,
        logoUri: row.logo_uri,
        trusted: row.trusted,
      },
    ]),
  );
}

/** The ERC20 tokens that moved in or out of the Safe, each once. */
/**
 * The ERC20 tokens the Safe ever received or sent, at most `limit`: trusted ones first, then in the
 * order the Safe first met them, so that a flood of airdropped tokens cannot push out what it held
 * before. `total` counts them all.
 */
export async function heldErc20Addresses(
  db: Queryable,
  chainId: string,
  safe: Address,
  options: { trustedOnly: boolean; limit: number },
): Promise<{ addresses: Address[]; total: number }> {
  const rows = await db.query<{ token_address: string; total: string }>(
    `SELECT t.token_address, count(*) OVER () AS total
     FROM transfers t
     LEFT JOIN tokens k ON k.chain_id = t.chain_id AND k.address = t.token_address
     WHERE t.chain_id = $1 AND t.safe = $2 AND t.token_type = 'ERC20' AND (NOT $3 OR k.trusted)
     GROUP BY t.token_address, k.trusted
     ORDER BY coalesce(k.trusted, false) DESC, min(t.block_number), min(t.log_index), t.token_address
     LIMIT $4`,
    [chainId, safe, options.trustedOnly, options.limit],
  );
  return {
    addresses: rows.map((row) => getAddress(row.token_address)),
    total: Number(rows[0]?.total ?? 0),
  };
}

/**
 * The ERC721 tokens whose last transfer the gateway saw went to the Safe (of trusted collections
 * only, if asked), by collection and id: a window of them (`offset`, `limit`), and how many there are.
 */
export async function heldCollectibles(
  db: Queryable,
  chainId: string,
  safe: Address,
  options: { trustedOnly: boolean; offset: number; limit: number },
): Promise<{ items: { address: Address; id: bigint }[]; total: number }> {
  const held = `SELECT token_address, token_id FROM (
       SELECT DISTINCT ON (token_address, token_id) token_address, token_id, recipient
       FROM transfers
       WHERE chain_id = $1 AND safe = $2 AND token_type = 'ERC721'
       ORDER BY token_address, token_id, block_number DESC, log_index DESC
     ) last
     WHERE recipient = $2 AND (NOT $3 OR EXISTS (
       SELECT 1 FROM tokens k WHERE k.chain_id = $1 AND k.address = last.token_address AND k.trusted))`;
  const [rows, [count]] = await Promise.all([
    db.query<{ token_address: string; token_id: string }>(
      `${held} ORDER BY token_address, token_id OFFSET $4 LIMIT $5`,
      [chainId, safe, options.trustedOnly, options.offset, options.limit],
    ),
    db.query<{ total: string }>(`SELECT count(*) AS total FROM (${held}) held`, [
      chainId,
      safe,
      options.trustedOnly,
    ]),
  ]);
  return {
    items: rows.map((row) => ({ address: getAddress(row.token_address), id: BigInt(row.token_id) })),
    total: Number(count?.total ?? 0),
  };
}
