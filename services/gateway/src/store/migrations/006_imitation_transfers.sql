-- Address poisoning (see indexer/imitation.ts). The addresses each Safe's own executions sent value
-- or tokens to, first time each; vanity is what a look-alike copies: the first 3 and last 4 hex
-- digits, lower-case.
CREATE TABLE safe_recipients (
  chain_id TEXT NOT NULL,
  safe TEXT NOT NULL,
  address TEXT NOT NULL,
  vanity TEXT NOT NULL,
  block_number BIGINT NOT NULL,
  log_index INTEGER NOT NULL,
  PRIMARY KEY (chain_id, safe, address)
);
CREATE INDEX safe_recipients_by_vanity ON safe_recipients (chain_id, safe, vanity);
CREATE INDEX safe_recipients_by_block ON safe_recipients (chain_id, block_number);

-- An ERC20 transfer the Safe did not make, whose counterparty looks like an earlier recipient.
ALTER TABLE history_items ADD COLUMN imitation BOOLEAN NOT NULL DEFAULT false;

-- What was indexed before this migration, worked out as the indexer now does it.
INSERT INTO safe_recipients (chain_id, safe, address, vanity, block_number, log_index)
SELECT DISTINCT ON (chain_id, safe, address)
  chain_id, safe, address, lower(substr(address, 3, 3) || right(address, 4)), block_number, log_index
FROM (
  SELECT chain_id, safe, to_address AS address, executed_block AS block_number, executed_log_index AS log_index
  FROM multisig_transactions
  WHERE executed_block IS NOT NULL AND success AND value > 0 AND to_address <> safe
  UNION ALL
  SELECT chain_id, safe, to_address, block_number, log_index
  FROM module_transactions
  WHERE success AND value > 0 AND to_address <> safe
  UNION ALL
  SELECT t.chain_id, t.safe, t.recipient, t.block_number, t.log_index
  FROM transfers t
  WHERE t.sender = t.safe AND t.recipient <> t.safe
    AND (EXISTS (SELECT 1 FROM multisig_transactions m
                 WHERE m.chain_id = t.chain_id AND m.safe = t.safe AND m.executed_tx_hash = t.tx_hash)
      OR EXISTS (SELECT 1 FROM module_transactions m
                 WHERE m.chain_id = t.chain_id AND m.safe = t.safe AND m.tx_hash = t.tx_hash))
) AS recipients
ORDER BY chain_id, safe, address, block_number, log_index;

UPDATE history_items h SET imitation = true
FROM (
  SELECT chain_id, safe, id, block_number, log_index,
    CASE WHEN recipient = safe THEN sender ELSE recipient END AS counterparty
  FROM transfers
  WHERE token_type = 'ERC20' AND value > 0 AND sender <> recipient
) t
WHERE h.kind = 'transfer' AND h.chain_id = t.chain_id AND h.safe = t.safe AND h.ref_id = t.id
  AND EXISTS (
    SELECT 1 FROM safe_recipients r
    WHERE r.chain_id = t.chain_id AND r.safe = t.safe
      AND r.vanity = lower(substr(t.counterparty, 3, 3) || right(t.counterparty, 4))
      AND r.address <> t.counterparty
      AND (r.block_number, r.log_index) < (t.block_number, t.log_index)
  );
