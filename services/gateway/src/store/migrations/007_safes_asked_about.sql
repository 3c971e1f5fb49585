-- A Safe somebody asked about that the indexer did not see created (another factory, a direct
-- deployment, before the start block) has its past read from the start block, in ranges of its own,
-- until it reaches where the indexer stands: backfill_next is the next block to read. NULL for a Safe
-- the indexer follows with all the others.
ALTER TABLE safes ADD COLUMN backfill_next BIGINT;
