-- How many confirmations a multisig transaction needed: the threshold when it was executed (from
-- SafeMultiSigTransaction's additionalInfo) or proposed.
ALTER TABLE multisig_transactions ADD COLUMN confirmations_required INTEGER;

-- A second per-Safe sequence over the items shown with trusted=true (the default): everything but
-- transfers of untrusted ERC20 tokens. Like position, any page is one index range.
ALTER TABLE history_items ADD COLUMN trusted_position BIGINT;
CREATE UNIQUE INDEX history_items_trusted ON history_items (chain_id, safe, trusted_position);
