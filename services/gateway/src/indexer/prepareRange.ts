import { decodeAbiParameters, getAddress, type Address, type Hex } from 'viem';
import { buildSafeTx, hashSafeTx, type SafeTx } from '@countersign/safe-core';
import { decodeAdditionalInfo, type ChainRange } from './fetchRange';

/** A place in the chain: history and every indexed row is ordered by it. */
type At = { blockNumber: bigint; logIndex: number; txHash: Hex; timestampMs: number };

export type SafeCreation = At & {
  safe: Address;
  singleton: Address;
  factory: Address;
  creator: Address | null;
};

/** An execution: the SafeTx the Safe ran, and how it went. */
export type MultisigExecution = At &
  SafeTx & {
    safe: Address;
    safeTxHash: Hex;
    executor: Address;
    success: boolean;
    payment: bigint;
    confirmationsRequired: number;
    /** The signatures as the Safe checked them; their signers are recovered when first read. */
    signatures: Hex;
  };

export type ModuleExecution = At & {
  id: string;
  safe: Address;
  module: Address;
  to: Address;
  value: bigint;
  data: Hex;
  operation: number;
  success: boolean;
};

export type Transfer = At & {
  id: string;
  safe: Address;
  tokenType: 'NATIVE' | 'ERC20' | 'ERC721';
  tokenAddress: Address | null;
  sender: Address;
  recipient: Address;
  value: bigint | null;
  tokenId: bigint | null;
};

export type HistoryEntry = At & {
  safe: Address;
  kind: 'creation' | 'multisig' | 'module' | 'transfer';
  refId: string;
  /** Shown with trusted=true: false only for transfers of ERC20 tokens that are not trusted. */
  trusted: boolean;
  /** An ERC20 transfer the Safe did not make: the other party, which an address poisoner imitates. */
  counterparty?: Address;
  /** Set by flagImitations: the counterparty looks like, but is not, an earlier recipient. */
  imitation?: boolean;
};

/** Where the Safe's own execution sent value or tokens: a counterparty it really chose. */
export type Recipient = At & { safe: Address; address: Address };

/** Everything a block range changes, decoded and checked, ready to be written in one transaction. */
export type PreparedRange = {
  creations: SafeCreation[];
  multisig: MultisigExecution[];
  modules: ModuleExecution[];
  transfers: Transfer[];
  history: HistoryEntry[];
  recipients: Recipient[];
  /** Safes whose owners changed (or were set up) and must be read again. */
  ownersChanged: Set<Address>;
  tokenAddresses: Set<Address>;
};

/** Chain order: by block, then by position in the block. */
export const chainOrder = (a: { blockNumber: bigint | null; logIndex: number | null }, b: typeof a) =>
  a.blockNumber === b.blockNumber
    ? (a.logIndex ?? 0) - (b.logIndex ?? 0)
    : (a.blockNumber ?? 0n) < (b.blockNumber ?? 0n)
      ? -1
      : 1;

/**
 * Turns a range's raw events into records. SafeL2 announces each execution with an event carrying
 * its parameters (SafeMultiSigTransaction / SafeModuleTransaction) before the outcome
 * (ExecutionSuccess/Failure, ExecutionFromModuleSuccess/Failure), so events are read in chain order.
 */
export function prepareRange(
  range: ChainRange,
  chainId: number,
  known: ReadonlySet<Address>,
  trustedTokens: ReadonlySet<Address>,
): PreparedRange {
  const at = (log: {
    blockNumber: bigint | null;
    logIndex: number | null;
    transactionHash: Hex | null;
  }): At => {
    if (log.blockNumber === null || log.logIndex === null || log.transactionHash === null) {
      throw new Error('A pending log reached the indexer');
    }
    const block = range.blocks.get(log.blockNumber);
    if (!block) throw new Error(`Block ${log.blockNumber} was not fetched`);
    return {
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
      txHash: log.transactionHash,
      timestampMs: block.timestampMs,
    };
  };
  const prepared: PreparedRange = {
    creations: [],
    multisig: [],
    modules: [],
    transfers: [],
    history: [],
    recipients: [],
    ownersChanged: new Set(),
    tokenAddresses: new Set(),
  };
  const safes = new Set(known);

  for (const log of range.creations) {
    const safe = getAddress(log.args.proxy);
    safes.add(safe);
    prepared.creations.push({
      ...at(log),
      safe,
      singleton: getAddress(log.args.singleton),
      factory: getAddress(log.address),
      creator: range.creators.get(log.transactionHash) ?? null,
    });
    prepared.history.push({ ...at(log), safe, kind: 'creation', refId: safe, trusted: true });
    prepared.ownersChanged.add(safe);
  }

  const announcedMultisig = new Map<
    Address,
    (typeof range.safeEvents)[number] & { eventName: 'SafeMultiSigTransaction' }
  >();
  const announcedModule = new Map<
    Address,
    (typeof range.safeEvents)[number] & { eventName: 'SafeModuleTransaction' }
  >();
  /** `${safe}:${txHash}` of every execution, to keep a Safe's own transfers out of its history twice. */
  const executedIn = new Set<string>();

  for (const log of [...range.safeEvents].sort(chainOrder)) {
    const safe = getAddress(log.address);
    switch (log.eventName) {
      case 'SafeMultiSigTransaction':
        announcedMultisig.set(safe, log);
        break;
      case 'ExecutionSuccess':
      case 'ExecutionFailure': {
        const announced = announcedMultisig.get(safe);
        if (!announced || announced.transactionHash !== log.transactionHash) {
          throw new Error(
            `${log.eventName} in ${log.transactionHash} without SafeMultiSigTransaction (not a SafeL2?)`,
          );
        }
        announcedMultisig.delete(safe);
        const args = announced.args;
        const info = decodeAdditionalInfo(args.additionalInfo);
        const tx = buildSafeTx({
          to: getAddress(args.to),
          value: args.value,
          data: args.data,
          operation: args.operation === 1 ? 1 : 0,
          safeTxGas: args.safeTxGas,
          baseGas: args.baseGas,
          gasPrice: args.gasPrice,
          gasToken: getAddress(args.gasToken),
          refundReceiver: getAddress(args.refundReceiver),
          nonce: info.nonce,
        });
        const safeTxHash = hashSafeTx({ chainId, safe, tx });
        if (safeTxHash !== log.args.txHash) {
          throw new Error(
            `safeTxHash mismatch in ${log.transactionHash}: computed ${safeTxHash}, emitted ${log.args.txHash}`,
          );
        }
        prepared.multisig.push({
          ...at(log),
          safe,
          safeTxHash,
          ...tx,
          executor: getAddress(info.sender),
          success: log.eventName === 'ExecutionSuccess',
          payment: log.args.payment,
          confirmationsRequired: Number(info.threshold),
          signatures: args.signatures,
        });
        prepared.history.push({ ...at(log), safe, kind: 'multisig', refId: safeTxHash, trusted: true });
        if (log.eventName === 'ExecutionSuccess' && tx.value > 0n && tx.to !== safe) {
          prepared.recipients.push({ ...at(log), safe, address: tx.to });
        }
        executedIn.add(`${safe}:${log.transactionHash}`);
        break;
      }
      case 'SafeModuleTransaction':
        announcedModule.set(safe, log);
        break;
      case 'ExecutionFromModuleSuccess':
      case 'ExecutionFromModuleFailure': {
        const announced = announcedModule.get(safe);
        if (!announced || announced.transactionHash !== log.transactionHash) {
          throw new Error(
            `${log.eventName} in ${log.transactionHash} without SafeModuleTransaction (not a SafeL2?)`,
          );
        }
        announcedModule.delete(safe);
        const id = `${announced.transactionHash}-${announced.logIndex}`;
        const to = getAddress(announced.args.to);
        if (log.eventName === 'ExecutionFromModuleSuccess' && announced.args.value > 0n && to !== safe) {
          prepared.recipients.push({ ...at(log), safe, address: to });
        }
        prepared.modules.push({
          ...at(log),
          id,
          safe,
          module: getAddress(announced.args.module),
          to,
          value: announced.args.value,
          data: announced.args.data,
          operation: announced.args.operation,
          success: log.eventName === 'ExecutionFromModuleSuccess',
        });
        prepared.history.push({ ...at(log), safe, kind: 'module', refId: id, trusted: true });
        executedIn.add(`${safe}:${log.transactionHash}`);
        break;
      }
      case 'SafeReceived': {
        const id = `${log.transactionHash}-${log.logIndex}`;
        prepared.transfers.push({
          ...at(log),
          id,
          safe,
          tokenType: 'NATIVE',
          tokenAddress: null,
          sender: getAddress(log.args.sender),
          recipient: safe,
          value: log.args.value,
          tokenId: null,
        });
        break;
      }
      case 'SafeSetup':
      case 'AddedOwner':
      case 'RemovedOwner':
        prepared.ownersChanged.add(safe);
        break;
      default:
        // Threshold, module, guard and handler changes are read from the chain when asked (SafeInfo);
        // ApproveHash and SignMsg matter to proposals and messages, which are checked on chain too.
        break;
    }
  }

  for (const log of range.tokenTransfers) {
    const isNft = log.topics.length === 4;
    const sender = getAddress(`0x${log.topics[1]?.slice(26)}`);
    const recipient = getAddress(`0x${log.topics[2]?.slice(26)}`);
    const [amount] = isNft ? [null] : decodeAbiParameters([{ type: 'uint256' }], log.data);
    const tokenId = isNft ? BigInt(log.topics[3] ?? 0) : null;
    const token = getAddress(log.address);
    prepared.tokenAddresses.add(token);
    for (const safe of new Set([sender, recipient])) {
      if (!safes.has(safe)) continue;
      prepared.transfers.push({
        ...at(log),
        id: `${log.transactionHash}-${log.logIndex}`,
        safe,
        tokenType: isNft ? 'ERC721' : 'ERC20',
        tokenAddress: token,
        sender,
        recipient,
        value: amount,
        tokenId,
      });
    }
  }

  for (const transfer of prepared.transfers) {
    // A transfer made by the Safe's own execution shows as that execution, not again on its own.
    if (executedIn.has(`${transfer.safe}:${transfer.txHash}`)) {
      if (transfer.sender === transfer.safe && transfer.recipient !== transfer.safe) {
        const { blockNumber, logIndex, txHash, timestampMs, safe, recipient } = transfer;
        prepared.recipients.push({ blockNumber, logIndex, txHash, timestampMs, safe, address: recipient });
      }
      continue;
    }
    const erc20 = transfer.tokenType === 'ERC20';
    // Zero-value ERC20 transfers are a known address-poisoning trick: never part of the history.
    if (erc20 && transfer.value === 0n) continue;
    const trusted = !erc20 || (transfer.tokenAddress !== null && trustedTokens.has(transfer.tokenAddress));
    const counterparty = transfer.recipient === transfer.safe ? transfer.sender : transfer.recipient;
    prepared.history.push({
      ...transfer,
      kind: 'transfer',
      refId: transfer.id,
      trusted,
      ...(erc20 && counterparty !== transfer.safe ? { counterparty } : {}),
    });
  }
  prepared.history.sort(chainOrder);
  prepared.recipients.sort(chainOrder);
  return prepared;
}
