import type { TransactionSummary, TxStatus } from '@countersign/gateway-api';
import { getAddress, type Address, type Hex } from 'viem';
import { addressInfo } from '../addressInfo';
import { logoUrls, type LogoUrls } from '../assets/icons';
import type { SafeAppCatalogue } from '../safeApps';
import type { Queryable } from '../store';
import { classifyCall, direction, tokenTransferInfo } from './classify';
import { loadTokens, type Token } from './tokens';

/** What the summaries need to know of the Safe now: its nonce, threshold and owners. */
export type SafeNow = { nonce: number; threshold: number; owners: Address[] };

type SafeAppInfo = TransactionSummary['safeAppInfo'];

/**
 * What summaries show beyond their records: the tokens they name and where their logos are, the app a
 * proposal came from.
 */
export type SummaryContext = {
  tokens: ReadonlyMap<Address, Token>;
  logos: LogoUrls;
  safeAppOf: (origin: string | null) => SafeAppInfo;
};

/**
 * The context for summaries of one page: only the tokens its records may name (a call's target, a
 * transfer's token), read in one query. `publicOrigin` is the gateway's, for generated token icons.
 */
export async function summaryContext(
  db: Queryable,
  chainId: string,
  safeApps: SafeAppCatalogue,
  tokenAddresses: Iterable<Address>,
  publicOrigin: string,
): Promise<SummaryContext> {
  return {
    tokens: await loadTokens(db, chainId, tokenAddresses),
    logos: logoUrls(publicOrigin, chainId),
    safeAppOf: (origin) => safeApps.appOfOrigin(chainId, origin),
  };
}

export type MultisigRecord = {
  safe: Address;
  safeTxHash: Hex;
  to: Address;
  value: bigint;
  data: Hex | null;
  operation: number;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: number;
  proposer: Address | null;
  proposedByDelegate: Address | null;
  origin: string | null;
  submittedAtMs: number;
  modifiedAtMs: number;
  executedTxHash: Hex | null;
  executedAtMs: number | null;
  executor: Address | null;
  success: boolean | null;
  /** The refund the Safe paid per the SafeTx (ExecutionSuccess/ExecutionFailure); null until executed. */
  payment: bigint | null;
  /** Wei the executing transaction paid for gas, once read from its receipt (see details.ts). */
  fee: bigint | null;
  confirmationsRequired: number | null;
  confirmations: { owner: Address; signature: Hex | null; type: string; submittedAtMs: number }[];
  /** How many owners signed: the confirmations, or for an execution not read yet, what the Safe checked. */
  confirmationsSubmitted: number;
};

type MultisigRow = {
  safe: string;
  safe_tx_hash: Hex;
  to_address: string;
  value: string;
  data: Hex | null;
  operation: number;
  safe_tx_gas: string;
  base_gas: string;
  gas_price: string;
  gas_token: string;
  refund_receiver: string;
  nonce: string;
  proposer: string | null;
  proposed_by_delegate: string | null;
  origin: string | null;
  submitted_at_ms: string;
  modified_at_ms: string;
  executed_tx_hash: Hex | null;
  executed_at_ms: string | null;
  executor: string | null;
  success: boolean | null;
  payment: string | null;
  fee: string | null;
  confirmations_required: number | null;
  signers_pending: boolean;
};

const multisigColumns = `safe, safe_tx_hash, to_address, value, data, operation, safe_tx_gas, base_gas, gas_price, gas_token,
  refund_receiver, nonce, proposer, proposed_by_delegate, origin, submitted_at_ms, modified_at_ms, executed_tx_hash,
  executed_at_ms, executor, success, payment, fee, confirmations_required,
  executed_signatures IS NOT NULL AS signers_pending`;

/** Multisig transactions with their confirmations, by safeTxHash. */
export async function loadMultisig(
  db: Queryable,
  chainId: string,
  hashes: readonly string[],
): Promise<Map<string, MultisigRecord>> {
  if (hashes.length === 0) return new Map();
  const rows = await db.query<MultisigRow>(
    `SELECT ${multisigColumns} FROM multisig_transactions WHERE chain_id = $1 AND safe_tx_hash = ANY($2)`,
    [chainId, hashes],
  );
  const confirmations = await db.query<{
    safe_tx_hash: string;
    owner: string;
    signature: Hex | null;
    signature_type: string;
    submitted_at_ms: string;
  }>(
    `SELECT safe_tx_hash, owner, signature, signature_type, submitted_at_ms FROM confirmations
     WHERE chain_id = $1 AND safe_tx_hash = ANY($2) ORDER BY submitted_at_ms, owner`,
    [chainId, hashes],
  );
  const records = new Map<string, MultisigRecord>();
  const pendingSigners = new Set<string>();
  for (const row of rows) {
    records.set(row.safe_tx_hash, {
      safe: getAddress(row.safe),
      safeTxHash: row.safe_tx_hash,
      to: getAddress(row.to_address),
      value: BigInt(row.value),
      data: row.data,
      operation: row.operation,
      safeTxGas: BigInt(row.safe_tx_gas),
      baseGas: BigInt(row.base_gas),
      gasPrice: BigInt(row.gas_price),
      gasToken: getAddress(row.gas_token),
      refundReceiver: getAddress(row.refund_receiver),
      nonce: Number(row.nonce),
      proposer: row.proposer ? getAddress(row.proposer) : null,
      proposedByDelegate: row.proposed_by_delegate ? getAddress(row.proposed_by_delegate) : null,
      origin: row.origin,
      submittedAtMs: Number(row.submitted_at_ms),
      modifiedAtMs: Number(row.modified_at_ms),
      executedTxHash: row.executed_tx_hash,
      executedAtMs: row.executed_at_ms === null ? null : Number(row.executed_at_ms),
      executor: row.executor ? getAddress(row.executor) : null,
      success: row.success,
      payment: row.payment === null ? null : BigInt(row.payment),
      fee: row.fee === null ? null : BigInt(row.fee),
      confirmationsRequired: row.confirmations_required,
      confirmations: [],
      confirmationsSubmitted: 0,
    });
    if (row.signers_pending) pendingSigners.add(row.safe_tx_hash);
  }
  for (const c of confirmations) {
    records.get(c.safe_tx_hash)?.confirmations.push({
      owner: getAddress(c.owner),
      signature: c.signature,
      type: c.signature_type,
      submittedAtMs: Number(c.submitted_at_ms),
    });
  }
  for (const [hash, record] of records) {
    // An execution whose signers are not recovered yet: the Safe checked exactly `threshold` signatures.
    record.confirmationsSubmitted = pendingSigners.has(hash)
      ? Math.max(record.confirmations.length, record.confirmationsRequired ?? 0)
      : record.confirmations.length;
  }
  return records;
}

export function multisigStatus(record: MultisigRecord, safe: SafeNow): TxStatus {
  if (record.executedAtMs !== null) return record.success ? 'SUCCESS' : 'FAILED';
  if (record.nonce < safe.nonce) return 'CANCELLED';
  return record.confirmations.length < requiredConfirmations(record, safe)
    ? 'AWAITING_CONFIRMATIONS'
    : 'AWAITING_EXECUTION';
}

/** Executed: the threshold it was executed with. Pending: the Safe's threshold now. */
export function requiredConfirmations(record: MultisigRecord, safe: SafeNow): number {
  return record.executedAtMs !== null && record.confirmationsRequired !== null
    ? record.confirmationsRequired
    : safe.threshold;
}

/** The note a proposer attached, from the JSON origin ({"url","name","note"}). */
export function originNote(origin: string | null): string | null {
  if (!origin) return null;
  try {
    const parsed = JSON.parse(origin) as { note?: unknown };
    return typeof parsed.note === 'string' ? parsed.note : null;
  } catch {
    return null;
  }
}

export function multisigSummary(
  record: MultisigRecord,
  safe: SafeNow,
  context: SummaryContext,
): TransactionSummary {
  const status = multisigStatus(record, safe);
  const signed = new Set(record.confirmations.map((c) => c.owner));
  return {
    id: `multisig_${record.safe}_${record.safeTxHash}`,
    timestamp: record.executedAtMs ?? record.submittedAtMs,
    txStatus: status,
    txInfo: classifyCall(
      {
        safe: record.safe,
        to: record.to,
        value: record.value,
        data: record.data,
        operation: record.operation,
        refund: record,
      },
      context,
    ),
    executionInfo: {
      type: 'MULTISIG',
      nonce: record.nonce,
      confirmationsRequired: requiredConfirmations(record, safe),
      confirmationsSubmitted: record.confirmationsSubmitted,
      missingSigners:
        status === 'AWAITING_CONFIRMATIONS'
          ? safe.owners.filter((o) => !signed.has(o)).map((o) => addressInfo(o))
          : null,
    },
    safeAppInfo: context.safeAppOf(record.origin),
    txHash: record.executedTxHash,
    note: originNote(record.origin),
  };
}

export type ModuleRecord = {
  id: string;
  safe: Address;
  module: Address;
  to: Address;
  value: bigint;
  data: Hex | null;
  operation: number;
  success: boolean;
  txHash: Hex;
  executedAtMs: number;
};

export async function loadModuleTransactions(
  db: Queryable,
  chainId: string,
  where:
    | { ids: readonly string[] }
    | { safe: Address; module?: Address; to?: Address; txHash?: string; limit: number; offset: number },
): Promise<ModuleRecord[]> {
  const rows =
    'ids' in where
      ? await db.query<ModuleRow>(
          `SELECT ${moduleColumns} FROM module_transactions WHERE chain_id = $1 AND id = ANY($2)`,
          [chainId, where.ids],
        )
      : await db.query<ModuleRow>(
          `SELECT ${moduleColumns} FROM module_transactions
           WHERE chain_id = $1 AND safe = $2 AND ($3::text IS NULL OR module = $3) AND ($4::text IS NULL OR to_address = $4)
             AND ($5::text IS NULL OR tx_hash = $5)
           ORDER BY block_number DESC, log_index DESC LIMIT $6 OFFSET $7`,
          [
            chainId,
            where.safe,
            where.module ?? null,
            where.to ?? null,
            where.txHash ?? null,
            where.limit,
            where.offset,
          ],
        );
  return rows.map((row) => ({
    id: row.id,
    safe: getAddress(row.safe),
    module: getAddress(row.module),
    to: getAddress(row.to_address),
    value: BigInt(row.value),
    data: row.data,
    operation: row.operation,
    success: row.success,
    txHash: row.tx_hash,
    executedAtMs: Number(row.executed_at_ms),
  }));
}
type ModuleRow = {
  id: string;
  safe: string;
  module: string;
  to_address: string;
  value: string;
  data: Hex | null;
  operation: number;
  success: boolean;
  tx_hash: Hex;
  executed_at_ms: string;
};
const moduleColumns =
  'id, safe, module, to_address, value, data, operation, success, tx_hash, executed_at_ms';

export function moduleSummary(record: ModuleRecord, context: SummaryContext): TransactionSummary {
  return {
    id: `module_${record.safe}_${record.id}`,
    timestamp: record.executedAtMs,
    txStatus: record.success ? 'SUCCESS' : 'FAILED',
    txInfo: classifyCall(
      {
        safe: record.safe,
        to: record.to,
        value: record.value,
        data: record.data,
        operation: record.operation,
      },
      context,
    ),
    executionInfo: { type: 'MODULE', address: addressInfo(record.module) },
    safeAppInfo: null,
    txHash: record.txHash,
    note: null,
  };
}

export type TransferRecord = {
  id: string;
  safe: Address;
  tokenType: 'NATIVE' | 'ERC20' | 'ERC721';
  tokenAddress: Address | null;
  sender: Address;
  recipient: Address;
  value: string | null;
  tokenId: string | null;
  txHash: Hex;
  executedAtMs: number;
};
type TransferRow = {
  id: string;
  safe: string;
  token_type: 'NATIVE' | 'ERC20' | 'ERC721';
  token_address: string | null;
  sender: string;
  recipient: string;
  value: string | null;
  token_id: string | null;
  tx_hash: Hex;
  executed_at_ms: string;
};
export const transferColumns =
  'id, safe, token_type, token_address, sender, recipient, value, token_id, tx_hash, executed_at_ms';

export function toTransferRecord(row: TransferRow): TransferRecord {
  return {
    id: row.id,
    safe: getAddress(row.safe),
    tokenType: row.token_type,
    tokenAddress: row.token_address ? getAddress(row.token_address) : null,
    sender: getAddress(row.sender),
    recipient: getAddress(row.recipient),
    value: row.value,
    tokenId: row.token_id,
    txHash: row.tx_hash,
    executedAtMs: Number(row.executed_at_ms),
  };
}

export async function loadTransfers(
  db: Queryable,
  chainId: string,
  safe: Address,
  ids: readonly string[],
): Promise<TransferRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<TransferRow>(
    `SELECT ${transferColumns} FROM transfers WHERE chain_id = $1 AND safe = $2 AND id = ANY($3)`,
    [chainId, safe, ids],
  );
  return rows.map(toTransferRecord);
}

/** `imitation`: the indexer's address-poisoning flag, which only the history shows. */
export function transferSummary(
  record: TransferRecord,
  context: SummaryContext,
  imitation = false,
): TransactionSummary {
  const token = record.tokenAddress ? context.tokens.get(record.tokenAddress) : undefined;
  const transferInfo =
    record.tokenType === 'NATIVE' || !record.tokenAddress
      ? { type: 'NATIVE_COIN' as const, value: record.value }
      : tokenTransferInfo(
          token,
          record.tokenAddress,
          (record.tokenType === 'ERC721' ? record.tokenId : record.value) ?? '0',
          record.tokenType === 'ERC721',
          context.logos,
          imitation,
        );
  return {
    id: `transfer_${record.safe}_${record.id}`,
    timestamp: record.executedAtMs,
    txStatus: 'SUCCESS',
    txInfo: {
      type: 'Transfer',
      sender: addressInfo(record.sender),
      recipient: addressInfo(record.recipient),
      direction: direction(record.safe, record.sender, record.recipient),
      transferInfo,
      humanDescription: null,
    },
    executionInfo: null,
    safeAppInfo: null,
    txHash: record.txHash,
    note: null,
  };
}

export async function creationSummary(
  db: Queryable,
  chainId: string,
  safe: Address,
): Promise<TransactionSummary | null> {
  const [row] = await db.query<{
    creator: string | null;
    creation_tx_hash: Hex | null;
    singleton: string | null;
    factory: string | null;
    salt_nonce: string | null;
    created_at_ms: string | null;
  }>(
    'SELECT creator, creation_tx_hash, singleton, factory, salt_nonce, created_at_ms FROM safes WHERE chain_id = $1 AND address = $2',
    [chainId, safe],
  );
  if (!row?.creation_tx_hash || !row.creator || row.created_at_ms === null) return null;
  return {
    id: `creation_${safe}`,
    timestamp: Number(row.created_at_ms),
    txStatus: 'SUCCESS',
    txInfo: {
      type: 'Creation',
      creator: addressInfo(row.creator),
      transactionHash: row.creation_tx_hash,
      implementation: row.singleton ? addressInfo(row.singleton) : null,
      factory: row.factory ? addressInfo(row.factory) : null,
      saltNonce: row.salt_nonce,
      humanDescription: null,
    },
    executionInfo: null,
    safeAppInfo: null,
    txHash: row.creation_tx_hash,
    note: null,
  };
}
