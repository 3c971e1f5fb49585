import { createCustomCommon, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { createAddressFromString, hexToBytes, unpadBytes } from '@ethereumjs/util';
import { bytesToHex, getAddress, isHex, numberToHex, type Address, type Hex } from 'viem';
import {
  approvedHashSlot,
  executionCall,
  mappingSlot,
  readStateChanges,
  rpcErrorMessage,
  safeStorageLayout,
  sentinelAddress,
  simulateV1Request,
  type PrestateDiff,
  type RpcRequest,
  type SimulatedBlock,
  type SimulatedCall,
  type StateChangesInput,
  type StateChangesOutcome,
} from '@countersign/safe-core';
import { ChainReads, ChainStateManager } from './chainState';

type EvmBlock = NonNullable<Parameters<EVM['runCall']>[0]['block']>;
type RpcBlock = {
  number: bigint;
  timestamp: bigint;
  gasLimit: bigint;
  baseFee?: bigint;
  coinbase: Hex;
  mixHash: Hex;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The latest block's header fields the EVM needs, checked. */
function readBlock(answer: unknown): RpcBlock {
  if (!isObject(answer)) throw new Error('the RPC gave no latest block');
  const { number, timestamp, gasLimit, baseFeePerGas, miner, mixHash } = answer;
  if (!isHex(number) || !isHex(timestamp) || !isHex(gasLimit) || !isHex(miner)) {
    throw new Error('the latest block lacks its number, time, gas limit or miner');
  }
  return {
    number: BigInt(number),
    timestamp: BigInt(timestamp),
    gasLimit: BigInt(gasLimit),
    ...(isHex(baseFeePerGas) ? { baseFee: BigInt(baseFeePerGas) } : {}),
    coinbase: miner,
    mixHash: isHex(mixHash) ? mixHash : numberToHex(0n, { size: 32 }),
  };
}

/**
 * The block the calls run in: the one after the latest, as eth_simulateV1 puts its first simulated
 * block (a slot later, with the latest's gas limit and base fee).
 */
const nextBlock = (latest: RpcBlock): EvmBlock => ({
  header: {
    number: latest.number + 1n,
    coinbase: createAddressFromString(getAddress(latest.coinbase)),
    timestamp: latest.timestamp + 12n,
    difficulty: 0n,
    prevRandao: hexToBytes(latest.mixHash),
    gasLimit: latest.gasLimit,
    ...(latest.baseFee !== undefined ? { baseFeePerGas: latest.baseFee } : {}),
    getBlobGasPrice: () => undefined,
  },
});

const slotWord = (slot: bigint): Hex => numberToHex(slot, { size: 32 });

/**
 * Asks, all at once (one batched request on a batching transport), for what the execution will
 * read of the Safe: its accounts and the slots of its owners, threshold, nonce and settings. What
 * else the transaction reads comes one request at a time, as the EVM meets it.
 */
async function prefetch(chain: ChainReads, input: StateChangesInput, executor: Address) {
  const safe = getAddress(input.safe);
  const slots = [
    safeStorageLayout.singleton,
    safeStorageLayout.ownerCount,
    safeStorageLayout.threshold,
    safeStorageLayout.nonce,
    safeStorageLayout.guard,
    safeStorageLayout.fallbackHandler,
    mappingSlot(sentinelAddress, 'address', safeStorageLayout.modules),
    ...[sentinelAddress, ...input.owners].map((owner) =>
      mappingSlot(owner, 'address', safeStorageLayout.owners),
    ),
    ...input.owners.map((owner) => approvedHashSlot(getAddress(owner), input.safeTxHash)),
  ];
  const [singleton] = await Promise.all([
    chain.storage(safe, slotWord(safeStorageLayout.singleton)),
    ...slots.map((slot) => chain.storage(safe, slotWord(slot))),
    ...[safe, executor, input.tx.to, input.accessor].map((address) => chain.account(address)),
  ]);
  await chain.account(getAddress(`0x${singleton.slice(26)}`));
}

/** The overrides of one simulateV1Request block, applied to the EVM's state as the node applies them. */
async function applyOverrides(
  state: ChainStateManager,
  overrides: Record<Address, { stateDiff?: Record<Hex, Hex>; code?: Hex }> | undefined,
) {
  for (const [address, override] of Object.entries(overrides ?? {})) {
    const account = createAddressFromString(address);
    if (override.code !== undefined) await state.putCode(account, hexToBytes(override.code));
    for (const [slot, value] of Object.entries(override.stateDiff ?? {})) {
      await state.putStorage(account, hexToBytes(slot as Hex), unpadBytes(hexToBytes(value)));
    }
  }
}

type Snapshot = { storage: Map<string, Map<Hex, Hex>>; balances: Map<string, bigint> };

const snapshotOf = (state: ChainStateManager): Snapshot => ({
  storage: state.writtenStorage(),
  balances: state.writtenBalances(),
});

/**
 * What one call changed, in the prestate tracer's diff form: each storage word and balance it
 * changed, before and after. Every write lands in the executing account's storage, so a
 * delegatecall's writes to the Safe (its implementation slot among them) are the Safe's here.
 */
async function diffSince(state: ChainStateManager, before: Snapshot): Promise<PrestateDiff> {
  const diff: PrestateDiff = { pre: {}, post: {} };
  const entry = (side: 'pre' | 'post', address: string) => (diff[side][address] ??= {});
  for (const [address, slots] of state.writtenStorage()) {
    for (const [slot, is] of slots) {
      const was = before.storage.get(address)?.get(slot) ?? (await state.chain.storage(address as Hex, slot));
      if (BigInt(was) === BigInt(is)) continue;
      (entry('pre', address).storage ??= {})[slot] = was;
      (entry('post', address).storage ??= {})[slot] = is;
    }
  }
  for (const [address, is] of state.writtenBalances()) {
    const was = before.balances.get(address) ?? (await state.chain.account(address as Hex)).balance;
    if (was === is) continue;
    entry('pre', address).balance = was;
    entry('post', address).balance = is;
  }
  return diff;
}

async function runCall(
  evm: EVM,
  state: ChainStateManager,
  block: EvmBlock,
  call: { from: Address; to: Address; data: Hex },
): Promise<SimulatedCall> {
  const caller = createAddressFromString(call.from);
  const { execResult } = await evm.runCall({
    caller,
    origin: caller,
    to: createAddressFromString(call.to),
    data: hexToBytes(call.data),
    gasLimit: block.header.gasLimit,
    block,
    skipBalance: true,
  });
  // Each call is a transaction of its own: warm slots and original values start anew.
  await evm.journal.cleanup();
  state.originalStorageCache.clear();
  return {
    status: execResult.exceptionError ? 'failure' : 'success',
    returnData: bytesToHex(execResult.returnValue),
    logs: (execResult.logs ?? []).map(([address, topics, data]) => ({
      address: getAddress(bytesToHex(address)),
      topics: topics.map((topic) => bytesToHex(topic)),
      data: bytesToHex(data),
    })),
  };
}

/**
 * What the transaction changes, executed by an EVM in the browser over the chain's state at its
 * latest block, read through the chain's RPC: the very blocks of calls the node path sends as
 * eth_simulateV1 (reads, the execution with its overrides, raw reads), with the execution's state
 * diff standing in for the node's prestate tracer. Nothing is sent but reads.
 */
export async function executeStateChangesInBrowser(
  request: RpcRequest,
  input: StateChangesInput,
): Promise<StateChangesOutcome> {
  try {
    const [chainId, latest] = await Promise.all([
      request({ method: 'eth_chainId', params: [] }),
      request({ method: 'eth_getBlockByNumber', params: ['latest', false] }).then(readBlock),
    ]);
    if (!isHex(chainId)) throw new Error('the RPC gave no chain id');
    const chain = new ChainReads(request, numberToHex(latest.number));
    const execution = executionCall(input);
    const state = new ChainStateManager(chain);
    const [evm] = await Promise.all([
      createEVM({
        common: createCustomCommon({ chainId: Number(BigInt(chainId)) }, Mainnet, {
          hardfork: Hardfork.Prague,
        }),
        stateManager: state,
      }),
      prefetch(chain, input, execution.from),
    ]);
    const block = nextBlock(latest);
    const blocks: SimulatedBlock[] = [];
    let prestate: PrestateDiff | undefined;
    for (const blockCalls of simulateV1Request(input).params[0].blockStateCalls) {
      await applyOverrides(state, blockCalls.stateOverrides);
      const calls: SimulatedCall[] = [];
      for (const call of blockCalls.calls) {
        const isExecution = call.to === execution.to && call.data === execution.data;
        const before = isExecution ? snapshotOf(state) : undefined;
        calls.push(await runCall(evm, state, block, call));
        if (before) prestate = await diffSince(state, before);
      }
      blocks.push({ calls });
    }
    return {
      status: 'done',
      changes: readStateChanges({
        input,
        blocks,
        prestate: prestate ?? { error: 'the execution was not found among the calls run.' },
        engine: 'browser-evm',
      }),
    };
  } catch (error) {
    return {
      status: 'unavailable',
      engine: 'browser-evm',
      reason: `The execution in your browser failed (${rpcErrorMessage(error)}): what this transaction changes was not checked.`,
    };
  }
}
