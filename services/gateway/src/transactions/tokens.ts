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

/** The tokens of a chain the indexer has met, by address. */
export async function loadTokens(db: Queryable, chainId: string): Promise<Map<Address, Token>> {
  const rows = await db.query<{
    address: string;
    type: 'ERC20' | 'ERC721';
    name: string | null;
    symbol: string | null;
    decimals: number | null;
    logo_uri: string | null;
    trusted: boolean;
  }>('SELECT address, type, name, symbol, decimals, logo_uri, trusted FROM tokens WHERE chain_id = $1', [
    chainId,
  ]);
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
