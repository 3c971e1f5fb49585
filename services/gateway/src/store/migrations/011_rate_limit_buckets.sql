-- The rate limits' token buckets where several replicas share the database (issue 26): one limit per
-- client whichever replica answers, not one per replica. A row is a bucket ('writes 10.0.0.1'): the
-- tokens left after its last take, whether that take was refused, and when it was made (the
-- database's clock, in ms, so replicas' clocks do not matter). Rows untouched for ten minutes are
-- full again and are deleted now and then; no index on the time, so that a take stays a HOT update.
CREATE TABLE rate_limit_buckets (
  bucket TEXT PRIMARY KEY,
  tokens DOUBLE PRECISION NOT NULL,
  refused BOOLEAN NOT NULL,
  updated_at_ms DOUBLE PRECISION NOT NULL
);
