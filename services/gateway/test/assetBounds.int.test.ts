import { getAddress, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { heldCollectibles, heldErc20Addresses } from '../src/assets/store';
import { openDatabase, type Database } from '../src/store';
import { testDatabases } from './support/databases';

const safe = getAddress('0x5afe00000000000000000000000000000000cafe');
const stranger = getAddress('0x0000000000000000000000000000000000000bad');
const token = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);

async function transfer(
  db: Database,
  row: { token: Address; type: 'ERC20' | 'ERC721'; block: number; to?: Address; id?: number },
) {
  const to = row.to ?? safe;
  await db.query(
    `INSERT INTO transfers (chain_id, id, safe, token_type, token_address, sender, recipient, value, token_id, tx_hash, block_number, log_index, executed_at_ms)
     VALUES ('1337', $1, $2, $3, $4, $5, $6, $7, $8, '0xh', $9, 0, 0)`,
    [
      `${row.token}-${row.block}-${row.id ?? 0}`,
      safe,
      row.type,
      row.token,
      to === safe ? stranger : safe,
      to,
      row.type === 'ERC20' ? '1' : null,
      row.type === 'ERC721' ? String(row.id) : null,
      row.block,
    ],
  );
}

const trust = (db: Database, address: Address, type: 'ERC20' | 'ERC721') =>
  db.query(`INSERT INTO tokens (chain_id, address, type, trusted) VALUES ('1337', $1, $2, true)`, [
    address,
    type,
  ]);

/**
 * Issue 32: anyone can send a Safe tokens, so "every token it received" has no bound of its own.
 * A balances answer reads a bounded number of them, the ones that matter first; collectibles are
 * read a page at a time.
 */
describe.each(testDatabases())('asset reads bounded on $name', ({ options }) => {
  it('reads trusted tokens first, then those the Safe met first, up to the limit, and counts the rest', async () => {
    const db = await openDatabase(options());
    try {
      // Five tokens met in blocks 1..5; the one met last is trusted.
      for (let n = 1; n <= 5; n++) await transfer(db, { token: token(n), type: 'ERC20', block: n });
      await transfer(db, { token: token(2), type: 'ERC20', block: 9 });
      await trust(db, token(5), 'ERC20');
      expect(await heldErc20Addresses(db, '1337', safe, { trustedOnly: false, limit: 3 })).toEqual({
        addresses: [token(5), token(1), token(2)],
        total: 5,
      });
      expect(await heldErc20Addresses(db, '1337', safe, { trustedOnly: true, limit: 3 })).toEqual({
        addresses: [token(5)],
        total: 1,
      });
    } finally {
      await db.close();
    }
  });

  it('windows the collectibles whose last transfer went to the Safe, with their count', async () => {
    const db = await openDatabase(options());
    try {
      const collection = token(0x721);
      for (let id = 1; id <= 4; id++)
        await transfer(db, { token: collection, type: 'ERC721', block: id, id });
      // Token 2 left the Safe; token 3 left and came back.
      await transfer(db, { token: collection, type: 'ERC721', block: 10, id: 2, to: stranger });
      await transfer(db, { token: collection, type: 'ERC721', block: 11, id: 3, to: stranger });
      await transfer(db, { token: collection, type: 'ERC721', block: 12, id: 3 });
      const window = (offset: number, limit: number, trustedOnly = false) =>
        heldCollectibles(db, '1337', safe, { trustedOnly, offset, limit });
      expect(await window(0, 2)).toEqual({
        items: [
          { address: collection, id: 1n },
          { address: collection, id: 3n },
        ],
        total: 3,
      });
      expect(await window(2, 2)).toEqual({ items: [{ address: collection, id: 4n }], total: 3 });
      expect(await window(10, 2)).toEqual({ items: [], total: 3 });
      expect(await window(0, 2, true)).toEqual({ items: [], total: 0 });
      await trust(db, collection, 'ERC721');
      expect((await window(0, 5, true)).total).toBe(3);
    } finally {
      await db.close();
    }
  });
});
