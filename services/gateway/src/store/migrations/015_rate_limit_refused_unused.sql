-- A refused take no longer writes its bucket (issue 32), so `refused` is never true and no longer
-- written. It gets a default rather than being dropped: a replica still on the previous version,
-- during a rolling upgrade, writes it. A later migration drops it.
ALTER TABLE rate_limit_buckets ALTER COLUMN refused SET DEFAULT false;
