-- A Safe somebody asks about has its past read newest first (issue 31): its latest page is there
-- within seconds while older blocks fill in behind. backfill_below is the lowest block read so far:
-- every block from it on is in the store, blocks from the start block up to it are still to be read.
-- NULL once the whole past is read. backfill_below_ms is that block's timestamp, when known, so that
-- the Safe's pages can say how far back its history is complete; backfill_written_ms is when the
-- backfill last wrote, which moves the history tag even though the newest item stays the same.
ALTER TABLE safes ADD COLUMN backfill_below BIGINT;
ALTER TABLE safes ADD COLUMN backfill_below_ms BIGINT;
ALTER TABLE safes ADD COLUMN backfill_written_ms BIGINT;

-- A Safe being caught up oldest first holds the oldest part of its past: positions count up from
-- there, so newer blocks could not go below them. Its history items go and it is read again newest
-- first from where the indexer stands; the rows they point to are kept (each is written again as is).
DELETE FROM history_items
WHERE (chain_id, safe) IN (SELECT chain_id, address FROM safes WHERE backfill_next IS NOT NULL);
UPDATE safes SET backfill_below = cursors.block_number + 1
FROM indexer_cursors AS cursors
WHERE cursors.chain_id = safes.chain_id AND safes.backfill_next IS NOT NULL;

ALTER TABLE safes DROP COLUMN backfill_next;
