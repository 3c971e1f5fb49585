import {
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  keccak256,
  numberToHex,
  type Address,
  type Hex,
} from 'viem';
import { safeAbi } from '../abis';
import { sentinelAddress } from '../addresses';
import { encodeExecTransaction, type SafeTx } from '../safeTx';
import { approvedHashSignature, encodeSignatures } from '../signatures';
import { simulationCall } from '../simulation';
import {
  fallbackHandlerStorageSlot,
  guardStorageSlot,
  moduleGuardStorageSlot,
  singletonStorageSlot,
} from '../storageSlots';

/** Storage slots of the Safe (1.x) that the executions below override or read raw. */
export const safeStorageLayout = {
  singleton: singletonStorageSlot,
  modules: 1n,
  owners: 2n,
  ownerCount: 3n,
  threshold: 4n,
  nonce: 5n,
  signedMessages: 7n,
  approvedHashes: 8n,
  guard: guardStorageSlot,
  moduleGuard: moduleGuardStorageSlot,
  fallbackHandler: fallbackHandlerStorageSlot,
} as const;

/** How many modules are read before and after; more are reported as not checked. */
export const MODULE_PAGE = 50;

/**
 * Runtime code put in place of the Safe's, after the execution, to read its storage raw:
 * returns SLOAD(calldata[0:32]). Raw reads do not trust whatever implementation the
 * transaction may have installed.
 *   PUSH1 0 CALLDATALOAD SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN
 */
export const storageReaderCode: Hex = '0x6000355460005260206000f3';

export const slotHex = (slot: bigint): Hex => numberToHex(slot, { size: 32 });

/** The slot of a Solidity `mapping(key => …)` entry declared at `slot`. */
export const mappingSlot = (key: Hex, keyType: 'address' | 'bytes32', slot: bigint): bigint =>
  BigInt(keccak256(encodeAbiParameters([{ type: keyType }, { type: 'uint256' }], [key, slot])));

/** The slot of approvedHashes[owner][hash]. */
export const approvedHashSlot = (owner: Address, hash: Hex): bigint =>
  BigInt(
    keccak256(
      encodeAbiParameters(
        [{ type: 'bytes32' }, { type: 'uint256' }],
        [hash, mappingSlot(owner, 'address', safeStorageLayout.approvedHashes)],
      ),
    ),
  );

export type StateChangesInput = {
  safe: Address;
  tx: SafeTx;
  /** The safeTxHash of `tx` (with its nonce), as the Safe computes it. */
  safeTxHash: Hex;
  /** The Safe's owners and threshold now, as the chain answers (the ones who will sign). */
  owners: readonly Address[];
  threshold: number;
  /** The canonical SimulateTxAccessor, to learn why a failing call fails (its reason is otherwise lost). */
  accessor: Address;
  /** The Safe's code now (its proxy), put back after the raw reads so that its views answer again. */
  safeCode: Hex;
};

/** The calls of the block before the execution, in this order (see readStateChanges). */
export const beforeReads = [
  'owners',
  'threshold',
  'modules',
  'singleton',
  'guard',
  'moduleGuard',
  'fallbackHandler',
] as const;
/** Raw slots read after the execution, in this order. */
export const rawAfterReads = ['singleton', 'guard', 'moduleGuard', 'fallbackHandler', 'threshold'] as const;

export type RpcCall = { from: Address; to: Address; data: Hex };
export type StateOverride = Record<Address, { stateDiff?: Record<Hex, Hex>; code?: Hex }>;
export type BlockStateCall = { stateOverrides?: StateOverride; calls: RpcCall[] };

/** The signers: the first `threshold` owners by address, the first of them sending the transaction. */
function signersOf(input: StateChangesInput): Address[] {
  const sorted = [...input.owners].map((owner) => getAddress(owner));
  sorted.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  return sorted.slice(0, Math.max(1, input.threshold));
}

/** Who sends the execution: the lowest signer (msg.sender is an owner, as for a real executor). */
function executorOf(input: StateChangesInput): Address {
  const [executor] = signersOf(input);
  if (!executor) throw new Error('The Safe has no owners to execute its transaction.');
  return executor;
}

/**
 * The overrides that let the transaction run as the executor would, without anyone's signature: the
 * nonce set to the transaction's (a queued one runs as if those before it were done), and each
 * signer's approvedHashes entry for the hash set, so that approved-hash signatures (v = 1) pass the
 * Safe's own check at its real threshold. Owners and threshold stay untouched, so reads of them after
 * the execution are the transaction's doing alone.
 */
export function executionOverrides(input: StateChangesInput): StateOverride {
  const stateDiff: Record<Hex, Hex> = {
    [slotHex(safeStorageLayout.nonce)]: slotHex(input.tx.nonce),
  };
  for (const signer of signersOf(input)) {
    stateDiff[slotHex(approvedHashSlot(signer, input.safeTxHash))] = slotHex(1n);
  }
  return { [getAddress(input.safe)]: { stateDiff } };
}

/** execTransaction as the executor sends it: from the first signer, with approved-hash signatures. */
export function executionCall(input: StateChangesInput): RpcCall {
  const signers = signersOf(input);
  const signatures = encodeSignatures(
    signers.map((signer) => ({ signer, data: approvedHashSignature(signer) })),
  );
  return {
    from: executorOf(input),
    to: getAddress(input.safe),
    data: encodeExecTransaction(input.tx, signatures),
  };
}

function viewCalls(input: StateChangesInput): Record<(typeof beforeReads)[number], RpcCall> {
  const from = executorOf(input);
  const to = getAddress(input.safe);
  const read = (data: Hex): RpcCall => ({ from, to, data });
  const storageAt = (slot: bigint) =>
    read(encodeFunctionData({ abi: safeAbi, functionName: 'getStorageAt', args: [slot, 1n] }));
  return {
    owners: read(encodeFunctionData({ abi: safeAbi, functionName: 'getOwners' })),
    threshold: read(encodeFunctionData({ abi: safeAbi, functionName: 'getThreshold' })),
    modules: read(
      encodeFunctionData({
        abi: safeAbi,
        functionName: 'getModulesPaginated',
        args: [sentinelAddress, BigInt(MODULE_PAGE)],
      }),
    ),
    singleton: storageAt(safeStorageLayout.singleton),
    guard: storageAt(safeStorageLayout.guard),
    moduleGuard: storageAt(safeStorageLayout.moduleGuard),
    fallbackHandler: storageAt(safeStorageLayout.fallbackHandler),
  };
}

/**
 * The eth_simulateV1 request, in four blocks sharing state:
 *  1. the Safe as it is: owners, threshold, modules, implementation, guard, fallback handler, read
 *     through its views; then the accessor's simulateAndRevert (changes nothing; tells why a call fails);
 *  2. with the overrides: execTransaction;
 *  3. with the Safe's code swapped for a raw storage reader: implementation, guard, fallback handler
 *     and threshold as stored, before any code the transaction installed can run again;
 *  4. with the Safe's code put back: owners and modules through its views.
 * `traceTransfers` makes the node report native transfers as ERC-7528 Transfer logs.
 */
export function simulateV1Request(input: StateChangesInput) {
  const views = viewCalls(input);
  const from = executorOf(input);
  const safe = getAddress(input.safe);
  const probe = simulationCall({ safe, accessor: input.accessor, tx: input.tx });
  const blockStateCalls: BlockStateCall[] = [
    { calls: [...beforeReads.map((name) => views[name]), { from, to: probe.to, data: probe.data }] },
    { stateOverrides: executionOverrides(input), calls: [executionCall(input)] },
    {
      stateOverrides: { [safe]: { code: storageReaderCode } },
      calls: rawAfterReads.map((name) => ({ from, to: safe, data: slotHex(safeStorageLayout[name]) })),
    },
    { stateOverrides: { [safe]: { code: input.safeCode } }, calls: [views.owners, views.modules] },
  ];
  return {
    method: 'eth_simulateV1' as const,
    params: [{ blockStateCalls, traceTransfers: true, validation: false }, 'latest'] as const,
  };
}

/** The debug_traceCall request for the storage the execution writes (prestate tracer, diff mode). */
export function prestateDiffRequest(input: StateChangesInput) {
  const call = executionCall(input);
  return {
    method: 'debug_traceCall' as const,
    params: [
      call,
      'latest',
      {
        tracer: 'prestateTracer',
        tracerConfig: { diffMode: true },
        stateOverrides: executionOverrides(input),
      },
    ] as const,
  };
}
