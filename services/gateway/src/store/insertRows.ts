import type { Queryable } from './database';

/**
 * Rows per statement. Far below PostgreSQL's 65,535 parameters, and small enough that parsing and
 * planning one statement stays light: in the embedded database, memory that a big statement touched
 * stays with the process (WASM memory is never given back).
 */
const chunkSize = 100;

/**
 * Inserts many rows with multi-row VALUES statements, `chunkSize` rows at a time. `head` is the
 * `INSERT INTO table (columns)` part; `tail` what follows VALUES (ON CONFLICT …, RETURNING …).
 */
export async function insertRows<Row extends Record<string, unknown> = Record<string, unknown>>(
  tx: Queryable,
  head: string,
  rows: readonly (readonly unknown[])[],
  tail = '',
): Promise<Row[]> {
  const returned: Row[] = [];
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const params: unknown[] = [];
    const values = chunk.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(', ')})`);
    returned.push(...(await tx.query<Row>(`${head} VALUES ${values.join(', ')} ${tail}`, params)));
  }
  return returned;
}
