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
export async function heldErc20Addresses(db: Queryable, chainId: string, safe: Address): Promise<Address[]> {
  const rows = await db.query<{ token_address: string }>(
    `SELECT DISTINCT token_address FROM transfers WHERE chain_id = $1 AND safe = $2 AND token_type = 'ERC20'`,
    [chainId, safe],
  );
  return rows.map((row) => getAddress(row.token_address));
}

/** Every ERC721 token the Safe ever received, each once, by collection and id. */
export async function receivedCollectibles(
  db: Queryable,
  chainId: string,
  safe: Address,
): Promise<{ address: Address; id: bigint }[]> {
  const rows = await db.query<{ token_address: string; token_id: string }>(
    `SELECT DISTINCT token_address, token_id FROM transfers
     WHERE chain_id = $1 AND safe = $2 AND token_type = 'ERC721' AND recipient = $2
     ORDER BY token_address, token_id`,
    [chainId, safe],
  );
  return rows.map((row) => ({ address: getAddress(row.token_address), id: BigInt(row.token_id) }));
}
