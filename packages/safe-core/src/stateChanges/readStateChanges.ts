import {
  decodeAbiParameters,
  decodeFunctionResult,
  getAddress,
  hexToBigInt,
  isAddressEqual,
  numberToHex,
  size,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { safeAbi } from '../abis';
import { sentinelAddress } from '../addresses';
import { decodeRevertReason, readSimulation } from '../simulation';
import {
  approvedHashSlot,
  beforeReads,
  mappingSlot,
  MODULE_PAGE,
  rawAfterReads,
  safeStorageLayout,
  slotHex,
  type StateChangesInput,
} from './request';
import { readApprovals, readBalanceChanges } from './readLogs';
import type { PrestateDiff, SimulatedBlock, SimulatedCall, SimulatedLog } from './rpcAnswers';
import type { BalanceChange, SafeChange, StateChanges, StateChangesEngine } from './types';

/** The Safe's own refusals (its GS error codes), worded. */
const safeErrors: Record<string, string> = {
  GS010: 'not enough gas to execute the Safe transaction (GS010)',
  GS011: 'the Safe could not pay the gas refund in the native coin (GS011)',
  GS012: 'the Safe could not pay the gas refund in the token (GS012)',
  GS013: 'the call failed, with safeTxGas and gasPrice both 0 (GS013)',
  GS020: 'the signatures are too short (GS020)',
  GS025: 'a signature does not cover this hash (GS025)',
  GS026: 'a signer is not an owner (GS026)',
};

const wordToAddress = (word: Hex): Address => getAddress(slice(word, 12, 32));

/** The Safe's address slots, in words. */
const slotWords = {
  implementation: 'implementation',
  guard: 'guard',
  moduleGuard: 'module guard',
  fallbackHandler: 'fallback handler',
} as const;

/** A 32-byte word from getStorageAt(slot, 1), which returns it as `bytes`. */
function storageAtWord(call: SimulatedCall): Hex | undefined {
  if (call.status !== 'success') return undefined;
  try {
    const [bytes] = decodeAbiParameters([{ type: 'bytes' }], call.returnData);
    return size(bytes) === 32 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

function decoded<T>(call: SimulatedCall | undefined, decode: (data: Hex) => T): T | undefined {
  if (!call || call.status !== 'success') return undefined;
  try {
    return decode(call.returnData);
  } catch {
    return undefined;
  }
}

const readOwners = (data: Hex) =>
  [...decodeFunctionResult({ abi: safeAbi, functionName: 'getOwners', data })].map((owner) =>
    getAddress(owner),
  );
const readModules = (data: Hex) => {
  const [modules, next] = decodeFunctionResult({ abi: safeAbi, functionName: 'getModulesPaginated', data });
  return {
    modules: modules.map((module) => getAddress(module)),
    more:
      !isAddressEqual(next, sentinelAddress) &&
      !isAddressEqual(next, '0x0000000000000000000000000000000000000000'),
  };
};
const readWord = (data: Hex): Hex | undefined => (size(data) === 32 ? data : undefined);

const listChange = (before: Address[], after: Address[]) => ({
  added: after.filter((entry) => !before.some((other) => isAddressEqual(other, entry))),
  removed: before.filter((entry) => !after.some((other) => isAddressEqual(other, entry))),
});
const sameList = (a: Address[], b: Address[]) =>
  a.length === b.length &&
  a.every((entry, index) => {
    const other = b[index];
    return other !== undefined && isAddressEqual(entry, other);
  });

/** SignMsg(bytes32), written out (test/precomputed.test.ts hashes it again). */
export const signMsgTopic = '0xe7f4675038f4f6034dfcbbb24c4dc08e4ebf10eb9d257d3d02c0f38d122ac6e4';

function revertOf(
  execution: SimulatedCall,
  probe: SimulatedCall | undefined,
): StateChanges['reverted'] | undefined {
  const callReason = () => {
    if (!probe) return 'its reason could not be read';
    try {
      const result = readSimulation(probe.returnData);
      return result.ok && !result.success ? result.revertReason : 'its reason could not be read';
    } catch {
      return 'its reason could not be read';
    }
  };
  if (execution.status === 'failure') {
    const reason = decodeRevertReason(execution.returnData);
    if (reason === 'GS013') return { call: 'transaction', reason: callReason() };
    return { call: 'safe', reason: safeErrors[reason] ?? reason };
  }
  // With safeTxGas or gasPrice set, the Safe survives a failing call: it returns false, keeps the nonce
  // bumped and the refund paid, and undoes the call's effects.
  const [success] = decoded(execution, (data) => decodeAbiParameters([{ type: 'bool' }], data)) ?? [true];
  return success ? undefined : { call: 'transaction', reason: callReason() };
}

/** The slots a change already reported (or the simulation itself) accounts for, lower-case hex. */
function accountedSlots(
  input: StateChangesInput,
  owners: { before: Address[]; after: Address[] } | undefined,
  modules: { before: Address[]; after: Address[] } | undefined,
  logs: readonly SimulatedLog[],
): Set<string> {
  const slots = [
    safeStorageLayout.singleton,
    safeStorageLayout.guard,
    safeStorageLayout.moduleGuard,
    safeStorageLayout.fallbackHandler,
    safeStorageLayout.threshold,
    ...input.owners.map((owner) => approvedHashSlot(getAddress(owner), input.safeTxHash)),
  ];
  if (owners) {
    slots.push(safeStorageLayout.ownerCount);
    for (const owner of [sentinelAddress, ...owners.before, ...owners.after]) {
      slots.push(mappingSlot(owner, 'address', safeStorageLayout.owners));
    }
  }
  if (modules) {
    for (const module of [sentinelAddress, ...modules.before, ...modules.after]) {
      slots.push(mappingSlot(module, 'address', safeStorageLayout.modules));
    }
  }
  // SignMessageLib marks a message signed: signedMessages[hash] = 1, with the Safe's SignMsg event.
  for (const log of logs) {
    if (isAddressEqual(log.address, input.safe) && log.topics[0] === signMsgTopic && log.topics[1]) {
      slots.push(mappingSlot(log.topics[1], 'bytes32', safeStorageLayout.signedMessages));
    }
  }
  return new Set(slots.map((slot) => slotHex(slot).toLowerCase()));
}

const zeroWord = slotHex(0n);
const normalSlot = (slot: string) => numberToHex(BigInt(slot), { size: 32 }).toLowerCase();

/** Writes to the Safe's storage that no reported change accounts for (and a nonce that is not +1). */
function otherStorageWrites(
  input: StateChangesInput,
  diff: PrestateDiff,
  accounted: Set<string>,
): SafeChange[] {
  const safe = input.safe.toLowerCase();
  const pre = diff.pre[safe]?.storage ?? {};
  const post = diff.post[safe]?.storage ?? {};
  const before = new Map(Object.entries(pre).map(([slot, value]) => [normalSlot(slot), value]));
  const after = new Map(Object.entries(post).map(([slot, value]) => [normalSlot(slot), value]));
  const nonceSlot = slotHex(safeStorageLayout.nonce).toLowerCase();
  const changes: SafeChange[] = [];
  for (const slot of new Set([...before.keys(), ...after.keys()])) {
    // Diff mode leaves out of `post` a slot the call cleared.
    const was = before.get(slot) ?? zeroWord;
    const is = after.get(slot) ?? zeroWord;
    if (BigInt(was) === BigInt(is) || accounted.has(slot)) continue;
    if (slot === nonceSlot && BigInt(is) === input.tx.nonce + 1n) continue;
    changes.push({ kind: 'storage', slot: slot as Hex, before: was, after: is });
  }
  return changes;
}

/**
 * Native-coin changes from the prestate diff (each account's balance before and after), which is
 * exact; the traced ERC-7528 logs are not: anvil keeps the log of a transfer whose call was undone.
 * Without the diff the logs stand, with a caveat.
 */
function balanceChangesOf(
  input: StateChangesInput,
  logs: readonly SimulatedLog[],
  prestate: PrestateDiff | { error: string },
  unchecked: string[],
): BalanceChange[] {
  const fromLogs = readBalanceChanges(logs, getAddress(input.safe));
  if ('error' in prestate) {
    if (fromLogs.some((change) => change.asset.kind === 'native')) {
      unchecked.push(
        "The native-coin amounts were not confirmed against the accounts' balances (no storage diff from the node).",
      );
    }
    return fromLogs;
  }
  const native: BalanceChange[] = [];
  for (const [account, post] of Object.entries(prestate.post)) {
    // An account new to the chain, or one with nothing, may have no balance in `pre` (geth omits zeros).
    const before = prestate.pre[account]?.balance ?? 0n;
    if (post.balance === undefined || post.balance === before) continue;
    native.push({ account: getAddress(account), asset: { kind: 'native' }, delta: post.balance - before });
  }
  const all = [...native, ...fromLogs.filter((change) => change.asset.kind !== 'native')];
  return [
    ...all.filter((change) => isAddressEqual(change.account, input.safe)),
    ...all.filter((change) => !isAddressEqual(change.account, input.safe)),
  ];
}

/**
 * What the transaction changes, read from the answers to simulateV1Request's blocks (reads,
 * execution, raw reads) and, if there is one, the prestate diff of the same execution. Both engines
 * give these: the node (eth_simulateV1 and debug_traceCall) and the EVM in the browser, which runs
 * the same blocks and diffs the state it wrote.
 */
export function readStateChanges(params: {
  input: StateChangesInput;
  blocks: SimulatedBlock[];
  prestate: PrestateDiff | { error: string };
  engine?: StateChangesEngine;
}): StateChanges {
  const { input, blocks } = params;
  const [first, second, third, fourth] = blocks;
  if (!first || !second || !third || !fourth) {
    throw new Error('the simulation answered fewer blocks than asked');
  }
  const beforeCall = (name: (typeof beforeReads)[number]) => first.calls[beforeReads.indexOf(name)];
  const probe = first.calls[beforeReads.length];
  const [execution] = second.calls;
  const [ownersAfterCall, modulesAfterCall] = fourth.calls;
  if (!execution) throw new Error('the simulation answered without the execution');
  const rawAfter = (name: (typeof rawAfterReads)[number]) => {
    const call = third.calls[rawAfterReads.indexOf(name)];
    return call ? decoded(call, readWord) : undefined;
  };

  const unchecked: string[] = [];
  const reverted = revertOf(execution, probe);
  const logs = execution.status === 'success' ? execution.logs : [];
  const result: StateChanges = {
    engine: params.engine ?? 'eth_simulateV1',
    ...(reverted ? { reverted } : {}),
    balanceChanges: balanceChangesOf(input, logs, params.prestate, unchecked),
    approvals: readApprovals(logs),
    safeChanges: [],
    unchecked,
  };
  if (execution.status === 'failure') return result;

  const safeChanges = result.safeChanges;
  const ownersBefore = decoded(beforeCall('owners'), readOwners);
  const ownersAfter = decoded(ownersAfterCall, readOwners);
  let owners: { before: Address[]; after: Address[] } | undefined;
  if (ownersBefore && ownersAfter) {
    if (!sameList(ownersBefore, ownersAfter)) {
      owners = { before: ownersBefore, after: ownersAfter };
      safeChanges.push({ kind: 'owners', ...owners, ...listChange(ownersBefore, ownersAfter) });
    }
  } else unchecked.push('Whether the owners change: the Safe did not answer getOwners before and after.');

  const thresholdBefore = decoded(beforeCall('threshold'), (data) =>
    decodeFunctionResult({ abi: safeAbi, functionName: 'getThreshold', data }),
  );
  const thresholdAfter = rawAfter('threshold');
  if (thresholdBefore !== undefined && thresholdAfter) {
    if (thresholdBefore !== hexToBigInt(thresholdAfter)) {
      safeChanges.push({ kind: 'threshold', before: thresholdBefore, after: hexToBigInt(thresholdAfter) });
    }
  } else unchecked.push('Whether the threshold changes: the Safe did not answer getThreshold.');

  const modulesBefore = decoded(beforeCall('modules'), readModules);
  const modulesAfter = decoded(modulesAfterCall, readModules);
  let modules: { before: Address[]; after: Address[] } | undefined;
  if (modulesBefore && modulesAfter) {
    if (!sameList(modulesBefore.modules, modulesAfter.modules)) {
      modules = { before: modulesBefore.modules, after: modulesAfter.modules };
      safeChanges.push({
        kind: 'modules',
        ...modules,
        ...listChange(modulesBefore.modules, modulesAfter.modules),
      });
    }
    if (modulesBefore.more || modulesAfter.more) {
      unchecked.push(`Modules beyond the first ${MODULE_PAGE}: only those were compared.`);
    }
  } else
    unchecked.push(
      'Whether the modules change: the Safe did not answer getModulesPaginated before and after.',
    );

  for (const kind of ['implementation', 'guard', 'moduleGuard', 'fallbackHandler'] as const) {
    const read = kind === 'implementation' ? 'singleton' : kind;
    const beforeRead = beforeCall(read);
    const before = beforeRead && storageAtWord(beforeRead);
    const after = rawAfter(read);
    if (before && after) {
      if (BigInt(before) !== BigInt(after)) {
        safeChanges.push({ kind, before: wordToAddress(before), after: wordToAddress(after) });
      }
    } else {
      unchecked.push(`Whether the ${slotWords[kind]} changes: its storage could not be read.`);
    }
  }

  if ('error' in params.prestate) {
    unchecked.push(`Other writes to the Safe's storage: ${params.prestate.error}`);
  } else {
    safeChanges.push(
      ...otherStorageWrites(input, params.prestate, accountedSlots(input, owners, modules, logs)),
    );
  }
  return result;
}
