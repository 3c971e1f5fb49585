import type { Hex } from 'viem';
import type { TransactionDetails } from '@countersign/gateway-api';
import { buildSafeTx, encodeMultiSend, safe141, safeTxHashes, type SafeTx } from '@countersign/safe-core';
import { err, ok, type Result } from '../../lib/result';
import type { TxAction, TxDraft } from './draft';

/** The one call a Safe makes for a draft: its action, or a MultiSendCallOnly batch of them. */
export function callOfDraft(
  draft: Pick<TxDraft, 'actions'>,
): Pick<SafeTx, 'to' | 'value' | 'data' | 'operation'> {
  const [first, ...rest] = draft.actions;
  if (first === undefined) throw new Error('A transaction needs at least one action.');
  if (rest.length === 0) {
    return { to: first.to, value: first.value, data: first.data, operation: first.operation ?? 0 };
  }
  return {
    to: safe141.multiSendCallOnly,
    value: 0n,
    // MultiSendCallOnly refuses delegate calls: every action of a batch is a call.
    data: encodeMultiSend(draft.actions.map((action: TxAction) => ({ ...action, operation: 0 }))),
    operation: 1,
  };
}

/** The SafeTx a draft becomes at `nonce` with `safeTxGas`: no refund, no gas price. */
export function safeTxOfDraft(draft: Pick<TxDraft, 'actions'>, nonce: bigint, safeTxGas: bigint): SafeTx {
  return buildSafeTx({ ...callOfDraft(draft), nonce, safeTxGas });
}

/** A queued transaction's SafeTx, as its details describe it; undefined for what is not a multisig transaction. */
export function safeTxOfDetails(details: TransactionDetails): SafeTx | undefined {
  const info = details.detailedExecutionInfo;
  if (info?.type !== 'MULTISIG' || !details.txData) return undefined;
  return buildSafeTx({
    to: details.txData.to.value as SafeTx['to'],
    value: BigInt(details.txData.value ?? '0'),
    data: (details.txData.hexData ?? '0x') as SafeTx['data'],
    operation: details.txData.operation,
    safeTxGas: BigInt(info.safeTxGas),
    baseGas: BigInt(info.baseGas),
    gasPrice: BigInt(info.gasPrice),
    gasToken: info.gasToken as SafeTx['gasToken'],
    refundReceiver: info.refundReceiver.value as SafeTx['refundReceiver'],
    nonce: BigInt(info.nonce),
  });
}

/**
 * The details' SafeTx, only when its fields hash to the safeTxHash the gateway gave: what owners
 * sign is computed here, never taken on the gateway's word.
 */
export function verifiedSafeTxOfDetails(
  details: TransactionDetails,
  safe: { chainId: number; version: string | null },
): Result<{ tx: SafeTx; safeTxHash: Hex }> | undefined {
  const tx = safeTxOfDetails(details);
  const info = details.detailedExecutionInfo;
  if (!tx || info?.type !== 'MULTISIG') return undefined;
  const { safeTxHash } = safeTxHashes({
    chainId: safe.chainId,
    safe: details.safeAddress as SafeTx['to'],
    tx,
    version: safe.version,
  });
  if (safeTxHash !== info.safeTxHash.toLowerCase()) {
    return err(
      `The gateway's safeTxHash ${info.safeTxHash} does not match the transaction's fields (${safeTxHash}): do not sign it.`,
    );
  }
  return ok({ tx, safeTxHash });
}
