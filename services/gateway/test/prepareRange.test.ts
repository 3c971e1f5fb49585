import {
  buildSafeTx,
  encodeExecTransaction,
  encodeMultiSend,
  hashSafeTx,
  multicall3Address,
  safeAbi,
  type SafeTx,
} from '@countersign/safe-core';
import {
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  getAbiItem,
  getAddress,
  keccak256,
  parseAbi,
  parseEventLogs,
  toHex,
  type Address,
  type Hex,
  type Log,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { effectiveCallsFromCallTracer, effectiveCallsFromParity } from '../src/indexer/callFrames';
import { embeddedExecCalls } from '../src/indexer/embeddedCalls';
import type { ChainRange } from '../src/indexer/fetchRange';
import { prepareRange, type PreparedRange } from '../src/indexer/prepareRange';

const chainId = 1337;
const safes = [
  '0x1000000000000000000000000000000000000001',
  '0x2000000000000000000000000000000000000002',
  '0x3000000000000000000000000000000000000003',
].map((a) => getAddress(a));
const sender = getAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
const module = getAddress('0x9000000000000000000000000000000000000009');
const recipient = getAddress('0x8000000000000000000000000000000000000008');

type Raw = { address: Address; eventName: string; args: Record<string, unknown>; tx: number; index: number };

/** A log as a node returns it, for the event `eventName` of safeAbi with `args`. */
function rawLog(raw: Raw, block: bigint): Log {
  const event = getAbiItem({ abi: safeAbi, name: raw.eventName as 'ExecutionSuccess' });
  const inputs = (event as { inputs: readonly { name: string; type: string; indexed?: boolean }[] }).inputs;
  const topics = encodeEventTopics({
    abi: [event],
    eventName: raw.eventName as 'ExecutionSuccess',
    args: Object.fromEntries(inputs.filter((i) => i.indexed).map((i) => [i.name, raw.args[i.name]])) as never,
  });
  const plain = inputs.filter((i) => !i.indexed);
  return {
    address: raw.address,
    topics: topics as [Hex, ...Hex[]],
    data: encodeAbiParameters(plain, plain.map((i) => raw.args[i.name]) as never),
    blockNumber: block,
    blockHash: keccak256(toHex(`block ${block}`)),
    transactionHash: keccak256(toHex(`tx ${raw.tx}`)),
    transactionIndex: raw.tx,
    logIndex: raw.index,
    removed: false,
  };
}

/** A SafeL2's events for executing `tx`: the announcement, then the outcome. */
function execution(safe: Address, nonce: bigint, tx: number, index: number, success = true): Raw[] {
  const fields = buildSafeTx({ to: recipient, value: nonce + 1n, nonce });
  return [
    {
      address: safe,
      eventName: 'SafeMultiSigTransaction',
      tx,
      index,
      args: {
        ...fields,
        signatures: '0x',
        additionalInfo: encodeAbiParameters(
          [{ type: 'uint256' }, { type: 'address' }, { type: 'uint256' }],
          [nonce, sender, 1n],
        ),
      },
    },
    {
      address: safe,
      eventName: success ? 'ExecutionSuccess' : 'ExecutionFailure',
      tx,
      index: index + 1,
      args: { txHash: hashSafeTx({ chainId, safe, tx: fields }), payment: 0n },
    },
  ];
}

function moduleExecution(safe: Address, value: bigint, tx: number, index: number): Raw[] {
  return [
    {
      address: safe,
      eventName: 'SafeModuleTransaction',
      tx,
      index,
      args: { module, to: recipient, value, data: '0x', operation: 0 },
    },
    { address: safe, eventName: 'ExecutionFromModuleSuccess', tx, index: index + 1, args: { module } },
  ];
}

function rangeOf(raws: Raw[]): ChainRange {
  const block = 10n;
  const logs = raws.map((raw) => rawLog(raw, block));
  return {
    from: block,
    to: block,
    blocks: new Map([[block, { number: block, hash: '0x01', parentHash: '0x00', timestampMs: 1_000 }]]),
    creations: [],
    safeEvents: parseEventLogs({ abi: safeAbi, logs }),
    tokenTransfers: [],
    creators: new Map(),
  };
}

/** Each Safe's records, comparable: what the history of one Safe is made of. */
function recordsOf(prepared: PreparedRange, safe: Address) {
  const mine = <T extends { safe: Address }>(list: T[]) => list.filter((item) => item.safe === safe);
  return {
    multisig: mine(prepared.multisig),
    modules: mine(prepared.modules),
    transfers: mine(prepared.transfers),
    history: mine(prepared.history),
    unrecovered: mine(prepared.unrecovered),
  };
}

/** Three Safes, each with executions, a failure, a module call and coin received, spread over transactions. */
function cleanEvents(): Raw[] {
  const raws: Raw[] = [];
  let tx = 0;
  for (const safe of safes) {
    for (let nonce = 0n; nonce < 3n; nonce += 1n)
      raws.push(...execution(safe, nonce, ++tx, tx * 10, nonce !== 1n));
    raws.push(...moduleExecution(safe, 5n, ++tx, tx * 10));
    raws.push({
      address: safe,
      eventName: 'SafeReceived',
      tx: ++tx,
      index: tx * 10,
      args: { sender, value: 7n },
    });
  }
  return raws;
}

/** A seeded PRNG: the fuzz runs the same cases every time. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('prepareRange', () => {
  const known = new Set(safes);

  it('reads L2 Safes as before: every execution, its outcome, module calls and coin received', () => {
    const prepared = prepareRange(rangeOf(cleanEvents()), chainId, known, new Set());
    expect(prepared.setAside).toEqual([]);
    expect(prepared.multisig).toHaveLength(9);
    expect(prepared.multisig.filter((m) => !m.success)).toHaveLength(3);
    expect(prepared.modules).toHaveLength(3);
    expect(prepared.transfers).toHaveLength(3);
    expect(prepared.history).toHaveLength(15);
  });

  it('pairs an L2 Safe executing its own execTransaction: both announced before either ends', () => {
    const [outerAnnounce, outerEnd] = execution(safes[0]!, 0n, 1, 1);
    const [innerAnnounce, innerEnd] = execution(safes[0]!, 1n, 1, 3);
    const prepared = prepareRange(
      rangeOf([
        outerAnnounce!,
        { ...innerAnnounce!, index: 2 },
        { ...innerEnd!, index: 3 },
        { ...outerEnd!, index: 4 },
      ]),
      chainId,
      known,
      new Set(),
    );
    expect(prepared.setAside).toEqual([]);
    expect(prepared.multisig.map((m) => m.nonce)).toEqual([1n, 0n]);
  });

  it('sets aside a Safe whose outcome nothing explains, and keeps the others of the same range', () => {
    const raws = cleanEvents();
    const foreign: Raw = {
      address: safes[1]!,
      eventName: 'ExecutionSuccess',
      tx: 999,
      index: 9_990,
      args: { txHash: keccak256(toHex('foreign')), payment: 0n },
    };
    const clean = prepareRange(rangeOf(raws), chainId, known, new Set());
    const prepared = prepareRange(rangeOf([...raws, foreign]), chainId, known, new Set());
    expect(prepared.setAside.map((s) => s.safe)).toEqual([safes[1]]);
    expect(prepared.setAside[0]?.reason).toMatch(/neither an event nor a recovery explains/);
    for (const safe of [safes[0]!, safes[2]!])
      expect(recordsOf(prepared, safe)).toEqual(recordsOf(clean, safe));
    expect(recordsOf(prepared, safes[1]!).history).toEqual([]);
  });

  it('fuzz: shuffled, duplicated, dropped and foreign events of one Safe never touch the others, never throw, and never yield an unproven execution', () => {
    const random = prng(31);
    const clean = prepareRange(rangeOf(cleanEvents()), chainId, known, new Set());
    for (let round = 0; round < 200; round += 1) {
      const victim = safes[Math.floor(random() * safes.length)]!;
      const raws = cleanEvents();
      const theirs = raws.filter((raw) => raw.address === victim);
      const others = raws.filter((raw) => raw.address !== victim);
      const mutated = [...theirs];
      const mutations = 1 + Math.floor(random() * 4);
      for (let m = 0; m < mutations; m += 1) {
        const pick = Math.floor(random() * mutated.length);
        const target = mutated[pick]!;
        switch (Math.floor(random() * 5)) {
          case 0: // shuffled within the range: another place in another transaction
            mutated[pick] = {
              ...target,
              tx: 500 + Math.floor(random() * 5),
              index: Math.floor(random() * 20_000),
            };
            break;
          case 1: // duplicated
            mutated.push({ ...target, index: target.index + 5_000 + m });
            break;
          case 2: // dropped
            mutated.splice(pick, 1);
            break;
          case 3: // foreign: an outcome with a hash of nothing the Safe ran
            mutated.push({
              address: victim,
              eventName: random() < 0.5 ? 'ExecutionSuccess' : 'ExecutionFromModuleFailure',
              tx: target.tx,
              index: target.index + 7_000 + m,
              args: { txHash: keccak256(toHex(`noise ${round} ${m}`)), payment: 1n, module },
            });
            break;
          default: // out of order: outcome before its announcement
            mutated[pick] = { ...target, index: target.index - 2 };
        }
      }
      // Positions must stay unique within a transaction, as on a real chain.
      const seen = new Set<string>();
      const unique = [...others, ...mutated].filter((raw) => {
        const key = `${raw.tx}:${raw.index}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      const prepared = prepareRange(rangeOf(unique), chainId, known, new Set());
      for (const safe of safes.filter((s) => s !== victim)) {
        expect(recordsOf(prepared, safe), `round ${round}`).toEqual(recordsOf(clean, safe));
      }
      for (const m of prepared.multisig) {
        const {
          safe,
          safeTxHash,
          to,
          value,
          data,
          operation,
          safeTxGas,
          baseGas,
          gasPrice,
          gasToken,
          refundReceiver,
          nonce,
        } = m;
        const tx: SafeTx = {
          to,
          value,
          data,
          operation,
          safeTxGas,
          baseGas,
          gasPrice,
          gasToken,
          refundReceiver,
          nonce,
        };
        expect(hashSafeTx({ chainId, safe, tx }), `round ${round}`).toBe(safeTxHash);
      }
      if (prepared.setAside.length > 0) expect(recordsOf(prepared, victim).history).toEqual([]);
    }
  }, 60_000);
});

describe('finding an execution relayed inside another call', () => {
  const tx = buildSafeTx({ to: recipient, value: 3n, nonce: 4n });
  const call = encodeExecTransaction(tx, '0x1234');
  const expectFound = (input: Hex) =>
    expect(embeddedExecCalls(input)).toEqual([
      expect.objectContaining({ to: recipient, value: 3n, data: '0x', signatures: '0x1234' }),
    ]);

  it('inside Multicall3', () => {
    const abi = parseAbi([
      'struct Call3 { address target; bool allowFailure; bytes callData; }',
      'function aggregate3(Call3[] calls)',
    ]);
    expectFound(
      encodeFunctionData({
        abi,
        functionName: 'aggregate3',
        args: [[{ target: safes[0]!, allowFailure: false, callData: call }]],
      }),
    );
    expect(multicall3Address).toMatch(/^0x/);
  });

  it('inside a parent Safe’s MultiSend, itself inside the parent’s execTransaction', () => {
    const batch = encodeMultiSend([{ to: safes[0]!, value: 0n, data: call, operation: 0 }]);
    const parent = encodeExecTransaction(
      buildSafeTx({ to: recipient, data: batch, operation: 1, nonce: 0n }),
      '0x',
    );
    const found = embeddedExecCalls(parent);
    expect(found).toContainEqual(expect.objectContaining({ to: recipient, value: 3n, signatures: '0x1234' }));
  });

  it('inside an ERC-4337 bundle’s account call', () => {
    const abi = parseAbi(['function execute(address dest, uint256 value, bytes func)']);
    expectFound(encodeFunctionData({ abi, functionName: 'execute', args: [safes[0]!, 0n, call] }));
  });

  it('costs a bounded number of tries on a crafted input full of selectors', () => {
    const noise = `0x${'6a761202'.repeat(50_000)}` as Hex;
    const started = performance.now();
    expect(embeddedExecCalls(noise)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('call frames from traces', () => {
  const a = getAddress('0xa000000000000000000000000000000000000000');
  const b = getAddress('0xb000000000000000000000000000000000000000');
  const c = getAddress('0xc000000000000000000000000000000000000000');

  it('lists the calls that took effect, children before parents, without reverted subtrees', () => {
    const root = {
      from: a,
      to: b,
      input: '0x01',
      calls: [
        { from: b, to: c, input: '0x02' },
        {
          from: b,
          to: c,
          input: '0x03',
          error: 'execution reverted',
          calls: [{ from: c, to: a, input: '0x04' }],
        },
      ],
    };
    expect(effectiveCallsFromCallTracer(root).map((f) => f.input)).toEqual(['0x02', '0x01']);
    const parity = [
      { action: { from: a, to: b, input: '0x01' }, traceAddress: [], type: 'call' },
      { action: { from: b, to: c, input: '0x02' }, traceAddress: [0], type: 'call' },
      { action: { from: b, to: c, input: '0x03' }, traceAddress: [1], type: 'call', error: 'Reverted' },
      { action: { from: c, to: a, input: '0x04' }, traceAddress: [1, 0], type: 'call' },
    ];
    expect(effectiveCallsFromParity(parity).map((f) => f.input)).toEqual(['0x02', '0x01']);
  });
});
