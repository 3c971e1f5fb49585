-- Safes on non-L2 singletons (issue 31). An execution whose fields the indexer could not prove (its
-- transaction relayed it in a way only a node's trace shows, and the node has no traces) is kept
-- with what is known, never guessed: the history lists it as kind 'unrecovered'.
CREATE TABLE unrecovered_executions (
  chain_id TEXT NOT NULL,
  -- The outcome event's place: '<txHash>:<logIndex>'.
  id TEXT NOT NULL,
  safe TEXT NOT NULL,
  -- 'multisig' or 'module'
  kind TEXT NOT NULL,
  safe_tx_hash TEXT,
  module TEXT,
  -- Who sent the transaction it ran in.
  sender TEXT NOT NULL,
  success BOOLEAN NOT NULL,
  reason TEXT NOT NULL,
  tx_hash TEXT NOT NULL,
  block_number BIGINT NOT NULL,
  log_index INTEGER NOT NULL,
  executed_at_ms BIGINT NOT NULL,
  PRIMARY KEY (chain_id, id)
);
CREATE INDEX unrecovered_by_block ON unrecovered_executions (chain_id, block_number);

-- A Safe whose events the indexer could not make sense of is set aside: not followed any more, so
-- that it can never stop the chain's indexing; its pages say why and from which block.
ALTER TABLE safes ADD COLUMN set_aside_reason TEXT;
ALTER TABLE safes ADD COLUMN set_aside_block BIGINT;
ALTER TABLE safes ADD COLUMN set_aside_tx_hash TEXT;
