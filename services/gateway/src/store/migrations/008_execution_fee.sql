-- What an execution paid for gas, in wei: gasUsed × effectiveGasPrice of its Ethereum transaction.
-- Read from the receipt the first time someone reads the transaction's details, and kept here; cleared
-- whenever the execution itself changes (a reorganisation, or the same SafeTx executed again).
ALTER TABLE multisig_transactions ADD COLUMN fee NUMERIC(78, 0);
