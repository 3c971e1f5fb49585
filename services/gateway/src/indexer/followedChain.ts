import type { Database } from '../store';
import type { IndexerProgress, IndexerStatus } from './indexer';

/**
 * A chain another replica indexes, as this one shows it in /health and /metrics: where the indexer
 * stands and the head it last saw, read from the store (asking the node would cost its RPC a call
 * per replica). Read again whenever the indexing replica announces a write.
 */
export class FollowedChain {
  readonly follows = true;
  readonly #db: Database;
  readonly #chainId: string;
  #progress: IndexerProgress = { head: null, block: null, blockTimeMs: null };
  #reading: Promise<void> | undefined;
  #again = false;

  constructor(db: Database, chainId: string) {
    this.#db = db;
    this.#chainId = chainId;
  }

  /** Followers cannot tell the indexing replica's troubles: they say they follow, and how far it is. */
  status(): IndexerStatus {
    return { state: 'following', block: this.#progress.block };
  }

  progress(): IndexerProgress {
    return this.#progress;
  }

  /** Reads the cursor again; calls during a read make one more read after it, not one each. */
  refresh(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = (async () => {
      try {
        do {
          this.#again = false;
          await this.#read();
        } while (this.#again);
      } catch {
        // The store is unreachable: the figures stay as they were until the next news.
      } finally {
        this.#reading = undefined;
      }
    })();
    return this.#reading;
  }

  async #read(): Promise<void> {
    const [row] = await this.#db.query<{
      block_number: string;
      head_number: string | null;
      timestamp_ms: string | null;
    }>(
      `SELECT c.block_number, c.head_number, b.timestamp_ms FROM indexer_cursors c
         LEFT JOIN indexed_blocks b ON b.chain_id = c.chain_id AND b.number = c.block_number
       WHERE c.chain_id = $1`,
      [this.#chainId],
    );
    this.#progress = row
      ? {
          block: Number(row.block_number),
          head: row.head_number === null ? null : Number(row.head_number),
          blockTimeMs: row.timestamp_ms === null ? null : Number(row.timestamp_ms),
        }
      : { head: null, block: null, blockTimeMs: null };
  }
}
