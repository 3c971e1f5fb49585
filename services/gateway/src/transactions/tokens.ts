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
