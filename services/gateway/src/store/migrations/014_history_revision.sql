-- Tags are Unix seconds, so two changes to a Safe's history within one second (blocks on fast L2s,
-- a transfer indexed in the second of the item before it) leave its tag where it was, and a client
-- that fetched in between never learns of the second. history_revision counts every write to the
-- Safe's history items: SafeInfo reports it beside the tags, and Countersign's web app compares it.
ALTER TABLE safes ADD COLUMN history_revision BIGINT NOT NULL DEFAULT 0;
