-- The chain's head as the indexing replica last saw it, written with the cursor: replicas that do not
-- index (issue 26: one indexes a chain at a time) show their lag from here rather than ask the node.
ALTER TABLE indexer_cursors ADD COLUMN head_number BIGINT;
