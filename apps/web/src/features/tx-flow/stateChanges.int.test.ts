import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  concat,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  getAddress,
  maxUint256,
  pad,
  parseEther,
  toFunctionSelector,
  type Address,
} from 'viem';
import { readContract } from 'viem/actions';
import { startDevnet, type Devnet } from '@countersign/devnet';
import {
  buildSafeTx,
  safe141,
  safeAbi,
  safeTxHashes,
  type SafeTx,
  type StateChangesOutcome,
} from '@countersign/safe-core';
import { chainReader } from '../../lib/chainReader';
import { simulateStateChangesOnChain } from './chainReads';
import { StateChanges } from './verify/StateChanges';
import { readCollectionFacts } from './verify/tokenFacts';

/**
 * What a transaction changes, by both engines, for the demo's 2-of-3 Safe signed by nobody: the
 * devnet's own node (anvil: eth_simulateV1 and debug_traceCall), and the EVM in the browser where
 * the node offers no simulation — a JSON-RPC proxy in front of the devnet answers those two methods
 * as a node without them does. Each case runs on both, and the two must give the same changes.
 */
let devnet: Devnet;
let proxy: Server;
let proxyUrl: string;
let team: Address;
let owners: Address[];
let devToken: Address;
let collectible: { address: Address; name: string; symbol: string };
const recipient = getAddress('0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc');
const spender = getAddress('0x000000000000000000000000000000000000cafe');
/** Runtime code that stores its first argument in slot 0: SSTORE(0, CALLDATALOAD(4)). */
const slotZeroWriter = getAddress('0x00000000000000000000000000000000005107e0');
const impostor = getAddress('0x000000000000000000000000000000000000bad1');
const withheld = new Set(['eth_simulateV1', 'debug_traceCall']);
/** What the proxy received: HTTP requests (round trips), and the JSON-RPC calls they carried. */
const proxied = { requests: 0, calls: 0 };

type RpcMessage = { id?: unknown; method?: unknown };

/** Forwards JSON-RPC (single or batched) to `upstream`, answering the withheld methods as absent. */
function startProxy(upstream: string): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        const parsed = JSON.parse(body) as RpcMessage | RpcMessage[];
        const messages = Array.isArray(parsed) ? parsed : [parsed];
        proxied.requests += 1;
        proxied.calls += messages.length;
        const refused = (message: RpcMessage) => ({
          jsonrpc: '2.0',
          id: message.id,
          error: {
            code: -32601,
            message: `the method ${String(message.method)} does not exist/is not available`,
          },
        });
        const forwarded = messages.filter((message) => !withheld.has(String(message.method)));
        const answers =
          forwarded.length === 0
            ? []
            : ((await (
                await fetch(upstream, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify(forwarded),
                })
              ).json()) as { id?: unknown }[]);
        const replies = messages.map((message) =>
          withheld.has(String(message.method))
            ? refused(message)
            : answers.find((answer) => answer.id === message.id),
        );
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(Array.isArray(parsed) ? replies : replies[0]));
      })();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 });
  proxy = await startProxy(devnet.rpcUrl);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const teamSafe = devnet.manifest.safes[0]!;
  team = getAddress(teamSafe.address);
  owners = teamSafe.owners.map((owner) => getAddress(owner));
  devToken = getAddress(devnet.manifest.tokens.find((token) => token.symbol === 'DEV')!.address);
  const nft = devnet.manifest.tokens.find((token) => token.type === 'ERC721')!;
  collectible = { address: getAddress(nft.address), name: nft.name, symbol: nft.symbol };
  await chainReader(devnet.rpcUrl).request({
    method: 'anvil_setCode',
    params: [slotZeroWriter, '0x600435600055600060005260206000f3'],
  } as never);
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await devnet?.stop();
});

async function outcomeOf(rpcUrl: string, fields: Partial<SafeTx> & Pick<SafeTx, 'to'>) {
  const client = chainReader(rpcUrl);
  const nonce = await readContract(client, { address: team, abi: safeAbi, functionName: 'nonce' });
  const tx = buildSafeTx({ ...fields, nonce });
  const { safeTxHash } = safeTxHashes({ chainId: 1337, safe: team, tx, version: '1.4.1' });
  return simulateStateChangesOnChain(client, { safe: team, tx, safeTxHash, owners, threshold: 2 });
}

const changesOf = (outcome: StateChangesOutcome) => {
  if (outcome.status !== 'done') throw new Error(outcome.reason);
  return outcome.changes;
};

/** The browser engine's changes, checked to be the node's apart from the engine's name. */
async function browserChangesOf(fields: Partial<SafeTx> & Pick<SafeTx, 'to'>) {
  const [onNode, inBrowser] = await Promise.all([
    outcomeOf(devnet.rpcUrl, fields),
    outcomeOf(proxyUrl, fields),
  ]);
  const node = changesOf(onNode);
  const browser = changesOf(inBrowser);
  expect(node.engine).toBe('eth_simulateV1');
  expect(browser.engine).toBe('browser-evm');
  expect({ ...browser, engine: node.engine }).toEqual(node);
  return browser;
}

describe('simulateStateChangesOnChain, on the node and in the browser', () => {
  it('executes a payment in the browser: two balance changes, the Safe first, everything checked', async () => {
    // Loading the engine's modules (here transformed by Vite on the fly) apart from running it.
    const loading = performance.now();
    await import('./verify/browserEvm');
    const runs = [`${(performance.now() - loading).toFixed(0)} ms to load the engine`];
    let timed: StateChangesOutcome | undefined;
    for (const run of ['first run', 'second run']) {
      proxied.requests = 0;
      proxied.calls = 0;
      const started = performance.now();
      timed = await outcomeOf(proxyUrl, { to: recipient, value: parseEther('0.5') });
      runs.push(
        `${(performance.now() - started).toFixed(0)} ms (${run}; ${proxied.requests} HTTP requests, ${proxied.calls} RPC calls)`,
      );
    }
    console.log(`The browser EVM, a payment on the devnet: ${runs.join(', ')}`);
    expect(timed && changesOf(timed).engine).toBe('browser-evm');

    const changes = await browserChangesOf({ to: recipient, value: parseEther('0.5') });
    expect(changes).toEqual({
      engine: 'browser-evm',
      balanceChanges: [
        { account: team, asset: { kind: 'native' }, delta: -parseEther('0.5') },
        { account: recipient, asset: { kind: 'native' }, delta: parseEther('0.5') },
      ],
      approvals: [],
      safeChanges: [],
      unchecked: [],
    });
  });

  it('calls an approval of the maximum unlimited', async () => {
    const changes = await browserChangesOf({
      to: devToken,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
    });
    expect(changes.approvals).toEqual([
      { kind: 'erc20', token: devToken, owner: team, spender, amount: maxUint256, unlimited: true },
    ]);
    expect(changes.balanceChanges).toEqual([]);
    expect(changes.safeChanges).toEqual([]);
  });

  it('names a collectible leaving the Safe by its collection, as the contract calls itself, and its token id', async () => {
    const changes = await browserChangesOf({
      to: collectible.address,
      data: encodeFunctionData({
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [team, recipient, 1n],
      }),
    });
    const asset = { kind: 'erc721', address: collectible.address, tokenId: 1n } as const;
    expect(changes.balanceChanges).toEqual([
      { account: team, asset, delta: -1n },
      { account: recipient, asset, delta: 1n },
    ]);
    expect(changes.safeChanges).toEqual([]);

    // The names are read over each engine's RPC, as the review reads them.
    const [onNode, inBrowser] = await Promise.all([
      readCollectionFacts(chainReader(devnet.rpcUrl), [collectible.address]),
      readCollectionFacts(chainReader(proxyUrl), [collectible.address]),
    ]);
    expect(inBrowser).toEqual(onNode);
    const named = onNode.get(collectible.address.toLowerCase());
    expect(named).toEqual({ name: 'Countersign Collectibles', symbol: 'CSC', source: 'contract' });
    expect(named).toMatchObject({ name: collectible.name, symbol: collectible.symbol });
    // A contract that answers neither name() nor symbol() (the Safe itself) is left for the gateway to name.
    expect(await readCollectionFacts(chainReader(devnet.rpcUrl), [team])).toEqual(new Map());

    const markup = renderToStaticMarkup(
      createElement(StateChanges, {
        query: { data: { status: 'done', changes }, isPending: false, isError: false, error: null },
        native: { symbol: 'ETH', decimals: 18 },
        safe: team,
        collections: inBrowser,
      }),
    );
    const text = markup.replace(/<[^>]+>/g, '');
    expect(text).toContain(`−NFT #1 of Countersign Collectibles (CSC) (${collectible.address})`);
    expect(text).toContain(`+NFT #1 of Countersign Collectibles (CSC) (${collectible.address})`);
  });

  it('shows a new owner, and no other write to the Safe', async () => {
    const changes = await browserChangesOf({
      to: team,
      data: encodeFunctionData({
        abi: safeAbi,
        functionName: 'addOwnerWithThreshold',
        args: [recipient, 2n],
      }),
    });
    expect(changes.safeChanges).toEqual([
      { kind: 'owners', before: owners, after: [recipient, ...owners], added: [recipient], removed: [] },
    ]);
    expect(changes.unchecked).toEqual([]);
  });

  it('shows a delegatecall that replaces the Safe’s implementation', async () => {
    const changes = await browserChangesOf({
      to: slotZeroWriter,
      operation: 1,
      data: concat([toFunctionSelector('function write(address)'), pad(impostor, { size: 32 })]),
    });
    expect(changes.reverted).toBeUndefined();
    expect(changes.safeChanges).toContainEqual({
      kind: 'implementation',
      before: getAddress(safe141.safeL2),
      after: impostor,
    });
  });

  it('gives the reason of a call that would fail', async () => {
    const changes = await browserChangesOf({
      to: team,
      data: encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [10n] }),
    });
    expect(changes.reverted).toEqual({ call: 'transaction', reason: 'GS201' });
    expect(changes.safeChanges).toEqual([]);
    expect(changes.balanceChanges).toEqual([]);
  });
});
