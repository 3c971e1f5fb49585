import { getAddress, type Address, type Hex, type PublicClient } from 'viem';
import { buildSafeTx, safeAbi, safeTxHasherByNonce, type SafeTx } from '@countersign/safe-core';
import { isTransient, isUnsupported } from './rpcErrors';
import { effectiveCallsFromCallTracer, effectiveCallsFromParity, type CallFrame } from './callFrames';
import {
  decodeExecTransaction,
  decodeModuleCall,
  embeddedExecCalls,
  type ExecCall,
  type ModuleCall,
} from './embeddedCalls';
import {
  eventKey,
  isMultisigOutcome,
  pairAnnouncements,
  type ModuleOutcome,
  type MultisigOutcome,
  type SafeEvent,
} from './executionPairs';
import type { ChainRange } from './fetchRange';

/** Where an execution's fields were found. */
export type RecoveredVia = 'input' | 'relayed' | 'proposal' | 'trace';

/**
 * What the indexer could learn of an execution its Safe did not announce (a Safe on a non-L2
 * singleton): the fields, each proven (a multisig execution's by the safeTxHash it emitted, a module
 * call's by being the module's own call to the Safe), or why they stay unknown.
 */
export type Recovery =
  | {
      kind: 'multisig';
      tx: SafeTx;
      /** Null when the fields came from a stored proposal: its confirmations stand for them. */
      signatures: Hex | null;
      executor: Address;
      threshold: number;
      via: RecoveredVia;
    }
  | ({ kind: 'module'; via: RecoveredVia } & { to: Address; value: bigint; data: Hex; operation: number })
  | { kind: 'unrecovered'; sender: Address; reason: string };

/** Whether the node serves call traces, found out on first need and kept for the indexer's life. */
export type TraceSupport = { mode: 'unknown' | 'debug' | 'parity' | 'none' };

export type RecoverContext = {
  client: PublicClient;
  chainId: number;
  traces: TraceSupport;
  /** A proposal stored with this safeTxHash, as the fields it was proposed with. */
  proposal: (safe: Address, safeTxHash: Hex) => Promise<SafeTx | undefined>;
  /** The nonce the Safe's next execution is expected at, from what the store holds; undefined if none. */
  nonceHints: (safes: Address[]) => Promise<Map<Address, bigint>>;
  log?: (message: string) => void;
};

/** How far below the Safe's current nonce an execution's nonce is searched for when no archive state answers. */
export const nonceSearchDepth = 4_096n;

export const needsTracesReason =
  'Executed, but its details could not be read from the transaction: they need a node with traces (debug_traceTransaction or trace_transaction)';

/**
 * Recovers the executions in `range` that no SafeL2 event describes. Costs nothing when every
 * execution was announced; otherwise, per transaction, its input (one call), the Safe's nonce and
 * threshold before the block (one call, per Safe and block), and a trace only when neither the input
 * nor a stored proposal holds the execution.
 */
export async function recoverRange(range: ChainRange, ctx: RecoverContext): Promise<Map<string, Recovery>> {
  const recoveries = new Map<string, Recovery>();
  const bySafe = new Map<Address, SafeEvent[]>();
  for (const log of range.safeEvents) {
    const safe = getAddress(log.address);
    bySafe.set(safe, [...(bySafe.get(safe) ?? []), log]);
  }
  const unannounced: { safe: Address; log: MultisigOutcome | ModuleOutcome }[] = [];
  for (const [safe, events] of bySafe) {
    let pairing;
    try {
      pairing = pairAnnouncements(events, ctx.chainId);
    } catch {
      // Events that cannot even be paired set the Safe aside when the range is prepared.
      continue;
    }
    for (const log of pairing.unannounced) unannounced.push({ safe, log });
  }
  if (unannounced.length === 0) return recoveries;

  const transactions = new Map<Hex, Promise<{ from: Address; to: Address | null; input: Hex }>>();
  const transaction = (hash: Hex) => {
    let found = transactions.get(hash);
    if (!found) {
      found = ctx.client.getTransaction({ hash }).then((tx) => ({
        from: getAddress(tx.from),
        to: tx.to ? getAddress(tx.to) : null,
        input: tx.input,
      }));
      transactions.set(hash, found);
    }
    return found;
  };
  const traced = new Map<Hex, Promise<CallFrame[] | undefined>>();
  const trace = (hash: Hex) => {
    let found = traced.get(hash);
    if (!found) {
      found = traceCalls(ctx, hash);
      traced.set(hash, found);
    }
    return found;
  };
  const hints = await ctx.nonceHints([...new Set(unannounced.map((u) => u.safe))]);
  const states = new Map<string, Promise<SafeState>>();
  const stateBefore = (safe: Address, block: bigint) => {
    const key = `${safe}:${block}`;
    let found = states.get(key);
    if (!found) {
      found = readStateBefore(ctx.client, safe, block);
      states.set(key, found);
    }
    return found;
  };

  // What every recovery needs, read ahead with a few calls in flight rather than one at a time: a
  // catch-up over many plain Safes' executions is otherwise bound by the node's round trips.
  await inFlight(
    [
      ...[...new Set(unannounced.map((u) => u.log.transactionHash as Hex))].map(
        (hash) => () => transaction(hash),
      ),
      ...unannounced
        .filter((u) => isMultisigOutcome(u.log))
        .map((u) => () => stateBefore(u.safe, u.log.blockNumber as bigint)),
    ],
    readAhead,
  );

  // In chain order: each recovered execution moves its Safe's expected nonce on.
  unannounced.sort((a, b) =>
    a.log.blockNumber === b.log.blockNumber
      ? (a.log.logIndex ?? 0) - (b.log.logIndex ?? 0)
      : (a.log.blockNumber ?? 0n) < (b.log.blockNumber ?? 0n)
        ? -1
        : 1,
  );
  /** Module outcomes already given a frame, per transaction, Safe and module. */
  const moduleFramesUsed = new Map<string, number>();
  for (const { safe, log } of unannounced) {
    const txHash = log.transactionHash as Hex;
    const tx = await transaction(txHash);
    if (isMultisigOutcome(log)) {
      const recovery = await recoverMultisig(ctx, {
        safe,
        log,
        tx,
        hint: hints.get(safe),
        state: () => stateBefore(safe, log.blockNumber as bigint),
        trace: () => trace(txHash),
      });
      if (recovery.kind === 'multisig') hints.set(safe, recovery.tx.nonce + 1n);
      else if (hints.has(safe)) hints.set(safe, (hints.get(safe) as bigint) + 1n);
      recoveries.set(eventKey(log), recovery);
    } else {
      const module = getAddress(log.args.module);
      const key = `${txHash}:${safe}:${module}`;
      const index = moduleFramesUsed.get(key) ?? 0;
      moduleFramesUsed.set(key, index + 1);
      const outcomes = unannounced.filter(
        (u) =>
          u.safe === safe &&
          u.log.transactionHash === txHash &&
          !isMultisigOutcome(u.log) &&
          getAddress(u.log.args.module) === module,
      ).length;
      recoveries.set(
        eventKey(log),
        await recoverModule({ safe, module, tx, index, outcomes, trace: () => trace(txHash) }),
      );
    }
  }
  return recoveries;
}

type SafeState = { nonce: bigint; threshold: number; exact: boolean };

/** Reads in flight at once while recovering a range. */
const readAhead = 8;

/** Runs `tasks` with at most `limit` at a time; the first failure fails the whole. */
async function inFlight(tasks: (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const task = tasks[next];
        next += 1;
        await task?.();
      }
    }),
  );
}

/** The Safe's nonce and threshold before `block`; at the head (exact: false) when the node keeps no past state. */
async function readStateBefore(client: PublicClient, safe: Address, block: bigint): Promise<SafeState> {
  const read = (blockNumber?: bigint) =>
    Promise.all([
      client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce', blockNumber }),
      client.readContract({ address: safe, abi: safeAbi, functionName: 'getThreshold', blockNumber }),
    ]);
  try {
    const [nonce, threshold] = await read(block - 1n);
    return { nonce, threshold: Number(threshold), exact: true };
  } catch (error) {
    if (isTransient(error)) throw error;
    const [nonce, threshold] = await read();
    return { nonce, threshold: Number(threshold), exact: false };
  }
}

async function traceCalls(ctx: RecoverContext, hash: Hex): Promise<CallFrame[] | undefined> {
  const { traces, client } = ctx;
  const attempt = async (mode: 'debug' | 'parity') => {
    if (mode === 'debug') {
      const result = await client.request({
        method: 'debug_traceTransaction' as 'eth_call',
        params: [hash, { tracer: 'callTracer' }] as never,
      });
      return effectiveCallsFromCallTracer(result);
    }
    const result = await client.request({
      method: 'trace_transaction' as 'eth_call',
      params: [hash] as never,
    });
    return effectiveCallsFromParity(result);
  };
  for (const mode of ['debug', 'parity'] as const) {
    if (traces.mode === 'none') return undefined;
    if (traces.mode !== 'unknown' && traces.mode !== mode) continue;
    try {
      const frames = await attempt(mode);
      traces.mode = mode;
      return frames;
    } catch (error) {
      if (!isUnsupported(error)) throw error;
      if (traces.mode === mode) traces.mode = 'unknown';
      ctx.log?.(`the node has no ${mode === 'debug' ? 'debug_traceTransaction' : 'trace_transaction'}`);
    }
  }
  traces.mode = 'none';
  return undefined;
}

const safeTxOf = (call: ExecCall, nonce: bigint): SafeTx =>
  buildSafeTx({
    to: getAddress(call.to),
    value: call.value,
    data: call.data,
    operation: call.operation === 1 ? 1 : 0,
    safeTxGas: call.safeTxGas,
    baseGas: call.baseGas,
    gasPrice: call.gasPrice,
    gasToken: getAddress(call.gasToken),
    refundReceiver: getAddress(call.refundReceiver),
    nonce,
  });

/** The nonce among `nonces` at which `call` hashes to `target`, if any. */
function nonceOf(chainId: number, safe: Address, call: ExecCall, target: Hex, nonces: Iterable<bigint>) {
  const hashAt = safeTxHasherByNonce({ chainId, safe, tx: safeTxOf(call, 0n) });
  for (const nonce of nonces) if (nonce >= 0n && hashAt(nonce) === target) return nonce;
  return undefined;
}

/** The nonces an execution may have run at, given the Safe's state before its block (or now). */
function* around(state: SafeState): Generator<bigint> {
  if (state.exact) {
    // Several executions of one Safe in one block all start from the state before it.
    for (let k = 0n; k < 64n; k += 1n) yield state.nonce + k;
    return;
  }
  for (let n = state.nonce - 1n; n >= 0n && n >= state.nonce - nonceSearchDepth; n -= 1n) yield n;
}

async function recoverMultisig(
  ctx: RecoverContext,
  params: {
    safe: Address;
    log: MultisigOutcome;
    tx: { from: Address; to: Address | null; input: Hex };
    hint: bigint | undefined;
    state: () => Promise<SafeState>;
    trace: () => Promise<CallFrame[] | undefined>;
  },
): Promise<Recovery> {
  const { safe, log, tx } = params;
  const target = log.args.txHash;
  const direct = tx.to === safe ? decodeExecTransaction(tx.input) : undefined;
  const candidates: { call: ExecCall; via: RecoveredVia; executor: Address }[] = [
    ...(direct ? [{ call: direct, via: 'input' as const, executor: tx.from }] : []),
    ...embeddedExecCalls(tx.input).map((call) => ({ call, via: 'relayed' as const, executor: tx.from })),
  ];
  const prove = async (list: typeof candidates): Promise<Recovery | undefined> => {
    const recovered = async (candidate: (typeof list)[number], nonce: bigint): Promise<Recovery> => ({
      kind: 'multisig',
      tx: safeTxOf(candidate.call, nonce),
      signatures: candidate.call.signatures,
      executor: candidate.executor,
      threshold: (await params.state()).threshold,
      via: candidate.via,
    });
    // The cheap guess first: no call to the node when the store's count of executions is right.
    for (const candidate of list) {
      const nonce = nonceOf(
        ctx.chainId,
        safe,
        candidate.call,
        target,
        params.hint === undefined ? [] : [params.hint],
      );
      if (nonce !== undefined) return recovered(candidate, nonce);
    }
    if (list.length === 0) return undefined;
    const state = await params.state();
    for (const candidate of list) {
      const nonce = nonceOf(ctx.chainId, safe, candidate.call, target, around(state));
      if (nonce !== undefined) return recovered(candidate, nonce);
    }
    return undefined;
  };
  const fromInput = await prove(candidates);
  if (fromInput) return fromInput;

  const proposed = await ctx.proposal(safe, target);
  if (proposed) {
    const state = await params.state();
    return {
      kind: 'multisig',
      tx: proposed,
      signatures: null,
      executor: tx.from,
      threshold: state.threshold,
      via: 'proposal',
    };
  }

  const frames = await params.trace();
  if (frames) {
    const traced = frames
      .filter((frame) => frame.to === safe)
      .flatMap((frame) => {
        const call = decodeExecTransaction(frame.input);
        return call ? [{ call, via: 'trace' as const, executor: frame.from }] : [];
      });
    const fromTrace = await prove(traced);
    if (fromTrace) return fromTrace;
  }
  return {
    kind: 'unrecovered',
    sender: tx.from,
    reason: frames
      ? 'Executed, but no call in its transaction hashes to the safeTxHash it emitted'
      : needsTracesReason,
  };
}

async function recoverModule(params: {
  safe: Address;
  module: Address;
  tx: { from: Address; to: Address | null; input: Hex };
  /** This outcome's place among the module's outcomes on this Safe in the transaction. */
  index: number;
  outcomes: number;
  trace: () => Promise<CallFrame[] | undefined>;
}): Promise<Recovery> {
  const { safe, module, tx } = params;
  const recovered = (call: ModuleCall, via: RecoveredVia): Recovery => ({
    kind: 'module',
    via,
    to: getAddress(call.to),
    value: call.value,
    data: call.data,
    operation: call.operation,
  });
  if (tx.to === safe && tx.from === module && params.outcomes === 1) {
    const call = decodeModuleCall(tx.input);
    if (call) return recovered(call, 'input');
  }
  const frames = await params.trace();
  if (frames) {
    const calls = frames
      .filter((frame) => frame.from === module && frame.to === safe)
      .flatMap((frame) => decodeModuleCall(frame.input) ?? []);
    // Matched by position only when the counts agree: otherwise which call was which is a guess.
    const call = calls.length === params.outcomes ? calls[params.index] : undefined;
    if (call) return recovered(call, 'trace');
  }
  return {
    kind: 'unrecovered',
    sender: tx.from,
    reason: frames
      ? 'Executed by a module, but its calls to the Safe in this transaction could not be told apart'
      : needsTracesReason,
  };
}
