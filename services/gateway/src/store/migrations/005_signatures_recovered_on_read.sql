-- An execution's signatures as the Safe checked them on chain. The indexer keeps them here instead of
-- recovering every signer while it catches up; the signers are recovered (into confirmations) the
-- first time someone reads the transaction's details, and this is then cleared.
ALTER TABLE multisig_transactions ADD COLUMN executed_signatures TEXT;
