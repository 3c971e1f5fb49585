import type { TransactionData, TransactionDetails } from '@countersign/gateway-api';
import { decodeCall, safe141 } from '@countersign/safe-core';
import type { Address, Hex } from 'viem';
import { addressInfo } from '../addressInfo';
import type { ServedChain } from '../chains/registry';
import { serviceUnavailable } from '../http/errors';
import type { SafeAppCatalogue } from '../safeApps';
import { readSafe } from '../safes/readSafe';
import type { Database } from '../store';
import { recoverChainSigners } from './chainSigners';
import { classifyCall } from './classify';
import {
  loadMultisig,
  multisigStatus,
  moduleSummary,
  multisigSummary,
  originNote,
  requiredConfirmations,
  summaryContext,
  type ModuleRecord,
  type MultisigRecord,
  type SafeNow,
  type SummaryContext,
} from './summaries';

/** Delegate calls into these are what Safe itself ships for batching and signing: trusted. */
export const trustedDelegateCallTargets = new Set<string>([
  safe141.multiSend,
  safe141.multiSendCallOnly,
  safe141.signMessageLib,
]);

/** The Safe as it stands on chain, read once per request and only if needed. */
export function safeNowReader(chain: ServedChain, safe: Address): () => Promise<SafeNow> {
  let cached: Promise<SafeNow> | undefined;
  return () =>
    (cached ??= readSafe(chain.client, safe).then(
      (state) =>
        state
          ? { nonce: state.nonce, threshold: state.threshold, owners: state.owners }
          : { nonce: 0, threshold: 0, owners: [] },
      () => {
        throw serviceUnavailable();
      },
    ));
}

/** What a multisig or module transaction calls: target, value, operation, data and its decoding. */
function transactionData(call: {
  to: Address;
  value: bigint;
  data: Hex | null;
  operation: number;
}): TransactionData {
  return {
    hexData: call.data,
    dataDecoded: decodeCall(call.data),
    to: addressInfo(call.to),
    value: call.value.toString(),
    operation: call.operation === 1 ? 1 : 0,
    trustedDelegateCallTarget: call.operation === 1 ? trustedDelegateCallTargets.has(call.to) : null,
    addressInfoIndex: null,
  };
}

export function moduleDetails(record: ModuleRecord, context: SummaryContext): TransactionDetails {
  const summary = moduleSummary(record, context);
  return {
    safeAddress: record.safe,
    txId: summary.id,
    executedAt: record.executedAtMs,
    txStatus: summary.txStatus,
    txInfo: summary.txInfo,
    txData: transactionData(record),
    detailedExecutionInfo: { type: 'MODULE', address: addressInfo(record.module) },
    txHash: record.txHash,
    safeAppInfo: null,
    note: null,
  };
}

export async function multisigDetails(
  db: Database,
  chain: ServedChain,
  stored: MultisigRecord,
  safeApps: SafeAppCatalogue,
): Promise<TransactionDetails> {
  // Details list the signers: recover them now if the indexer left them for later.
  await recoverChainSigners(db, chain.config.chainId, [stored.safeTxHash]);
  const record =
    (await loadMultisig(db, chain.config.chainId, [stored.safeTxHash])).get(stored.safeTxHash) ?? stored;
  const [safeNow, context] = await Promise.all([
    safeNowReader(chain, record.safe)(),
    summaryContext(db, chain.config.chainId, safeApps, [record.to]),
  ]);
  const summary = multisigSummary(record, safeNow, context);
  // Rejectors: owners who confirmed an on-chain rejection (an empty self-call) at the same nonce.
  const sameNonce = await db.query<{ safe_tx_hash: string }>(
    `SELECT safe_tx_hash FROM multisig_transactions WHERE chain_id = $1 AND safe = $2 AND nonce = $3 AND safe_tx_hash <> $4`,
    [chain.config.chainId, record.safe, record.nonce, record.safeTxHash],
  );
  const siblings = await loadMultisig(
    db,
    chain.config.chainId,
    sameNonce.map((r) => r.safe_tx_hash),
  );
  const rejectors = [...siblings.values()]
    .filter((tx) => {
      // Tokens only shape a transfer's details, never whether a call is a rejection.
      const info = classifyCall(
        { safe: tx.safe, to: tx.to, value: tx.value, data: tx.data, operation: tx.operation, refund: tx },
        new Map(),
      );
      return info.type === 'Custom' && info.isCancellation;
    })
    .flatMap((tx) => tx.confirmations.map((c) => addressInfo(c.owner)));
  return {
    safeAddress: record.safe,
    txId: summary.id,
    executedAt: record.executedAtMs,
    txStatus: multisigStatus(record, safeNow),
    txInfo: summary.txInfo,
    txData: transactionData(record),
    detailedExecutionInfo: {
      type: 'MULTISIG',
      submittedAt: record.submittedAtMs,
      nonce: record.nonce,
      safeTxGas: record.safeTxGas.toString(),
      baseGas: record.baseGas.toString(),
      gasPrice: record.gasPrice.toString(),
      gasToken: record.gasToken,
      refundReceiver: addressInfo(record.refundReceiver),
      safeTxHash: record.safeTxHash,
      executor: record.executor ? addressInfo(record.executor) : null,
      signers: safeNow.owners.map((owner) => addressInfo(owner)),
      confirmationsRequired: requiredConfirmations(record, safeNow),
      confirmations: record.confirmations.map((c) => ({
        signer: addressInfo(c.owner),
        signature: c.signature,
        submittedAt: c.submittedAtMs,
      })),
      rejectors,
      gasTokenInfo: null,
      trusted: true,
      proposer: record.proposer ? addressInfo(record.proposer) : null,
      proposedByDelegate: record.proposedByDelegate ? addressInfo(record.proposedByDelegate) : null,
    },
    txHash: record.executedTxHash,
    safeAppInfo: summary.safeAppInfo,
    note: originNote(record.origin),
  };
}
