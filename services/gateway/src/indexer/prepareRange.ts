import { decodeAbiParameters, getAddress, type Address, type Hex } from 'viem';
import type { SafeTx } from '@countersign/safe-core';
import { eventKey, pairAnnouncements, type SafeEvent } from './executionPairs';
import { creationKey, type ChainRange } from './fetchRange';
import type { Recovery } from './recoverRange';

/** A place in the chain: history and every indexed row is ordered by it. */
type At = { blockNumber: bigint; logIndex: number; txHash: Hex; timestampMs: number };

export type SafeCreation = At & {
  safe: Address;
  singleton: Address;
  factory: Address;
  creator: Address | null;
  /** Known only from a 1.5.0 L2 factory method's event. */
  saltNonce: string | null;
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
    /**
     * The signatures as the Safe checked them; their signers are recovered when first read. Null when
     * the fields came from a stored proposal, whose confirmations stand for them.
     */
    signatures: Hex | null;
  };

/**
 * An execution whose fields could not be proven (a non-L2 Safe's, relayed in a way only a trace
 * shows, on a node without traces): listed with what is known, never guessed.
 */
export type UnrecoveredExecution = At & {
  id: string;
  safe: Address;
  kind: 'multisig' | 'module';
  /** The multisig execution's safeTxHash (from its event); null for a module's. */
  safeTxHash: Hex | null;
  module: Address | null;
  /** Who sent the transaction it ran in. */
  sender: Address;
  success: boolean;
  reason: string;
};

/** A Safe whose events the indexer could not make sense of: left out from then on, with the reason. */
export type SetAsideSafe = { safe: Address; reason: string; blockNumber: bigint; txHash: Hex | null };

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
  kind: 'creation' | 'multisig' | 'module' | 'transfer' | 'unrecovered';
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
  unrecovered: UnrecoveredExecution[];
  setAside: SetAsideSafe[];
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
 * (ExecutionSuccess/Failure, ExecutionFromModuleSuccess/Failure); a non-L2 Safe emits only the
 * outcome, whose fields recoverRange found beforehand. A Safe whose events cannot be made sense of
 * is set aside, with the reason; the other Safes' records are kept.
 */
export function prepareRange(
  range: ChainRange,
  chainId: number,
  known: ReadonlySet<Address>,
  trustedTokens: ReadonlySet<Address>,
  /** What recoverRange learnt of the executions no SafeL2 event describes, by their outcome event. */
  recoveries: ReadonlyMap<string, Recovery> = new Map(),
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
    unrecovered: [],
    setAside: [],
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
      saltNonce: range.saltNonces?.get(creationKey(log.transactionHash, safe)) ?? null,
    });
    prepared.history.push({ ...at(log), safe, kind: 'creation', refId: safe, trusted: true });
    prepared.ownersChanged.add(safe);
  }

  /** `${safe}:${txHash}` of every execution, to keep a Safe's own transfers out of its history twice. */
  const executedIn = new Set<string>();
  const bySafe = new Map<Address, SafeEvent[]>();
  for (const log of [...range.safeEvents].sort(chainOrder)) {
    const safe = getAddress(log.address);
    bySafe.set(safe, [...(bySafe.get(safe) ?? []), log]);
  }
  const setAside = new Set<Address>();
  for (const [safe, events] of bySafe) {
    // Each Safe on its own: whatever one Safe's events look like, the others are still indexed.
    try {
      const own = prepareSafeEvents(safe, events, { chainId, at, recoveries });
      prepared.multisig.push(...own.multisig);
      prepared.modules.push(...own.modules);
      prepared.unrecovered.push(...own.unrecovered);
      prepared.transfers.push(...own.transfers);
      prepared.history.push(...own.history);
      prepared.recipients.push(...own.recipients);
      for (const key of own.executedIn) executedIn.add(key);
      if (own.ownersChanged) prepared.ownersChanged.add(safe);
    } catch (error) {
      const first = events[0];
      setAside.add(safe);
      prepared.setAside.push({
        safe,
        reason: `${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
        blockNumber: first?.blockNumber ?? range.from,
        txHash: first?.transactionHash ?? null,
      });
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
      if (!safes.has(safe) || setAside.has(safe)) continue;
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

type SafeRecords = Pick<
  PreparedRange,
  'multisig' | 'modules' | 'unrecovered' | 'transfers' | 'history' | 'recipients'
> & { executedIn: string[]; ownersChanged: boolean };

/** One Safe's events of a range, in chain order, as records; throws when they cannot be right. */
function prepareSafeEvents(
  safe: Address,
  events: readonly SafeEvent[],
  ctx: {
    chainId: number;
    at: (log: { blockNumber: bigint | null; logIndex: number | null; transactionHash: Hex | null }) => At;
    recoveries: ReadonlyMap<string, Recovery>;
  },
): SafeRecords {
  const { at } = ctx;
  const own: SafeRecords = {
    multisig: [],
    modules: [],
    unrecovered: [],
    transfers: [],
    history: [],
    recipients: [],
    executedIn: [],
    ownersChanged: false,
  };
  const pairing = pairAnnouncements(events, ctx.chainId);
  /** An outcome no event describes and recoverRange could not prove: listed as such, or the Safe is set aside. */
  const listUnrecovered = (
    log: SafeEvent,
    recovery: Recovery | undefined,
    what: Pick<UnrecoveredExecution, 'kind' | 'safeTxHash' | 'module' | 'success'>,
  ) => {
    if (recovery?.kind !== 'unrecovered')
      throw new Error(
        `${log.eventName} in ${log.transactionHash} that neither an event nor a recovery explains`,
      );
    const key = eventKey(log);
    own.unrecovered.push({
      ...at(log),
      id: key,
      safe,
      ...what,
      sender: recovery.sender,
      reason: recovery.reason,
    });
    own.history.push({ ...at(log), safe, kind: 'unrecovered', refId: key, trusted: true });
  };
  const executedHashes = new Set<Hex>();
  for (const log of events) {
    const key = eventKey(log);
    switch (log.eventName) {
      case 'ExecutionSuccess':
      case 'ExecutionFailure': {
        const safeTxHash = log.args.txHash;
        // A nonce is used once: a Safe cannot run one safeTxHash twice.
        if (executedHashes.has(safeTxHash))
          throw new Error(`safeTxHash ${safeTxHash} executed twice in one range`);
        executedHashes.add(safeTxHash);
        const success = log.eventName === 'ExecutionSuccess';
        const announced = pairing.multisig.get(key);
        const recovery = announced ? undefined : ctx.recoveries.get(key);
        const found = announced
          ? { ...announced }
          : recovery?.kind === 'multisig'
            ? {
                tx: recovery.tx,
                executor: recovery.executor,
                threshold: recovery.threshold,
                signatures: recovery.signatures,
              }
            : undefined;
        if (!found) {
          listUnrecovered(log, recovery, { kind: 'multisig', safeTxHash, module: null, success });
          own.executedIn.push(`${safe}:${log.transactionHash}`);
          break;
        }
        own.multisig.push({
          ...at(log),
          safe,
          safeTxHash,
          ...found.tx,
          executor: found.executor,
          success,
          payment: log.args.payment,
          confirmationsRequired: found.threshold,
          signatures: found.signatures,
        });
        own.history.push({ ...at(log), safe, kind: 'multisig', refId: safeTxHash, trusted: true });
        if (success && found.tx.value > 0n && found.tx.to !== safe) {
          own.recipients.push({ ...at(log), safe, address: found.tx.to });
        }
        own.executedIn.push(`${safe}:${log.transactionHash}`);
        break;
      }
      case 'ExecutionFromModuleSuccess':
      case 'ExecutionFromModuleFailure': {
        const success = log.eventName === 'ExecutionFromModuleSuccess';
        const module = getAddress(log.args.module);
        const announced = pairing.modules.get(key);
        const recovery = announced ? undefined : ctx.recoveries.get(key);
        const found = announced ?? (recovery?.kind === 'module' ? { ...recovery, module } : undefined);
        own.executedIn.push(`${safe}:${log.transactionHash}`);
        if (!found) {
          listUnrecovered(log, recovery, { kind: 'module', safeTxHash: null, module, success });
          break;
        }
        // The L2 announcement's place names the row, as it always has; a recovered one, its outcome's.
        const id = announced ? announced.id : `${log.transactionHash}-${log.logIndex}`;
        if (success && found.value > 0n && found.to !== safe) {
          own.recipients.push({ ...at(log), safe, address: found.to });
        }
        own.modules.push({
          ...at(log),
          id,
          safe,
          module,
          to: found.to,
          value: found.value,
          data: found.data,
          operation: found.operation,
          success,
        });
        own.history.push({ ...at(log), safe, kind: 'module', refId: id, trusted: true });
        break;
      }
      case 'SafeReceived': {
        const id = `${log.transactionHash}-${log.logIndex}`;
        own.transfers.push({
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
        own.ownersChanged = true;
        break;
      default:
        // Threshold, module, guard and handler changes are read from the chain when asked (SafeInfo);
        // ApproveHash and SignMsg matter to proposals and messages, which are checked on chain too.
        break;
    }
  }
  return own;
}
