-- Countersign gateway: the first schema. Runs unchanged on PGlite and PostgreSQL.
-- Addresses are checksummed text, hashes 0x-prefixed lower-case text, uint256 amounts NUMERIC(78,0),
-- times milliseconds since the epoch (BIGINT). Rows that come from the chain carry their block number,
-- so a reorganisation can remove everything above the fork point.

-- Where the indexer stands on each chain, and the recent blocks it saw (to notice a reorganisation).
CREATE TABLE indexer_cursors (
  chain_id TEXT PRIMARY KEY,
  block_number BIGINT NOT NULL,
  block_hash TEXT NOT NULL,
  updated_at_ms BIGINT NOT NULL
);

CREATE TABLE indexed_blocks (
  chain_id TEXT NOT NULL,
  number BIGINT NOT NULL,
  hash TEXT NOT NULL,
  parent_hash TEXT NOT NULL,
  timestamp_ms BIGINT NOT NULL,
  PRIMARY KEY (chain_id, number)
);

-- Safes the gateway knows: created through a canonical factory, or asked about.
CREATE TABLE safes (
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  singleton TEXT,
  factory TEXT,
  creator TEXT,
  salt_nonce NUMERIC(78, 0),
  creation_tx_hash TEXT,
  creation_block BIGINT,
  created_at_ms BIGINT,
  PRIMARY KEY (chain_id, address)
);

-- Current owners, kept from the SafeSetup/AddedOwner/RemovedOwner events (answers "Safes of an owner").
CREATE TABLE safe_owners (
  chain_id TEXT NOT NULL,
  safe TEXT NOT NULL,
  owner TEXT NOT NULL,
  PRIMARY KEY (chain_id, safe, owner)
);
CREATE INDEX safe_owners_by_owner ON safe_owners (chain_id, owner);

-- Multisig transactions: proposals (off-chain) and executions (indexed); one row per safeTxHash.
CREATE TABLE multisig_transactions (
  chain_id TEXT NOT NULL,
  safe TEXT NOT NULL,
  safe_tx_hash TEXT NOT NULL,
  to_address TEXT NOT NULL,
  value NUMERIC(78, 0) NOT NULL,
  data TEXT,
  operation SMALLINT NOT NULL,
  safe_tx_gas NUMERIC(78, 0) NOT NULL,
  base_gas NUMERIC(78, 0) NOT NULL,
  gas_price NUMERIC(78, 0) NOT NULL,
  gas_token TEXT NOT NULL,
  refund_receiver TEXT NOT NULL,
  nonce BIGINT NOT NULL,
  -- Set when the transaction was proposed through the API (it then outlives a reorganisation).
  proposed BOOLEAN NOT NULL DEFAULT false,
  proposer TEXT,
  proposed_by_delegate TEXT,
  origin TEXT,
  submitted_at_ms BIGINT NOT NULL,
  modified_at_ms BIGINT NOT NULL,
  executed_tx_hash TEXT,
  executed_block BIGINT,
  executed_log_index INTEGER,
  executed_at_ms BIGINT,
  executor TEXT,
  success BOOLEAN,
  payment NUMERIC(78, 0),
  PRIMARY KEY (chain_id, safe_tx_hash)
);
CREATE INDEX multisig_by_safe_nonce ON multisig_transactions (chain_id, safe, nonce);
CREATE INDEX multisig_by_block ON multisig_transactions (chain_id, executed_block);

CREATE TABLE confirmations (
  chain_id TEXT NOT NULL,
  safe_tx_hash TEXT NOT NULL,
  owner TEXT NOT NULL,
  signature TEXT,
  -- EOA (EIP-712), ETH_SIGN, CONTRACT_SIGNATURE (EIP-1271) or APPROVED_HASH
  signature_type TEXT NOT NULL,
  -- 'api' for a signature someone posted, 'chain' for one read from an execution.
  source TEXT NOT NULL,
  block_number BIGINT,
  submitted_at_ms BIGINT NOT NULL,
  PRIMARY KEY (chain_id, safe_tx_hash, owner),
  FOREIGN KEY (chain_id, safe_tx_hash) REFERENCES multisig_transactions (chain_id, safe_tx_hash) ON DELETE CASCADE
);

CREATE TABLE module_transactions (
  chain_id TEXT NOT NULL,
  id TEXT NOT NULL,
  safe TEXT NOT NULL,
  module TEXT NOT NULL,
  to_address TEXT NOT NULL,
  value NUMERIC(78, 0) NOT NULL,
  data TEXT,
  operation SMALLINT NOT NULL,
  success BOOLEAN NOT NULL,
  tx_hash TEXT NOT NULL,
  block_number BIGINT NOT NULL,
  log_index INTEGER NOT NULL,
  executed_at_ms BIGINT NOT NULL,
  PRIMARY KEY (chain_id, id)
);
CREATE INDEX module_transactions_by_safe ON module_transactions (chain_id, safe, block_number DESC, log_index DESC);

-- Native, ERC20 and ERC721 transfers touching a known Safe; a transfer between two Safes has a row for each.
CREATE TABLE transfers (
  chain_id TEXT NOT NULL,
  id TEXT NOT NULL,
  safe TEXT NOT NULL,
  token_type TEXT NOT NULL,
  token_address TEXT,
  sender TEXT NOT NULL,
  recipient TEXT NOT NULL,
  value NUMERIC(78, 0),
  token_id NUMERIC(78, 0),
  tx_hash TEXT NOT NULL,
  block_number BIGINT NOT NULL,
  log_index INTEGER NOT NULL,
  executed_at_ms BIGINT NOT NULL,
  PRIMARY KEY (chain_id, safe, id)
);
CREATE INDEX transfers_by_safe ON transfers (chain_id, safe, block_number DESC, log_index DESC);
CREATE INDEX transfers_by_block ON transfers (chain_id, block_number);

-- Each Safe's history in chain order. position counts up from 0 per Safe, so any page, however deep,
-- is one index range: newest first, offset k is position (total - 1 - k).
CREATE TABLE history_items (
  chain_id TEXT NOT NULL,
  safe TEXT NOT NULL,
  position BIGINT NOT NULL,
  -- 'creation', 'multisig', 'module' or 'transfer'
  kind TEXT NOT NULL,
  ref_id TEXT NOT NULL,
  block_number BIGINT NOT NULL,
  log_index INTEGER NOT NULL,
  timestamp_ms BIGINT NOT NULL,
  PRIMARY KEY (chain_id, safe, position),
  UNIQUE (chain_id, safe, kind, ref_id)
);
CREATE INDEX history_items_by_block ON history_items (chain_id, block_number);

CREATE TABLE tokens (
  chain_id TEXT NOT NULL,
  address TEXT NOT NULL,
  -- ERC20 or ERC721
  type TEXT NOT NULL,
  name TEXT,
  symbol TEXT,
  decimals INTEGER,
  logo_uri TEXT,
  trusted BOOLEAN NOT NULL DEFAULT false,
  PRIMARY KEY (chain_id, address)
);

-- Off-chain Safe messages (EIP-1271) and their signatures.
CREATE TABLE messages (
  chain_id TEXT NOT NULL,
  message_hash TEXT NOT NULL,
  safe TEXT NOT NULL,
  -- a JSON string (plain message) or a JSON object (EIP-712 typed data)
  message JSONB NOT NULL,
  proposed_by TEXT NOT NULL,
  safe_app_id INTEGER,
  origin TEXT,
  created_at_ms BIGINT NOT NULL,
  modified_at_ms BIGINT NOT NULL,
  PRIMARY KEY (chain_id, message_hash)
);
CREATE INDEX messages_by_safe ON messages (chain_id, safe, created_at_ms DESC);

CREATE TABLE message_confirmations (
  chain_id TEXT NOT NULL,
  message_hash TEXT NOT NULL,
  owner TEXT NOT NULL,
  signature TEXT NOT NULL,
  signature_type TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL,
  PRIMARY KEY (chain_id, message_hash, owner),
  FOREIGN KEY (chain_id, message_hash) REFERENCES messages (chain_id, message_hash) ON DELETE CASCADE
);

-- Delegates: addresses allowed to propose for a delegator (an owner), for one Safe or for all ('').
CREATE TABLE delegates (
  chain_id TEXT NOT NULL,
  safe TEXT NOT NULL DEFAULT '',
  delegate TEXT NOT NULL,
  delegator TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL,
  PRIMARY KEY (chain_id, safe, delegate, delegator)
);
CREATE INDEX delegates_by_delegate ON delegates (chain_id, delegate);

-- Push-notification registrations (the push service itself cannot exist here).
CREATE TABLE notification_devices (
  uuid TEXT PRIMARY KEY,
  cloud_messaging_token TEXT NOT NULL,
  build_number TEXT NOT NULL,
  bundle TEXT NOT NULL,
  device_type TEXT NOT NULL,
  version TEXT NOT NULL,
  created_at_ms BIGINT NOT NULL,
  updated_at_ms BIGINT NOT NULL
);

CREATE TABLE notification_subscriptions (
  device_uuid TEXT NOT NULL REFERENCES notification_devices (uuid) ON DELETE CASCADE,
  chain_id TEXT NOT NULL,
  safe TEXT NOT NULL,
  signers TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (device_uuid, chain_id, safe)
);

-- Sign-In with Ethereum: single-use nonces, valid for a few minutes, kept across restarts.
CREATE TABLE auth_nonces (
  nonce TEXT PRIMARY KEY,
  expires_at_ms BIGINT NOT NULL
);
