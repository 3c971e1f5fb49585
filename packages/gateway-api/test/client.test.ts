import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  buildUrl,
  createGatewayClient,
  cursorOf,
  withPageSize,
  GatewayContractError,
  GatewayError,
  GatewayTimeoutError,
  isConflictHeader,
  isCustomTxInfo,
  isDateLabel,
  isLabel,
  isMessageItem,
  isMultiSendTxInfo,
  isMultisigDetailedExecutionInfo,
  isTransactionItem,
  isTransferTxInfo,
  isUnknownTxInfo,
  isUnreadable,
  path,
  type GatewayClient,
} from '../src';

const base = 'https://gw.example.com';
const safe = '0x5cE21AB6a5D80b3F543752A54beee9eA80fEC7d4';
const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const hash = `0x${'ab'.repeat(32)}`;
const signature = `0x${'11'.repeat(65)}`;
const address = (value: string) => ({ value, name: null, logoUri: null });

// ---- Answers that fit the contract, one per kind ----

const chain = {
  chainId: '1337',
  chainName: 'Devnet',
  description: '',
  chainLogoUri: null,
  l2: true,
  isTestnet: true,
  zk: false,
  shortName: 'local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: 'https://gw/icon.svg' },
  transactionService: 'https://gw',
  blockExplorerUriTemplate: { address: 'a', txHash: 't', api: 'p' },
  beaconChainExplorerUriTemplate: { publicKey: null },
  disabledWallets: [],
  ensRegistryAddress: null,
  balancesProvider: { chainName: null, enabled: false },
  features: ['EIP1559', 'SOMETHING_NEW'],
  gasPrice: [{ type: 'fixed1559', maxFeePerGas: '2', maxPriorityFeePerGas: '1' }],
  rpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://rpc' },
  safeAppsRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://rpc' },
  publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://rpc' },
  theme: { textColor: '#fff', backgroundColor: '#000' },
  recommendedMasterCopyVersion: '1.4.1',
  relayer: null,
};
const page = (results: unknown[], extra: object = {}) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  ...extra,
});
const safeInfo = {
  address: address(safe),
  chainId: '1337',
  nonce: 3,
  threshold: 1,
  owners: [address(owner)],
  implementation: address(owner),
  implementationVersionState: 'UP_TO_DATE',
  modules: null,
  fallbackHandler: null,
  guard: null,
  version: '1.4.1',
  collectiblesTag: null,
  txQueuedTag: '1700000000',
  txHistoryTag: null,
  messagesTag: null,
};
const transfer = {
  type: 'TRANSACTION',
  conflictType: 'None',
  transaction: {
    id: `transfer_${safe}_abc`,
    timestamp: 1_700_000_000_000,
    txStatus: 'SUCCESS',
    txInfo: {
      type: 'Transfer',
      sender: address(owner),
      recipient: address(safe),
      direction: 'INCOMING',
      transferInfo: { type: 'NATIVE_COIN', value: '1' },
      humanDescription: null,
    },
    executionInfo: null,
    safeAppInfo: null,
    txHash: hash,
    note: null,
  },
};
const details = {
  safeAddress: safe,
  txId: `multisig_${safe}_${hash}`,
  executedAt: null,
  txStatus: 'AWAITING_CONFIRMATIONS',
  txInfo: transfer.transaction.txInfo,
  txData: null,
  detailedExecutionInfo: null,
  txHash: null,
  safeAppInfo: null,
  note: null,
};
const message = {
  messageHash: hash,
  status: 'NEEDS_CONFIRMATION',
  logoUri: null,
  name: null,
  message: 'hello',
  creationTimestamp: 1,
  modifiedTimestamp: 1,
  confirmationsSubmitted: 1,
  confirmationsRequired: 2,
  proposedBy: address(owner),
  confirmations: [{ owner: address(owner), signature }],
  preparedSignature: null,
  origin: null,
};
const safeApp = {
  id: 1,
  url: 'https://app',
  name: 'App',
  iconUrl: null,
  description: '',
  chainIds: ['1337'],
  provider: null,
  accessControl: { type: 'NO_RESTRICTIONS', value: null },
  tags: [],
  features: [],
  developerWebsite: null,
  socialProfiles: [],
  featured: false,
};

type Call = {
  url: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
  init: RequestInit;
};

/** A client over a fetch that records each request and answers `body` (JSON) with `status`. */
function recording(answer: { status?: number; body?: unknown } = {}) {
  const calls: Call[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    calls.push({
      url: String(input),
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
      init,
    });
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200 });
  };
  return {
    client: createGatewayClient({ baseUrl: `${base}/`, fetch: fetch as typeof globalThis.fetch }),
    calls,
  };
}

type Case = {
  name: string;
  call: (client: GatewayClient) => Promise<unknown>;
  method?: string;
  url: string;
  body?: unknown;
  answer?: unknown;
};

const cursor = 'limit=20&offset=20';
const encodedCursor = 'limit%3D20%26offset%3D20';
const c = '/v1/chains/1337';

const cases: Case[] = [
  // chains
  { name: 'getChains', call: (g) => g.getChains(), url: '/v1/chains', answer: page([chain]) },
  {
    name: 'getChains with a cursor',
    call: (g) => g.getChains({ cursor }),
    url: `/v1/chains?cursor=${encodedCursor}`,
    answer: page([chain]),
  },
  { name: 'getChain', call: (g) => g.getChain({ chainId: '1337' }), url: c, answer: chain },
  {
    name: 'getMasterCopies',
    call: (g) => g.getMasterCopies({ chainId: '1337' }),
    url: `${c}/about/master-copies`,
    answer: [{ address: safe, version: '1.4.1' }],
  },
  // safes, owners, nonces
  {
    name: 'getSafeInfo',
    call: (g) => g.getSafeInfo({ chainId: '1337', safeAddress: safe }),
    url: `${c}/safes/${safe}`,
    answer: safeInfo,
  },
  {
    name: 'getSafeCreation',
    call: (g) => g.getSafeCreation({ chainId: '1337', safeAddress: safe }),
    url: `${c}/safes/${safe}/transactions/creation`,
    answer: {
      created: '2026-01-01T00:00:00Z',
      creator: owner,
      transactionHash: hash,
      factoryAddress: safe,
      masterCopy: null,
      setupData: null,
      saltNonce: '0',
      dataDecoded: null,
    },
  },
  {
    name: 'getNonces',
    call: (g) => g.getNonces({ chainId: '1337', safeAddress: safe }),
    url: `${c}/safes/${safe}/nonces`,
    answer: { currentNonce: 1, recommendedNonce: 2 },
  },
  {
    name: 'getOwnedSafes',
    call: (g) => g.getOwnedSafes({ chainId: '1337', ownerAddress: owner }),
    url: `${c}/owners/${owner}/safes`,
    answer: { safes: [safe] },
  },
  // balances
  {
    name: 'getBalances (usd by default)',
    call: (g) => g.getBalances({ chainId: '1337', safeAddress: safe }),
    url: `${c}/safes/${safe}/balances/usd`,
    answer: { fiatTotal: '0', items: [] },
  },
  {
    name: 'getBalances with currency and filters',
    call: (g) =>
      g.getBalances({
        chainId: '1337',
        safeAddress: safe,
        currency: 'EUR',
        trusted: false,
        excludeSpam: true,
      }),
    url: `${c}/safes/${safe}/balances/EUR?trusted=false&exclude_spam=true`,
    answer: { fiatTotal: '0', items: [] },
  },
  {
    name: 'getFiatCodes',
    call: (g) => g.getFiatCodes(),
    url: '/v1/balances/supported-fiat-codes',
    answer: ['USD', 'EUR'],
  },
  // collectibles
  {
    name: 'getCollectibles (v1)',
    call: (g) => g.getCollectibles({ chainId: '1337', safeAddress: safe, trusted: true }),
    url: `${c}/safes/${safe}/collectibles?trusted=true`,
    answer: [],
  },
  {
    name: 'getCollectiblesPage (v2)',
    call: (g) => g.getCollectiblesPage({ chainId: '1337', safeAddress: safe, cursor, excludeSpam: false }),
    url: `/v2/chains/1337/safes/${safe}/collectibles?cursor=${encodedCursor}&exclude_spam=false`,
    answer: page([]),
  },
  // transactions
  {
    name: 'getHistory',
    call: (g) =>
      g.getHistory({
        chainId: '1337',
        safeAddress: safe,
        cursor,
        timezone: 'Europe/Berlin',
        trusted: false,
        imitation: false,
      }),
    url: `${c}/safes/${safe}/transactions/history?cursor=${encodedCursor}&timezone=Europe%2FBerlin&trusted=false&imitation=false`,
    answer: page([transfer]),
  },
  {
    name: 'getQueue',
    call: (g) => g.getQueue({ chainId: '1337', safeAddress: safe, trusted: true }),
    url: `${c}/safes/${safe}/transactions/queued?trusted=true`,
    answer: page([]),
  },
  {
    name: 'getTransaction',
    call: (g) => g.getTransaction({ chainId: '1337', id: `multisig_${safe}_${hash}` }),
    url: `${c}/transactions/multisig_${safe}_${hash}`,
    answer: details,
  },
  {
    name: 'getMultisigTransactions with filters',
    call: (g) =>
      g.getMultisigTransactions({
        chainId: '1337',
        safeAddress: safe,
        executed: true,
        nonce: 4,
        executionDateGte: '2024-01-01T00:00:00Z',
        to: owner,
        value: '5',
      }),
    url: `${c}/safes/${safe}/multisig-transactions/?execution_date__gte=2024-01-01T00%3A00%3A00Z&to=${owner}&value=5&nonce=4&executed=true`,
    answer: page([]),
  },
  {
    name: 'getModuleTransactions with filters',
    call: (g) =>
      g.getModuleTransactions({ chainId: '1337', safeAddress: safe, module: owner, transactionHash: hash }),
    url: `${c}/safes/${safe}/module-transactions/?module=${owner}&transaction_hash=${hash}`,
    answer: page([]),
  },
  {
    name: 'getIncomingTransfers with filters',
    call: (g) =>
      g.getIncomingTransfers({
        chainId: '1337',
        safeAddress: safe,
        cursor,
        trusted: false,
        tokenAddress: owner,
      }),
    url: `${c}/safes/${safe}/incoming-transfers/?cursor=${encodedCursor}&trusted=false&token_address=${owner}`,
    answer: page([transfer]),
  },
  // proposals
  {
    name: 'proposeTransaction',
    call: (g) =>
      g.proposeTransaction({
        chainId: '1337',
        safeAddress: safe,
        body: {
          to: owner,
          value: '1',
          data: null,
          nonce: '3',
          operation: 0,
          safeTxGas: '0',
          baseGas: '0',
          gasPrice: '0',
          gasToken: owner,
          refundReceiver: null,
          safeTxHash: hash,
          sender: owner,
          signature,
          origin: null,
        },
      }),
    method: 'POST',
    url: `${c}/transactions/${safe}/propose`,
    body: expect.objectContaining({ safeTxHash: hash, sender: owner, signature }),
    answer: details,
  },
  {
    name: 'addConfirmation',
    call: (g) => g.addConfirmation({ chainId: '1337', safeTxHash: hash, signature }),
    method: 'POST',
    url: `${c}/transactions/${hash}/confirmations`,
    body: { signature },
    answer: transfer.transaction,
  },
  {
    name: 'deleteTransaction',
    call: (g) => g.deleteTransaction({ chainId: '1337', safeTxHash: hash, signature }),
    method: 'DELETE',
    url: `${c}/transactions/${hash}`,
    body: { signature },
  },
  {
    name: 'estimateSafeTxGas',
    call: (g) =>
      g.estimateSafeTxGas({
        chainId: '1337',
        safeAddress: safe,
        body: { to: owner, value: '0', data: '0x', operation: 0 },
      }),
    method: 'POST',
    url: `/v2/chains/1337/safes/${safe}/multisig-transactions/estimations`,
    body: { to: owner, value: '0', data: '0x', operation: 0 },
    answer: { currentNonce: 1, recommendedNonce: 2, safeTxGas: '21000' },
  },
  // data decoder
  {
    name: 'decodeData',
    call: (g) => g.decodeData({ chainId: '1337', data: '0x12345678', to: owner }),
    method: 'POST',
    url: `${c}/data-decoder`,
    body: { data: '0x12345678', to: owner },
    answer: { method: 'transfer', parameters: [] },
  },
  // messages
  {
    name: 'getMessages',
    call: (g) => g.getMessages({ chainId: '1337', safeAddress: safe, cursor }),
    url: `${c}/safes/${safe}/messages?cursor=${encodedCursor}`,
    answer: page([
      { type: 'DATE_LABEL', timestamp: 0 },
      { ...message, type: 'MESSAGE' },
    ]),
  },
  {
    name: 'getMessage',
    call: (g) => g.getMessage({ chainId: '1337', messageHash: hash }),
    url: `${c}/messages/${hash}`,
    answer: message,
  },
  {
    name: 'proposeMessage',
    call: (g) =>
      g.proposeMessage({ chainId: '1337', safeAddress: safe, body: { message: 'hello', signature } }),
    method: 'POST',
    url: `${c}/safes/${safe}/messages`,
    body: { message: 'hello', signature },
  },
  {
    name: 'confirmMessage',
    call: (g) => g.confirmMessage({ chainId: '1337', messageHash: hash, signature }),
    method: 'POST',
    url: `${c}/messages/${hash}/signatures`,
    body: { signature },
  },
  // delegates
  {
    name: 'getDelegates',
    call: (g) => g.getDelegates({ chainId: '1337', safe, label: 'a b' }),
    url: `/v2/chains/1337/delegates?safe=${safe}&label=a+b`,
    answer: page([{ safe: null, delegate: owner, delegator: owner, label: 'a b' }]),
  },
  {
    name: 'addDelegate',
    call: (g) =>
      g.addDelegate(
        { chainId: '1337' },
        { safe, delegate: owner, delegator: safe, signature: `0x${'11'.repeat(65)}`, label: 'Payroll bot' },
      ),
    method: 'POST',
    url: '/v2/chains/1337/delegates',
    body: { safe, delegate: owner, delegator: safe, signature: `0x${'11'.repeat(65)}`, label: 'Payroll bot' },
  },
  {
    name: 'removeDelegate',
    call: (g) =>
      g.removeDelegate(
        { chainId: '1337', delegate: owner },
        { safe, delegator: safe, signature: `0x${'22'.repeat(65)}` },
      ),
    method: 'DELETE',
    url: `/v2/chains/1337/delegates/${owner}`,
    body: { safe, delegator: safe, signature: `0x${'22'.repeat(65)}` },
  },
  // notifications
  {
    name: 'registerDevice',
    call: (g) =>
      g.registerDevice({
        cloudMessagingToken: 't',
        buildNumber: '1',
        bundle: 'b',
        deviceType: 'WEB',
        version: '1',
        safeRegistrations: [],
      }),
    method: 'POST',
    url: '/v1/register/notifications',
    body: expect.objectContaining({ deviceType: 'WEB', safeRegistrations: [] }),
  },
  {
    name: 'unregisterSafe',
    call: (g) => g.unregisterSafe({ chainId: '1337', uuid: 'u-1', safeAddress: safe }),
    method: 'DELETE',
    url: `${c}/notifications/devices/u-1/safes/${safe}`,
  },
  {
    name: 'unregisterDevice',
    call: (g) => g.unregisterDevice({ chainId: '1337', uuid: 'u-1' }),
    method: 'DELETE',
    url: `${c}/notifications/devices/u-1`,
  },
  // safe apps
  {
    name: 'getSafeApps (clientUrl in camelCase)',
    call: (g) => g.getSafeApps({ chainId: '1337', clientUrl: 'https://me', url: 'https://app' }),
    url: `${c}/safe-apps?clientUrl=https%3A%2F%2Fme&url=https%3A%2F%2Fapp`,
    answer: [safeApp],
  },
];

describe('each method calls its endpoint', () => {
  it.each(cases)('$name', async ({ call, method = 'GET', url, body, answer }) => {
    const { client, calls } = recording({ body: answer });
    await call(client);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe(method);
    expect(calls[0]!.url).toBe(`${base}${url}`);
    expect(calls[0]!.body).toEqual(body);
    expect(calls[0]!.headers['Content-Type']).toBe(body === undefined ? undefined : 'application/json');
    expect(calls[0]!.init.credentials).toBeUndefined();
  });

  it('covers every endpoint method of the client', () => {
    const { client } = recording();
    const methods = Object.keys(client).filter((key) => !['baseUrl', 'getPage'].includes(key));
    const auth = ['getAuthNonce', 'verifyAuth', 'getAuthSession', 'logout'];
    const covered = new Set([...cases.map((one) => one.name.split(' ')[0]), ...auth]);
    expect(methods.filter((name) => !covered.has(name))).toEqual([]);
  });

  it('passes the caller’s abort signal on', async () => {
    const { client, calls } = recording({ body: safeInfo });
    const controller = new AbortController();
    await client.getSafeInfo({ chainId: '1337', safeAddress: safe }, { signal: controller.signal });
    await client.getFiatCodes({ signal: controller.signal }).catch(() => undefined);
    expect(calls.map((call) => call.init.signal)).toEqual([controller.signal, controller.signal]);
  });

  it('encodes each path parameter as one segment', async () => {
    const { client, calls } = recording({ body: details });
    await client.getTransaction({ chainId: '1337', id: 'a/b?c' });
    expect(calls[0]!.url).toBe(`${base}${c}/transactions/a%2Fb%3Fc`);
    expect(path`/x/${'a b'}/${7}`).toBe('/x/a%20b/7');
  });

  it('keeps the base URL as a property', () => {
    expect(createGatewayClient({ baseUrl: base }).baseUrl).toBe(base);
  });
});

describe('Sign-In with Ethereum', () => {
  it('sends credentials on all four calls, and logout with keepalive', async () => {
    const { client, calls } = recording({ body: { nonce: 'abcdefgh' } });
    await client.getAuthNonce();
    const { client: verify, calls: verifyCalls } = recording();
    await verify.verifyAuth({ message: 'm', signature: '0x01' });
    await verify.logout();
    const { client: me, calls: meCalls } = recording({
      body: { id: '1', authMethod: 'siwe', signerAddress: owner },
    });
    expect(await me.getAuthSession()).toMatchObject({ signerAddress: owner });
    expect(calls[0]).toMatchObject({ url: `${base}/v1/auth/nonce`, method: 'GET' });
    expect(verifyCalls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', `${base}/v1/auth/verify`, { message: 'm', signature: '0x01' }],
      ['POST', `${base}/v1/auth/logout`, undefined],
    ]);
    expect(meCalls[0]!.url).toBe(`${base}/v1/auth/me`);
    for (const call of [...calls, ...verifyCalls, ...meCalls]) expect(call.init.credentials).toBe('include');
    expect(verifyCalls.map((call) => call.init.keepalive)).toEqual([undefined, true]);
  });
});

describe('buildUrl', () => {
  it('leaves out null and undefined query values and keeps the rest', () => {
    expect(
      buildUrl('https://gw.example.com/', '/v1/chains', {
        cursor: null,
        trusted: false,
        a: undefined,
        limit: 5,
      }),
    ).toBe('https://gw.example.com/v1/chains?trusted=false&limit=5');
  });

  it('takes an absolute URL as it is, adding the query', () => {
    expect(buildUrl(base, 'http://other:1/p?cursor=x', { trusted: true })).toBe(
      'http://other:1/p?cursor=x&trusted=true',
    );
  });
});

describe('withPageSize', () => {
  it('asks the same offset for another number of items', () => {
    expect(withPageSize('limit=20&offset=40', 100)).toBe('limit=100&offset=40');
    expect(withPageSize('offset=20&limit=20', 50)).toBe('offset=20&limit=50');
  });

  it('leaves a cursor of another form as it is', () => {
    expect(withPageSize('opaque-token', 100)).toBe('opaque-token');
    expect(withPageSize('limit=20', 100)).toBe('limit=20');
    expect(withPageSize('limit=x&offset=0', 100)).toBe('limit=x&offset=0');
  });
});

describe('cursorOf', () => {
  it('takes the raw cursor out of a next/previous link', () => {
    expect(cursorOf(`http://127.0.0.1:8787/v1/chains?cursor=${encodedCursor}`)).toBe(cursor);
    expect(cursorOf(`https://gw/v1/x?trusted=false&cursor=${encodedCursor}&y=1`)).toBe(cursor);
  });

  it('is null without a link, or for a link without a cursor', () => {
    expect(cursorOf(null)).toBeNull();
    expect(cursorOf(undefined)).toBeNull();
    expect(cursorOf('')).toBeNull();
    expect(cursorOf('https://gw/v1/chains')).toBeNull();
  });

  it('pages from the configured base URL, never from the host a link names', async () => {
    const { client, calls } = recording({ body: page([]) });
    const next = `http://evil.example:9/v1/chains/1337/safes/${safe}/transactions/history?cursor=${encodedCursor}`;
    await client.getHistory({ chainId: '1337', safeAddress: safe, cursor: cursorOf(next) });
    expect(calls[0]!.url).toBe(`${base}${c}/safes/${safe}/transactions/history?cursor=${encodedCursor}`);
  });
});

/**
 * A loopback HTTP server that answers each path with a fixed status and body, to pin down how the
 * client reads answers the real gateway gives only in failure cases.
 */
const answers: Record<string, { status: number; statusText?: string; body: string }> = {
  '/v1/chains/1/safes/0x0000000000000000000000000000000000000001': {
    status: 404,
    body: JSON.stringify({ code: 404, message: 'No Safe found' }),
  },
  '/v1/chains/1/about/master-copies': {
    status: 400,
    statusText: 'Bad Request',
    body: JSON.stringify({ statusCode: 400, message: 'Nope' }),
  },
  '/v1/chains/2/about/master-copies': { status: 200, statusText: 'OK', body: '<html>proxy page</html>' },
  '/v1/chains/3/about/master-copies': {
    status: 200,
    body: JSON.stringify([{ address: 'not-an-address', version: '1.4.1' }]),
  },
  '/v1/chains/4/about/master-copies': {
    status: 200,
    body: JSON.stringify([{ address: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', version: '1.4.1' }]),
  },
  '/v1/chains/5/about/master-copies': { status: 502, statusText: 'Bad Gateway', body: '' },
  '/v1/chains/6/about/master-copies': {
    status: 422,
    statusText: 'Unprocessable Entity',
    body: JSON.stringify({ statusCode: 422, code: 'custom', message: 'Invalid address', path: ['x'] }),
  },
  '/custom/page': {
    status: 200,
    body: JSON.stringify({ count: 1, next: null, previous: null, results: [7] }),
  },
};

let server: Server;
let baseUrl: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const answer = answers[(req.url ?? '').split('?')[0] ?? ''] ?? { status: 404, body: '' };
    res.writeHead(answer.status, answer.statusText, { 'Content-Type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('gateway client errors', () => {
  const masterCopies = (chainId: string) => createGatewayClient({ baseUrl }).getMasterCopies({ chainId });

  it('throws "{code}: {message}" when the error body has both', async () => {
    const client = createGatewayClient({ baseUrl });
    const error = await client
      .getSafeInfo({ chainId: '1', safeAddress: '0x0000000000000000000000000000000000000001' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).toBe('404: No Safe found');
    expect((error as GatewayError).status).toBe(404);
    await expect(masterCopies('6')).rejects.toThrow(/^custom: Invalid address$/);
  });

  it('throws the HTTP status text when the body has no code', async () => {
    await expect(masterCopies('1')).rejects.toThrow(/^Bad Request$/);
  });

  it('throws "Invalid response content: {status text}" for a body that is not JSON', async () => {
    await expect(masterCopies('2')).rejects.toThrow(/^Invalid response content: OK$/);
  });

  it('throws the status text for an empty error body', async () => {
    await expect(masterCopies('5')).rejects.toThrow(/^Bad Gateway$/);
  });

  it('refuses a successful answer that breaks the contract', async () => {
    const error = await masterCopies('3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayContractError);
    expect((error as Error).message).toContain('0.address: Invalid address');
  });

  it('returns the parsed answer when it fits', async () => {
    expect(await masterCopies('4')).toEqual([
      { address: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', version: '1.4.1' },
    ]);
  });
});

describe('paging by URL', () => {
  it('fetches a page by its full URL, exactly as given', async () => {
    const client = createGatewayClient({ baseUrl: 'http://127.0.0.1:1/ignored' });
    const got = await client.getPage(`${baseUrl}/custom/page?cursor=limit%3D1%26offset%3D1`, z.number());
    expect(got.results).toEqual([7]);
    expect(seen).toContain('/custom/page?cursor=limit%3D1%26offset%3D1');
  });
});

// ---- Leniency: what the real gateway may send that this client does not know ----

const custom = (info: Record<string, unknown>) => ({
  ...transfer,
  transaction: {
    ...transfer.transaction,
    id: 'multisig_x',
    txInfo: info,
    executionInfo: { type: 'MULTISIG', nonce: 1, confirmationsRequired: 1, confirmationsSubmitted: 1 },
  },
});
const plainCall = { type: 'Custom', to: address(owner), dataSize: '4', value: '0', isCancellation: false };

async function history(results: unknown[]) {
  const { client } = recording({ body: { next: null, previous: null, results } });
  return (await client.getHistory({ chainId: '1337', safeAddress: safe })).results;
}

describe('reading what the real gateway may send', () => {
  it('reads a Custom call that is not a MultiSend, whose actionCount is null or absent', async () => {
    const items = await history([
      custom({ ...plainCall, methodName: 'approve', actionCount: null, humanDescription: null }),
      custom({ ...plainCall, methodName: null }),
      custom({ ...plainCall, methodName: 'multiSend', actionCount: 3 }),
    ]);
    const infos = items.filter(isTransactionItem).map((item) => item.transaction.txInfo);
    expect(infos).toHaveLength(3);
    expect(infos.every(isCustomTxInfo)).toBe(true);
    expect(infos.map(isMultiSendTxInfo)).toEqual([false, false, true]);
    expect(infos[1]).toMatchObject({ methodName: null, humanDescription: null });
  });

  it.each([
    'SwapOrder',
    'TwapOrder',
    'SwapTransfer',
    'NativeStakingDeposit',
    'NativeStakingValidatorsExit',
    'NativeStakingWithdraw',
    'VaultDeposit',
    'VaultRedeem',
    'Bridge',
    'Swap',
    'SwapAndBridge',
    'SomethingNew',
  ])('reads a %s txInfo as Unknown, keeping what it carries', async (type) => {
    const [item] = await history([
      custom({ type, humanDescription: 'Swap 1 ETH', uid: '0x1', sellAmount: '1' }),
    ]);
    if (!item || !isTransactionItem(item)) throw new Error('not a transaction item');
    const info = item.transaction.txInfo;
    expect(isUnknownTxInfo(info)).toBe(true);
    expect(info).toEqual({
      type: 'Unknown',
      originalType: type,
      humanDescription: 'Swap 1 ETH',
      raw: { type, humanDescription: 'Swap 1 ETH', uid: '0x1', sellAmount: '1' },
    });
  });

  it('reads unknown settings and transfer kinds, and unknown execution kinds, as generic', async () => {
    const [settings, token, module] = await history([
      custom({
        type: 'SettingsChange',
        dataDecoded: { method: 'setSomething', parameters: null },
        settingsInfo: { type: 'SET_SOMETHING', value: 1 },
      }),
      custom({
        type: 'Transfer',
        sender: address(safe),
        recipient: address(owner),
        direction: 'SIDEWAYS',
        transferInfo: { type: 'ERC1155', tokenAddress: owner, value: '3' },
      }),
      { ...transfer, transaction: { ...transfer.transaction, executionInfo: { type: 'RELAYED', by: 'x' } } },
    ]);
    if (!isTransactionItem(settings!) || !isTransactionItem(token!) || !isTransactionItem(module!))
      throw new Error('unreadable');
    expect(settings.transaction.txInfo).toMatchObject({
      type: 'SettingsChange',
      settingsInfo: { type: 'UNKNOWN', originalType: 'SET_SOMETHING' },
      humanDescription: null,
    });
    const transferInfo = token.transaction.txInfo;
    if (!isTransferTxInfo(transferInfo)) throw new Error('not a transfer');
    expect(transferInfo.direction).toBe('UNKNOWN');
    expect(transferInfo.transferInfo).toEqual({
      type: 'UNKNOWN',
      originalType: 'ERC1155',
      raw: { type: 'ERC1155', tokenAddress: owner, value: '3' },
    });
    expect(module.transaction.executionInfo).toBeNull();
  });

  it('fills optional fields the gateway left out with null, and defaults the rest', async () => {
    const [item] = await history([
      {
        type: 'TRANSACTION',
        conflictType: 'None',
        transaction: {
          id: 'transfer_x',
          timestamp: 1,
          txStatus: 'SUCCESS',
          txInfo: {
            type: 'Transfer',
            sender: { value: owner },
            recipient: { value: safe },
            direction: 'INCOMING',
            transferInfo: { type: 'ERC20', tokenAddress: owner, value: '1' },
          },
        },
      },
    ]);
    expect(item).toEqual({
      type: 'TRANSACTION',
      conflictType: 'None',
      transaction: {
        id: 'transfer_x',
        timestamp: 1,
        txStatus: 'SUCCESS',
        txInfo: {
          type: 'Transfer',
          sender: address(owner),
          recipient: address(safe),
          direction: 'INCOMING',
          transferInfo: {
            type: 'ERC20',
            tokenAddress: owner,
            value: '1',
            tokenName: null,
            tokenSymbol: null,
            logoUri: null,
            decimals: null,
            trusted: null,
            imitation: false,
          },
          humanDescription: null,
        },
        executionInfo: null,
        safeAppInfo: null,
        txHash: null,
        note: null,
      },
    });
  });

  it('keeps an item that fails its schema as UNREADABLE, and reads the rest of the page', async () => {
    const broken = { ...transfer, transaction: { ...transfer.transaction, txInfo: { type: 'Transfer' } } };
    const items = await history([
      { type: 'DATE_LABEL', timestamp: 5 },
      broken,
      transfer,
      { type: 'MYSTERY' },
      { type: 'LABEL', label: 'Later' },
      { type: 'CONFLICT_HEADER', nonce: 2 },
    ]);
    expect(items.map((item) => item.type)).toEqual([
      'DATE_LABEL',
      'UNREADABLE',
      'TRANSACTION',
      'UNREADABLE',
      'LABEL',
      'CONFLICT_HEADER',
    ]);
    const unreadable = items.filter(isUnreadable);
    expect(unreadable[0]!.raw).toEqual(broken);
    expect(unreadable[0]!.issues).toContain('transaction.txInfo.sender');
    expect(unreadable[1]!.issues).toContain('type');
    expect(items.filter(isDateLabel)).toHaveLength(1);
    expect(items.filter(isLabel).map((label) => label.label)).toEqual(['Later']);
    expect(items.filter(isConflictHeader)).toHaveLength(1);
  });

  it('reads the other list endpoints item by item too', async () => {
    const { client } = recording({ body: page([transfer, { type: 'TRANSACTION' }]) });
    const params = { chainId: '1337', safeAddress: safe };
    for (const list of [
      client.getQueue(params),
      client.getMultisigTransactions(params),
      client.getModuleTransactions(params),
      client.getIncomingTransfers(params),
    ]) {
      expect((await list).results.map((item) => item.type)).toEqual(['TRANSACTION', 'UNREADABLE']);
    }
    const { client: messages } = recording({
      body: page([
        { ...message, type: 'MESSAGE' },
        { ...message, type: 'MESSAGE', confirmationsSubmitted: 'many' },
        { ...message, type: 'MESSAGE', status: 'WITHDRAWN' },
      ]),
    });
    const results = (await messages.getMessages(params)).results;
    expect(results.map((item) => item.type)).toEqual(['MESSAGE', 'UNREADABLE', 'MESSAGE']);
    expect(results.filter(isMessageItem)).toHaveLength(2);
    // A status this client does not know reads as UNKNOWN instead of failing the message.
    expect(results.filter(isMessageItem)[1]?.status).toBe('UNKNOWN');
  });

  it('reads details with fee/payment absent or an unknown execution kind', async () => {
    const { client } = recording({
      body: { ...details, detailedExecutionInfo: { type: 'SOMETHING' }, txData: undefined },
    });
    const read = await client.getTransaction({ chainId: '1337', id: hash });
    expect(read.detailedExecutionInfo).toBeNull();
    expect(read.txData).toBeNull();
    const multisig = {
      type: 'MULTISIG',
      submittedAt: 1,
      nonce: 1,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: owner,
      refundReceiver: address(owner),
      safeTxHash: hash,
      signers: [address(owner)],
      confirmationsRequired: 1,
      confirmations: [{ signer: address(owner), submittedAt: 1 }],
      trusted: true,
    };
    const { client: older } = recording({ body: { ...details, detailedExecutionInfo: multisig } });
    const info = (await older.getTransaction({ chainId: '1337', id: hash })).detailedExecutionInfo;
    if (!isMultisigDetailedExecutionInfo(info)) throw new Error('not multisig');
    expect(info).toMatchObject({
      fee: null,
      payment: null,
      rejectors: [],
      gasTokenInfo: null,
      executor: null,
    });
    expect(info.confirmations[0]!.signature).toBeNull();
  });

  it('maps unknown enum values of chains, Safe Apps and Safes to UNKNOWN, keeping open lists', async () => {
    const { client } = recording({
      body: {
        ...chain,
        rpcUri: { authentication: 'OAUTH', value: 'x' },
        gasPrice: [{ type: 'fixed', weiValue: '1' }, { type: 'auction' }],
        chainLogoUri: undefined,
        relayer: undefined,
      },
    });
    const read = await client.getChain({ chainId: '1337' });
    expect(read.rpcUri.authentication).toBe('UNKNOWN');
    expect(read.gasPrice).toEqual([{ type: 'fixed', weiValue: '1' }, { type: 'unknown' }]);
    expect(read.features).toEqual(['EIP1559', 'SOMETHING_NEW']);
    expect(read.chainLogoUri).toBeNull();

    const { client: apps } = recording({
      body: [
        {
          ...safeApp,
          accessControl: { type: 'TOKEN_GATED' },
          socialProfiles: [{ platform: 'MASTODON', url: 'x' }],
          tags: ['new-tag'],
          features: ['NEW_FEATURE'],
          featured: undefined,
        },
      ],
    });
    const [app] = await apps.getSafeApps({ chainId: '1337' });
    expect(app).toMatchObject({
      accessControl: { type: 'UNKNOWN', value: null },
      socialProfiles: [{ platform: 'UNKNOWN', url: 'x' }],
      tags: ['new-tag'],
      features: ['NEW_FEATURE'],
      featured: false,
    });

    const { client: safes } = recording({
      body: { ...safeInfo, implementationVersionState: 'DEPRECATED', modules: undefined, guard: undefined },
    });
    expect(await safes.getSafeInfo({ chainId: '1337', safeAddress: safe })).toMatchObject({
      implementationVersionState: 'UNKNOWN',
      modules: null,
      guard: null,
    });
  });

  it('still refuses a single answer whose known parts break the contract', async () => {
    const { client } = recording({ body: { ...details, txInfo: { type: 'Custom', to: address(owner) } } });
    const error = await client.getTransaction({ chainId: '1337', id: hash }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayContractError);
    expect((error as Error).message).toContain('txInfo.dataSize');
  });
});

describe('write timeouts', () => {
  it('gives up on a write the gateway does not answer, saying that it may have been saved', async () => {
    // A gateway that takes requests and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const client = createGatewayClient({ baseUrl: url, writeTimeoutMs: 1_000 });
      const started = Date.now();
      const error = await client
        .addConfirmation({ chainId: '1337', safeTxHash: hash, signature: `0x${'11'.repeat(65)}` })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GatewayTimeoutError);
      expect((error as Error).message).toBe(
        'The gateway did not answer within 1 second. It may or may not have saved the request: check, then try again.',
      );
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('leaves reads to their caller’s signal', async () => {
    const { client, calls } = recording({ body: safeInfo });
    await client.getSafeInfo({ chainId: '1337', safeAddress: safe });
    expect(calls[0]?.init.signal).toBeUndefined();
  });
});
