import type { TokenInfo, TransactionData, TransactionDetails } from '@countersign/gateway-api';
import {
  decodeCall,
  isTrustedDelegateCallTarget,
  zeroAddress,
  type DecodedCall,
} from '@countersign/safe-core';
import { getAddress, isAddress, TransactionReceiptNotFoundError, type Address, type Hex } from 'viem';
import { addressInfo } from '../addressInfo';
import { nativeTokenAddress, type LogoUrls } from '../assets/icons';
import type { ServedChain } from '../chains/registry';
import { serviceUnavailable } from '../http/errors';
import type { SafeAppCatalogue } from '../safeApps';
import { readSafe } from '../safes/readSafe';
import type { Database, Queryable } from '../store';
import { recoverChainSigners } from './chainSigners';
import { classifyCall, tokenTransfer } from './classify';
import { loadTokens, type Token } from '../assets/store';
import { loadMultisig, sameNonceHashes, saveExecutionFee, type MultisigRecord } from './multisigStore';
import type { ModuleRecord } from './moduleStore';
import { summaryContext, type SafeNow, type SummaryContext } from './summaries/context';
import { moduleSummary } from './summaries/module';
import { transferSummary } from './summaries/transfer';
import type { TransferRecord } from './transferStore';
import { multisigStatus, multisigSummary, originNote, requiredConfirmations } from './summaries/multisig';

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

/** A token as TokenInfo shows it (tokenInfoIndex, gasTokenInfo), its logo always a URL. */
function tokenInfo(token: Token, logos: LogoUrls): TokenInfo {
  return {
    type: token.type,
    address: token.address,
    decimals: token.decimals ?? 0,
    symbol: token.symbol ?? '',
    name: token.name ?? '',
    logoUri: logos.of(token.address, token.logoUri),
    trusted: token.trusted,
  };
}

/** The chain's native currency as TokenInfo. */
function nativeTokenInfo(chain: ServedChain, logos: LogoUrls): TokenInfo {
  const { nativeCurrency } = chain.config;
  return {
    type: 'NATIVE_TOKEN',
    address: nativeTokenAddress,
    decimals: nativeCurrency.decimals,
    symbol: nativeCurrency.symbol,
    name: nativeCurrency.name,
    logoUri: logos.of(nativeTokenAddress, nativeCurrency.logoUri),
    trusted: true,
  };
}

/**
 * The tokens a MultiSend batch moves, by address, as the real gateway indexes them: the native token
 * for an entry that sends value, the token of an entry that is an ERC20/ERC721 transfer to or from
 * the Safe. Tokens the indexer has not met are left out; null when nothing is left (or the call is
 * not a MultiSend).
 */
async function tokenInfoIndex(
  db: Queryable,
  chain: ServedChain,
  safe: Address,
  decoded: DecodedCall | null,
  logos: LogoUrls,
): Promise<Record<string, TokenInfo> | null> {
  if (decoded?.method !== 'multiSend') return null;
  const moved = new Set<Address>();
  for (const parameter of decoded.parameters) {
    if (parameter.name !== 'transactions' || !Array.isArray(parameter.valueDecoded)) continue;
    for (const entry of parameter.valueDecoded) {
      if (entry.value !== '0') moved.add(nativeTokenAddress);
      else if (entry.dataDecoded && isAddress(entry.to, { strict: false })) {
        const transfer = tokenTransfer(entry.dataDecoded, safe);
        if (transfer && (transfer.sender === safe || transfer.recipient === safe))
          moved.add(getAddress(entry.to));
      }
    }
  }
  if (moved.size === 0) return null;
  const tokens = await loadTokens(db, chain.config.chainId, moved);
  const index: Record<string, TokenInfo> = {};
  for (const address of moved) {
    const token = tokens.get(address);
    if (address === nativeTokenAddress) index[address] = nativeTokenInfo(chain, logos);
    else if (token) index[address] = tokenInfo(token, logos);
  }
  return Object.keys(index).length > 0 ? index : null;
}

/** What a multisig or module transaction calls: target, value, operation, data and its decoding. */
async function transactionData(
  db: Queryable,
  chain: ServedChain,
  call: { safe: Address; to: Address; value: bigint; data: Hex | null; operation: number },
  logos: LogoUrls,
): Promise<TransactionData> {
  const dataDecoded = decodeCall(call.data);
  return {
    hexData: call.data,
    dataDecoded,
    to: addressInfo(call.to),
    value: call.value.toString(),
    operation: call.operation === 1 ? 1 : 0,
    trustedDelegateCallTarget: call.operation === 1 ? isTrustedDelegateCallTarget(call.to) : null,
    addressInfoIndex: null,
    tokenInfoIndex: await tokenInfoIndex(db, chain, call.safe, dataDecoded, logos),
  };
}

export async function moduleDetails(
  db: Queryable,
  chain: ServedChain,
  record: ModuleRecord,
  context: SummaryContext,
): Promise<TransactionDetails> {
  const summary = moduleSummary(record, context);
  return {
    safeAddress: record.safe,
    txId: summary.id,
    executedAt: record.executedAtMs,
    txStatus: summary.txStatus,
    txInfo: summary.txInfo,
    txData: await transactionData(db, chain, record, context.logos),
    detailedExecutionInfo: { type: 'MODULE', address: addressInfo(record.module) },
    txHash: record.txHash,
    safeAppInfo: null,
    note: null,
  };
}

/** An incoming transfer's details: its summary, with nothing the Safe executed. */
export function transferDetails(record: TransferRecord, context: SummaryContext): TransactionDetails {
  const summary = transferSummary(record, context);
  return {
    safeAddress: record.safe,
    txId: summary.id,
    executedAt: record.executedAtMs,
    txStatus: 'SUCCESS',
    txInfo: summary.txInfo,
    txData: null,
    detailedExecutionInfo: null,
    txHash: record.txHash,
    safeAppInfo: null,
    note: null,
  };
}

/**
 * What the execution of `record` paid for gas: gasUsed × effectiveGasPrice from its receipt, read
 * once and kept; 0 while it is not executed.
 */
async function executionFee(db: Database, chain: ServedChain, record: MultisigRecord): Promise<bigint> {
  if (record.executedTxHash === null) return 0n;
  if (record.fee !== null) return record.fee;
  let fee: bigint;
  try {
    const receipt = await chain.client.getTransactionReceipt({ hash: record.executedTxHash });
    fee = receipt.gasUsed * receipt.effectiveGasPrice;
  } catch (error) {
    // An execution the node no longer has (a reorganisation the indexer has not seen yet): nothing
    // paid that can be shown, and nothing kept. Any other failure is the node being unreachable.
    if (error instanceof TransactionReceiptNotFoundError) return 0n;
    throw serviceUnavailable();
  }
  await saveExecutionFee(db, chain.config.chainId, record, fee);
  return fee;
}

export async function multisigDetails(
  db: Database,
  chain: ServedChain,
  stored: MultisigRecord,
  safeApps: SafeAppCatalogue,
  publicOrigin: string,
): Promise<TransactionDetails> {
  // Details list the signers: recover them now if the indexer left them for later.
  await recoverChainSigners(db, chain.config.chainId, [stored.safeTxHash]);
  const record =
    (await loadMultisig(db, chain.config.chainId, [stored.safeTxHash])).get(stored.safeTxHash) ?? stored;
  const [safeNow, context, fee] = await Promise.all([
    safeNowReader(chain, record.safe)(),
    summaryContext(
      db,
      chain.config.chainId,
      safeApps,
      record.gasToken === zeroAddress ? [record.to] : [record.to, record.gasToken],
      publicOrigin,
    ),
    executionFee(db, chain, record),
  ]);
  const summary = multisigSummary(record, safeNow, context);
  // Rejectors: owners who confirmed an on-chain rejection (an empty self-call) at the same nonce.
  const siblings = await loadMultisig(
    db,
    chain.config.chainId,
    await sameNonceHashes(db, chain.config.chainId, record),
  );
  const rejectors = [...siblings.values()]
    .filter((tx) => {
      // Tokens only shape a transfer's details, never whether a call is a rejection.
      const info = classifyCall(
        { safe: tx.safe, to: tx.to, value: tx.value, data: tx.data, operation: tx.operation, refund: tx },
        { tokens: new Map(), logos: context.logos },
      );
      return info.type === 'Custom' && info.isCancellation;
    })
    .flatMap((tx) => tx.confirmations.map((c) => addressInfo(c.owner)));
  // The refund token, when it is not the native one (as the real gateway: null for the native one).
  const gasToken = record.gasToken === zeroAddress ? undefined : context.tokens.get(record.gasToken);
  const gasTokenInfo = gasToken ? tokenInfo(gasToken, context.logos) : null;
  return {
    safeAddress: record.safe,
    txId: summary.id,
    executedAt: record.executedAtMs,
    txStatus: multisigStatus(record, safeNow),
    txInfo: summary.txInfo,
    txData: await transactionData(db, chain, record, context.logos),
    detailedExecutionInfo: {
      type: 'MULTISIG',
      submittedAt: record.submittedAtMs,
      nonce: record.nonce,
      safeTxGas: record.safeTxGas.toString(),
      baseGas: record.baseGas.toString(),
      gasPrice: record.gasPrice.toString(),
      gasToken: record.gasToken,
      fee: fee.toString(),
      payment: (record.executedAtMs === null ? 0n : (record.payment ?? 0n)).toString(),
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
      gasTokenInfo,
      trusted: true,
      proposer: record.proposer ? addressInfo(record.proposer) : null,
      proposedByDelegate: record.proposedByDelegate ? addressInfo(record.proposedByDelegate) : null,
    },
    txHash: record.executedTxHash,
    safeAppInfo: summary.safeAppInfo,
    note: originNote(record.origin),
  };
}
