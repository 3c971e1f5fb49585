import {
  concat,
  encodeAbiParameters,
  encodeErrorResult,
  encodeFunctionResult,
  getAddress,
  maxUint256,
  numberToHex,
  pad,
  parseAbi,
  size,
  toEventSelector,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import {
  approvedHashSlot,
  buildSafeTx,
  fallbackHandlerStorageSlot,
  guardStorageSlot,
  moduleGuardStorageSlot,
  mappingSlot,
  nativeTransferAddress,
  permit2Address,
  readApprovals,
  readBalanceChanges,
  readSimulateV1Answer,
  readStateChanges,
  safe141,
  safeAbi,
  safeStorageLayout,
  sentinelAddress,
  simulateStateChanges,
  simulateV1Request,
  storageReaderCode,
  type PrestateDiff,
  type SimulatedBlock,
  type SimulatedCall,
  type SimulatedLog,
  type StateChangesInput,
} from '../src';

const safe = getAddress('0x00000000000000000000000000000000000005af');
const [ownerA, ownerB, ownerC, stranger] = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
] as Address[] as [Address, Address, Address, Address];
const token = '0x610178dA211FEF7D417bC0e6FeD39F05609AD788' as Address;
const nft = '0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0' as Address;
const evil = getAddress('0x000000000000000000000000000000000000bad0');
const safeTxHash = `0x${'ab'.repeat(32)}` as Hex;
const tx = buildSafeTx({ to: token, nonce: 7n });
const input: StateChangesInput = {
  safe,
  tx,
  safeTxHash,
  owners: [ownerA, ownerB, ownerC],
  threshold: 2,
  accessor: safe141.simulateTxAccessor,
  safeCode: '0x6080',
};

const topic = (address: Address) => pad(address.toLowerCase() as Hex, { size: 32 });
const word = (value: bigint) => numberToHex(value, { size: 32 });
const log = (address: Address, signature: string, topics: Hex[], data: Hex = '0x'): SimulatedLog => ({
  address,
  topics: [toEventSelector(signature), ...topics],
  data,
});
const transfer = (asset: Address, from: Address, to: Address, amount: bigint) =>
  log(asset, 'Transfer(address,address,uint256)', [topic(from), topic(to)], word(amount));
const ok = (returnData: Hex, logs: SimulatedLog[] = []): SimulatedCall => ({
  status: 'success',
  returnData,
  logs,
});
const failed = (returnData: Hex): SimulatedCall => ({ status: 'failure', returnData, logs: [] });

describe('readBalanceChanges', () => {
  it('nets native (ERC-7528), ERC-20, ERC-721 and ERC-1155 transfers per account, the Safe first', () => {
    const changes = readBalanceChanges(
      [
        transfer(nativeTransferAddress, safe, stranger, 5n),
        transfer(token, stranger, safe, 30n),
        transfer(token, safe, stranger, 10n),
        log(nft, 'Transfer(address,address,uint256)', [topic(safe), topic(stranger), word(42n)]),
        log(
          nft,
          'TransferSingle(address,address,address,uint256,uint256)',
          [topic(safe), topic(zeroAddress), topic(safe)],
          encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [3n, 9n]),
        ),
        log(
          nft,
          'TransferBatch(address,address,address,uint256[],uint256[])',
          [topic(safe), topic(safe), topic(stranger)],
          encodeAbiParameters(
            [{ type: 'uint256[]' }, { type: 'uint256[]' }],
            [
              [3n, 4n],
              [2n, 1n],
            ],
          ),
        ),
      ],
      safe,
    );
    expect(changes).toEqual([
      { account: safe, asset: { kind: 'native' }, delta: -5n },
      { account: safe, asset: { kind: 'erc20', address: token }, delta: 20n },
      { account: safe, asset: { kind: 'erc721', address: nft, tokenId: 42n }, delta: -1n },
      { account: safe, asset: { kind: 'erc1155', address: nft, tokenId: 3n }, delta: 7n },
      { account: safe, asset: { kind: 'erc1155', address: nft, tokenId: 4n }, delta: -1n },
      { account: stranger, asset: { kind: 'native' }, delta: 5n },
      { account: stranger, asset: { kind: 'erc20', address: token }, delta: -20n },
      { account: stranger, asset: { kind: 'erc721', address: nft, tokenId: 42n }, delta: 1n },
      { account: stranger, asset: { kind: 'erc1155', address: nft, tokenId: 3n }, delta: 2n },
      { account: stranger, asset: { kind: 'erc1155', address: nft, tokenId: 4n }, delta: 1n },
    ]);
  });

  it('leaves out what nets to zero and logs that are not transfers', () => {
    expect(
      readBalanceChanges([
        transfer(token, safe, stranger, 4n),
        transfer(token, stranger, safe, 4n),
        log(token, 'Transfer(address,address,uint256)', [topic(safe)], word(1n)),
      ]),
    ).toEqual([]);
  });
});

describe('readApprovals', () => {
  const approval = (amount: bigint) =>
    log(token, 'Approval(address,address,uint256)', [topic(safe), topic(evil)], word(amount));

  it('calls an allowance of max uint256 or 2^255 and above unlimited, a smaller one not', () => {
    expect(readApprovals([approval(maxUint256)])).toEqual([
      { kind: 'erc20', token, owner: safe, spender: evil, amount: maxUint256, unlimited: true },
    ]);
    expect(readApprovals([approval(1n << 255n)])[0]?.unlimited).toBe(true);
    expect(readApprovals([approval((1n << 255n) - 1n)])[0]?.unlimited).toBe(false);
  });

  it('keeps the last approval of the same grant', () => {
    expect(readApprovals([approval(maxUint256), approval(0n)])).toEqual([
      { kind: 'erc20', token, owner: safe, spender: evil, amount: 0n, unlimited: false },
    ]);
  });

  it('reads operator grants, single NFT approvals and Permit2 allowances', () => {
    const approvals = readApprovals([
      log(nft, 'ApprovalForAll(address,address,bool)', [topic(safe), topic(evil)], word(1n)),
      log(nft, 'Approval(address,address,uint256)', [topic(safe), topic(stranger), word(42n)]),
      log(
        permit2Address,
        'Approval(address,address,address,uint160,uint48)',
        [topic(safe), topic(token), topic(evil)],
        encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }], [(1n << 160n) - 1n, 1_900_000_000]),
      ),
      // The same event from any other contract is not Permit2's.
      log(
        token,
        'Approval(address,address,address,uint160,uint48)',
        [topic(safe), topic(token), topic(evil)],
        encodeAbiParameters([{ type: 'uint160' }, { type: 'uint48' }], [1n, 1]),
      ),
    ]);
    expect(approvals).toEqual([
      { kind: 'approvalForAll', token: nft, owner: safe, spender: evil, approved: true, unlimited: true },
      { kind: 'erc721', token: nft, owner: safe, spender: stranger, tokenId: 42n, unlimited: false },
      {
        kind: 'permit2',
        token,
        owner: safe,
        spender: evil,
        amount: (1n << 160n) - 1n,
        expiration: 1_900_000_000n,
        unlimited: true,
      },
    ]);
  });
});

describe('simulateV1Request', () => {
  it('runs execTransaction from the lowest signer, with the nonce and its approved hashes overridden', () => {
    const request = simulateV1Request(input);
    const [{ blockStateCalls, traceTransfers, validation }, block] = request.params;
    expect([request.method, traceTransfers, validation, block]).toEqual([
      'eth_simulateV1',
      true,
      false,
      'latest',
    ]);
    expect(blockStateCalls).toHaveLength(4);
    const [reads, execution, raw, views] = blockStateCalls;
    expect(reads!.calls).toHaveLength(8);
    // Owner B (0x3C44…) and owner A (0x7099…) are the two lowest: they sign; B sends.
    expect(execution!.calls[0]!.from).toBe(ownerB);
    const diff = execution!.stateOverrides![safe]!.stateDiff!;
    expect(diff[word(safeStorageLayout.nonce)]).toBe(word(7n));
    expect(diff[word(approvedHashSlot(ownerA, safeTxHash))]).toBe(word(1n));
    expect(diff[word(approvedHashSlot(ownerB, safeTxHash))]).toBe(word(1n));
    expect(diff[word(approvedHashSlot(ownerC, safeTxHash))]).toBeUndefined();
    expect(raw!.stateOverrides![safe]!.code).toBe(storageReaderCode);
    expect(raw!.calls.map((call) => call.data)).toEqual(
      [0n, guardStorageSlot, moduleGuardStorageSlot, fallbackHandlerStorageSlot, 4n].map(word),
    );
    // The Safe's own code is back for its views, after the raw reads.
    expect(views!.stateOverrides![safe]!.code).toBe('0x6080');
    expect(views!.calls).toHaveLength(2);
  });
});

/** The node's answer to simulateV1Request(input), built from what each read returns. */
function blocks(params: {
  execution: SimulatedCall;
  probe?: SimulatedCall;
  owners?: [Address[], Address[]];
  threshold?: [bigint, bigint];
  modules?: [Address[], Address[]];
  singleton?: [Address, Address];
}): SimulatedBlock[] {
  const owners = params.owners ?? [input.owners as Address[], input.owners as Address[]];
  const threshold = params.threshold ?? [2n, 2n];
  const modules = params.modules ?? [[], []];
  const singleton = params.singleton ?? [safe141.safeL2, safe141.safeL2];
  const handler = safe141.compatibilityFallbackHandler;
  const ownersResult = (list: Address[]) =>
    encodeFunctionResult({ abi: safeAbi, functionName: 'getOwners', result: list });
  const modulesResult = (list: Address[]) =>
    encodeFunctionResult({
      abi: safeAbi,
      functionName: 'getModulesPaginated',
      result: [list, sentinelAddress],
    });
  const storageAt = (value: Hex) =>
    encodeFunctionResult({ abi: safeAbi, functionName: 'getStorageAt', result: pad(value, { size: 32 }) });
  return [
    {
      calls: [
        ok(ownersResult(owners[0])),
        ok(encodeFunctionResult({ abi: safeAbi, functionName: 'getThreshold', result: threshold[0] })),
        ok(modulesResult(modules[0])),
        ok(storageAt(singleton[0])),
        ok(storageAt(zeroAddress)),
        ok(storageAt(zeroAddress)),
        ok(storageAt(handler)),
        params.probe ?? failed('0x'),
      ],
    },
    { calls: [params.execution] },
    {
      calls: [
        ok(pad(singleton[1], { size: 32 })),
        ok(word(0n)),
        ok(word(0n)),
        ok(pad(handler, { size: 32 })),
        ok(word(threshold[1])),
      ],
    },
    { calls: [ok(ownersResult(owners[1])), ok(modulesResult(modules[1]))] },
  ];
}

const succeeded = (logs: SimulatedLog[] = []) => ok(word(1n), logs);
const noDiff: PrestateDiff = { pre: {}, post: {} };
const errorString = (message: string) =>
  encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [message] });
/** What simulateAndRevert reverts with when the call fails with `reason`: success, length, response. */
function probeReverting(reason: string): SimulatedCall {
  const response = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'bool' }, { type: 'bytes' }],
    [21000n, false, errorString(reason)],
  );
  return failed(concat([word(1n), word(BigInt(size(response))), response]));
}

describe('readStateChanges', () => {
  it('reports nothing for the Safe when its reads before and after agree', () => {
    const changes = readStateChanges({
      input,
      blocks: blocks({ execution: succeeded([transfer(token, safe, stranger, 5n)]) }),
      prestate: noDiff,
    });
    expect(changes).toEqual({
      engine: 'eth_simulateV1',
      balanceChanges: [
        { account: safe, asset: { kind: 'erc20', address: token }, delta: -5n },
        { account: stranger, asset: { kind: 'erc20', address: token }, delta: 5n },
      ],
      approvals: [],
      safeChanges: [],
      unchecked: [],
    });
  });

  it('reports new owners, threshold, modules and implementation', () => {
    const changes = readStateChanges({
      input,
      blocks: blocks({
        execution: succeeded(),
        owners: [
          [ownerA, ownerB, ownerC],
          [stranger, ownerA, ownerB, ownerC],
        ],
        threshold: [2n, 1n],
        modules: [[], [evil]],
        singleton: [safe141.safeL2, evil],
      }),
      prestate: noDiff,
    });
    expect(changes.safeChanges).toEqual([
      {
        kind: 'owners',
        before: [ownerA, ownerB, ownerC],
        after: [stranger, ownerA, ownerB, ownerC],
        added: [stranger],
        removed: [],
      },
      { kind: 'threshold', before: 2n, after: 1n },
      { kind: 'modules', before: [], after: [evil], added: [evil], removed: [] },
      { kind: 'implementation', before: safe141.safeL2, after: evil },
    ]);
  });

  it('reports writes to the Safe storage that no reported change accounts for', () => {
    const strangeSlot = word(123n);
    const ownerSlot = word(mappingSlot(stranger, 'address', safeStorageLayout.owners));
    const changes = readStateChanges({
      input,
      blocks: blocks({
        execution: succeeded(),
        owners: [
          [ownerA, ownerB, ownerC],
          [stranger, ownerA, ownerB, ownerC],
        ],
      }),
      prestate: {
        pre: { [safe.toLowerCase()]: { storage: { [word(5n)]: word(7n), [strangeSlot]: word(1n) } } },
        post: {
          [safe.toLowerCase()]: {
            // The nonce +1 and the new owner's entry are accounted for; slot 123 is cleared.
            storage: { [word(5n)]: word(8n), [ownerSlot]: pad(ownerA.toLowerCase() as Hex, { size: 32 }) },
          },
        },
      },
    });
    expect(changes.safeChanges.map((change) => change.kind)).toEqual(['owners', 'storage']);
    expect(changes.safeChanges[1]).toEqual({
      kind: 'storage',
      slot: strangeSlot,
      before: word(1n),
      after: word(0n),
    });
  });

  it('takes native amounts from the balances in the prestate diff, not from the traced logs', () => {
    const changes = readStateChanges({
      input,
      // anvil keeps the ERC-7528 log of a transfer whose call was undone
      blocks: blocks({ execution: succeeded([transfer(nativeTransferAddress, safe, stranger, 5n)]) }),
      prestate: {
        pre: { [safe.toLowerCase()]: { balance: 10n }, [evil.toLowerCase()]: { balance: 0n } },
        post: {
          [safe.toLowerCase()]: { balance: 6n },
          [evil.toLowerCase()]: { balance: 3n },
          // new to the chain: not in `pre` at all
          [stranger.toLowerCase()]: { balance: 1n },
        },
      },
    });
    expect(changes.balanceChanges).toEqual([
      { account: safe, asset: { kind: 'native' }, delta: -4n },
      { account: evil, asset: { kind: 'native' }, delta: 3n },
      { account: stranger, asset: { kind: 'native' }, delta: 1n },
    ]);
  });

  it('says what it could not check without the prestate diff', () => {
    const changes = readStateChanges({
      input,
      blocks: blocks({ execution: succeeded([transfer(nativeTransferAddress, safe, stranger, 5n)]) }),
      prestate: { error: "this chain's node offers no storage diff." },
    });
    expect(changes.balanceChanges).toHaveLength(2);
    expect(changes.unchecked).toEqual([
      "The native-coin amounts were not confirmed against the accounts' balances (no storage diff from the node).",
      "Other writes to the Safe's storage: this chain's node offers no storage diff.",
    ]);
  });

  it('gives the failing call’s own reason when the Safe reverts with GS013', () => {
    const changes = readStateChanges({
      input,
      blocks: blocks({ execution: failed(errorString('GS013')), probe: probeReverting('not enough DEV') }),
      prestate: noDiff,
    });
    expect(changes.reverted).toEqual({ call: 'transaction', reason: 'not enough DEV' });
    expect(changes.safeChanges).toEqual([]);
  });

  it('words the Safe’s own refusal, and a call that failed inside a successful execution', () => {
    expect(
      readStateChanges({
        input,
        blocks: blocks({ execution: failed(errorString('GS010')) }),
        prestate: noDiff,
      }).reverted,
    ).toEqual({ call: 'safe', reason: 'not enough gas to execute the Safe transaction (GS010)' });
    expect(
      readStateChanges({
        input,
        blocks: blocks({ execution: ok(word(0n)), probe: probeReverting('paused') }),
        prestate: noDiff,
      }).reverted,
    ).toEqual({ call: 'transaction', reason: 'paused' });
  });
});

describe('simulateStateChanges', () => {
  it('is unavailable, in words, when the node offers no eth_simulateV1', async () => {
    const outcome = await simulateStateChanges(async ({ method }) => {
      if (method === 'eth_getCode') return '0x6080';
      throw Object.assign(new Error(`the method ${method} does not exist/is not available`), {
        code: -32601,
      });
    }, input);
    expect(outcome.status).toBe('unavailable');
    expect(outcome).toEqual({
      status: 'unavailable',
      engine: 'eth_simulateV1',
      reason:
        "This chain's node offers no simulation (eth_simulateV1): what this transaction changes was not checked.",
    });
  });

  it('hands the input, with the Safe’s code, to the fallback engine when the node offers no eth_simulateV1', async () => {
    const { safeCode: _code, ...params } = input;
    const handed: StateChangesInput[] = [];
    const fallback = async (given: StateChangesInput) => {
      handed.push(given);
      return { status: 'unavailable' as const, engine: 'browser-evm' as const, reason: 'the fallback ran' };
    };
    const outcome = await simulateStateChanges(
      async ({ method }) => {
        if (method === 'eth_getCode') return '0x6080';
        throw Object.assign(new Error('Method not found'), { code: -32601 });
      },
      params,
      { fallback },
    );
    expect(outcome).toEqual({ status: 'unavailable', engine: 'browser-evm', reason: 'the fallback ran' });
    expect(handed).toEqual([input]);
  });

  it('does not fall back when the node has eth_simulateV1 and it fails', async () => {
    const { safeCode: _code, ...params } = input;
    let fellBack = false;
    const outcome = await simulateStateChanges(
      async ({ method }) => {
        if (method === 'eth_getCode') return '0x6080';
        throw new Error('header not found');
      },
      params,
      {
        fallback: async () => {
          fellBack = true;
          return { status: 'unavailable', engine: 'browser-evm', reason: '' };
        },
      },
    );
    expect(fellBack).toBe(false);
    expect(outcome).toMatchObject({ status: 'unavailable', engine: 'eth_simulateV1' });
  });
});

describe('readSimulateV1Answer', () => {
  it('takes a revert’s data from returnData (anvil) or from error.data (geth)', () => {
    const revert = `0x08c379a0${'00'.repeat(4)}` as Hex;
    const [block] = readSimulateV1Answer([
      {
        calls: [
          {
            status: '0x0',
            returnData: revert,
            logs: [],
            error: { code: -32000, message: 'execution failed' },
          },
          {
            status: '0x0',
            returnData: '0x',
            logs: [],
            error: { code: 3, message: 'execution reverted', data: revert },
          },
          { status: '0x1', returnData: '0x01', logs: [{ address: token, topics: [], data: '0x' }] },
        ],
      },
    ]);
    expect(block!.calls).toEqual([
      { status: 'failure', returnData: revert, logs: [] },
      { status: 'failure', returnData: revert, logs: [] },
      { status: 'success', returnData: '0x01', logs: [{ address: token, topics: [], data: '0x' }] },
    ]);
    expect(() => readSimulateV1Answer([{ calls: [{ status: 'ok' }] }])).toThrow('no status');
  });
});
