import type { Frame, Page } from '@playwright/test';
import {
  createPublicClient,
  hashMessage,
  hashTypedData,
  http,
  parseAbi,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import { expect, test } from '../fixtures';
import { layoutFaults } from '../layoutFaults';
import { devAccount, ownerWithDevnetWallet, ownerWithTestWallet, secondOwner, teamSafe } from '../owners';
import type { E2eStack } from '../stack';

/**
 * Safe Apps hosted by Countersign, proven with the real SDK (9.1.0) and provider (0.18.6): the test
 * app of apps/demo-apps, served by `npm start` from another site (localhost against Countersign's
 * 127.0.0.1), calls every SDK method and every provider method through viem's custom transport, and
 * each answer is checked against the devnet and the local gateway, read here directly.
 */

type StepResult = { ok: true; value: unknown; ms: number } | { ok: false; error: string; ms: number };
type TestAppWindow = {
  __testApp?: {
    connected: boolean;
    autoDone: boolean;
    error?: string;
    getInfoMs?: number;
    results: Record<string, StepResult>;
    run(step: string, arg?: unknown, timeoutMs?: number): Promise<StepResult>;
  };
};

const testAppUrl = (stack: E2eStack, query = '') => `${stack.demoAppsUrl}/test-app/${query}`;
const devnet = (stack: E2eStack) => createPublicClient({ transport: http(stack.rpcUrl!) });
const safeAbi = parseAbi([
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function nonce() view returns (uint256)',
  'function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)',
]);
/** EIP-1271's magic value: isValidSignature(bytes32,bytes). */
const EIP1271_MAGIC = '0x1626ba7e';
/** The test app's own timeout message: a host that never answered. */
const NO_ANSWER = /no answer from the Safe wallet/;

async function gatewayJson<T>(stack: E2eStack, path: string): Promise<T> {
  const response = await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** The frame of the app, once the host framed it (data-testid="safe-app-frame"). */
async function appFrame(page: Page, stack: E2eStack): Promise<Frame> {
  await expect(page.getByTestId('safe-app-frame')).toBeVisible();
  let frame: Frame | undefined;
  await expect
    .poll(() => (frame = page.frames().find((f) => f.url().startsWith(`${stack.demoAppsUrl}/test-app/`))))
    .toBeTruthy();
  return frame!;
}

/** Opens the test app on `path`'s Safe (accepting the unknown-app warning) and waits for its reads. */
async function openTestApp(page: Page, stack: E2eStack, options: { safe?: Address; query?: string } = {}) {
  const safe = options.safe ?? teamSafe(stack);
  await page.goto(openPath(stack, safe, options.query));
  const accept = page.getByTestId('unknown-app-accept');
  // The app is not in the catalogue: a warning first, accepted once per app.
  await expect(accept.or(page.getByTestId('safe-app-frame'))).toBeVisible();
  if (await accept.isVisible()) {
    // Its manifest.json, read by Countersign's server (the page may not connect to the app's site).
    await expect(page.getByTestId('unknown-app-description')).toHaveText(
      'Calls every Safe Apps SDK and provider method and shows the answers (end-to-end tests).',
    );
    await accept.click();
  }
  const frame = await appFrame(page, stack);
  await expect
    .poll(() => frame.evaluate(() => (window as unknown as TestAppWindow).__testApp?.autoDone ?? false), {
      timeout: 30_000,
    })
    .toBe(true);
  const error = await frame.evaluate(() => (window as unknown as TestAppWindow).__testApp?.error);
  expect(error, 'the app reached the host').toBeUndefined();
  return frame;
}

const openPath = (stack: E2eStack, safe: Address, query = '') =>
  `/local:${safe}/apps/open?appUrl=${encodeURIComponent(testAppUrl(stack, query))}`;

async function results(frame: Frame): Promise<Record<string, StepResult>> {
  return frame.evaluate(() => (window as unknown as TestAppWindow).__testApp!.results);
}

/** Runs one step of the test app and answers its result (the app times it out itself). */
function run(frame: Frame, step: string, arg?: unknown): Promise<StepResult> {
  return frame.evaluate(
    ([name, value]) => (window as unknown as TestAppWindow).__testApp!.run(name as string, value),
    [step, arg] as const,
  );
}

function value<T>(result: StepResult | undefined, step: string): T {
  expect(result, step).toBeDefined();
  if (!result!.ok) throw new Error(`${step} failed: ${result!.error}`);
  return result!.value as T;
}

/** A refusal from the host: an error reply (not the app's own timeout), with this text if given. */
function expectRefused(result: StepResult | undefined, step: string, text?: string | RegExp) {
  expect(result, step).toBeDefined();
  expect(result!.ok, `${step} is refused`).toBe(false);
  const error = (result as { error: string }).error;
  expect(error, `${step} got an answer`).not.toMatch(NO_ANSWER);
  if (text !== undefined)
    expect(error, step).toMatch(typeof text === 'string' ? new RegExp(escape(text)) : text);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const lower = (value: string) => value.toLowerCase();

/** An owner connected and verified with the injected test wallet, on the Safe's home page. */
async function connectedOwner(page: Page, stack: E2eStack, role: string, safe: Address) {
  await ownerWithTestWallet(page, stack, role, `/local:${safe}/home`);
}

/** Sets the review's nonce to the Safe's next one (the demo queue holds proposals ahead of it). */
async function useNextNonce(page: Page, stack: E2eStack, safe: Address) {
  const { currentNonce } = await gatewayJson<{ currentNonce: number }>(stack, `/safes/${safe}/nonces`);
  await page.getByTestId('review-nonce').fill(String(currentNonce));
}

test.describe('Safe Apps: the real SDK and provider against Countersign’s host', () => {
  test.setTimeout(120_000);

  test('the demo apps are listed in the local catalogue, served from another site', async ({
    page,
    stack,
  }) => {
    expect(new URL(stack.demoAppsUrl).origin).not.toBe(new URL(stack.webUrl).origin);
    expect(new URL(stack.demoAppsUrl).hostname).not.toBe(new URL(stack.webUrl).hostname);
    const listed = await gatewayJson<{ name: string; url: string; iconUrl: string }[]>(stack, '/safe-apps');
    expect(listed.map((app) => app.url)).toEqual([
      `${stack.demoAppsUrl}/tx-builder/`,
      `${stack.demoAppsUrl}/signer/`,
    ]);
    for (const app of listed) {
      const manifest = (await (await fetch(`${app.url}manifest.json`)).json()) as { name: string };
      expect(manifest.name).toBe(app.name);
      expect((await fetch(app.iconUrl)).headers.get('content-type')).toBe('image/svg+xml');
    }
    await page.goto(`/local:${teamSafe(stack)}/apps`);
    await expect(page.getByTestId('app-name')).toContainText([
      'Message Signer (demo)',
      'Transaction Builder (demo)',
    ]);
  });

  test('a custom app whose manifest cannot be read: the trust prompt says so, and names it by its host', async ({
    page,
    stack,
  }) => {
    // A path of the demo apps' site with no app (and so no manifest.json) under it.
    const appUrl = `${stack.demoAppsUrl}/no-app-here/`;
    await page.goto(`/local:${teamSafe(stack)}/apps/open?appUrl=${encodeURIComponent(appUrl)}`);
    const warning = page.getByTestId('unknown-app-warning');
    await expect(warning.getByTestId('unknown-app-no-manifest')).toHaveText(
      'Countersign could not read this app’s manifest (manifest.json), so its name and icon are unknown.',
    );
    await expect(page.getByTestId('open-app-name')).toHaveText(new URL(appUrl).host);
    // The demo test app has one: nothing is said of it.
    await page.goto(openPath(stack, teamSafe(stack)));
    await expect(page.getByTestId('unknown-app-description')).toBeVisible();
    await expect(page.getByTestId('unknown-app-no-manifest')).toHaveCount(0);
  });

  test('every read: Safe, chain, environment, balances, RPC and provider answers equal the gateway’s and the devnet’s', async ({
    page,
    stack,
  }) => {
    const safe = teamSafe(stack);
    const chain = devnet(stack);
    const balanceBefore = await chain.getBalance({ address: safe });
    const frame = await openTestApp(page, stack);
    const all = await results(frame);
    // getSafeInfo's round trip as the app saw it (the bench holds it to 10 ms): reported, not asserted here.
    const getInfoMs = await frame.evaluate(() => (window as unknown as TestAppWindow).__testApp?.getInfoMs);
    test
      .info()
      .annotations.push({ type: 'getSafeInfo round trip', description: `${getInfoMs?.toFixed(1)} ms` });

    // getSafeInfo: the gateway's SafeInfo; read-only, no wallet is connected.
    const gatewaySafe = await gatewayJson<{
      address: { value: string };
      nonce: number;
      threshold: number;
      owners: { value: string }[];
      implementation: { value: string };
      modules: { value: string }[] | null;
      fallbackHandler: { value: string } | null;
      guard: { value: string } | null;
      version: string | null;
    }>(stack, `/safes/${safe}`);
    const info = value<Record<string, unknown>>(all['sdk.getInfo'], 'sdk.getInfo');
    expect(info).toMatchObject({
      safeAddress: gatewaySafe.address.value,
      chainId: stack.chainId,
      threshold: gatewaySafe.threshold,
      owners: gatewaySafe.owners.map((owner) => owner.value),
      nonce: gatewaySafe.nonce,
      implementation: gatewaySafe.implementation.value,
      version: gatewaySafe.version,
      isReadOnly: true,
    });
    expect(info.modules ?? []).toEqual((gatewaySafe.modules ?? []).map((module) => module.value));
    expect(info.fallbackHandler ?? null).toBe(gatewaySafe.fallbackHandler?.value ?? null);
    expect(info.guard ?? null).toBe(gatewaySafe.guard?.value ?? null);

    // getChainInfo: the gateway's chain.
    const gatewayChain = await gatewayJson<{
      chainName: string;
      chainId: string;
      shortName: string;
      nativeCurrency: { name: string; symbol: string; decimals: number };
    }>(stack, '');
    expect(value(all['sdk.getChainInfo'], 'sdk.getChainInfo')).toMatchObject({
      chainName: gatewayChain.chainName,
      chainId: gatewayChain.chainId,
      shortName: gatewayChain.shortName,
      nativeCurrency: gatewayChain.nativeCurrency,
    });
    expect(value(all['sdk.getEnvironmentInfo'], 'sdk.getEnvironmentInfo')).toEqual({
      origin: new URL(stack.webUrl).origin,
    });

    // getSafeBalances: the gateway's balances, in USD by default and in the currency asked for.
    type Balances = { fiatTotal: string; items: { tokenInfo: { address: string }; balance: string }[] };
    for (const [step, currency] of [
      ['sdk.getBalances', 'usd'],
      ['sdk.getBalances.eur', 'eur'],
    ] as const) {
      const expected = await gatewayJson<Balances>(stack, `/safes/${safe}/balances/${currency}`);
      const got = value<Balances>(all[step], step);
      expect(got.fiatTotal, step).toBe(expected.fiatTotal);
      const byToken = (balances: Balances) =>
        Object.fromEntries(balances.items.map((item) => [lower(item.tokenInfo.address), item.balance]));
      expect(byToken(got), step).toEqual(byToken(expected));
    }

    // RPC reads through the SDK (rpcCall) and the provider (viem's custom transport): the devnet's.
    const balance = await chain.getBalance({ address: safe });
    const code = await chain.getCode({ address: safe });
    const slot0 = await chain.getStorageAt({ address: safe, slot: '0x0' });
    const count = await chain.getTransactionCount({ address: safe });
    const owners = await chain.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' });
    const threshold = await chain.readContract({ address: safe, abi: safeAbi, functionName: 'getThreshold' });
    const nonce = await chain.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
    const logs = await chain.getLogs({ address: safe, fromBlock: 0n, toBlock: 'latest' });
    const block = await chain.getBlock({ blockTag: 'latest' });
    expect(BigInt(value<string>(all['sdk.eth.getBalance'], 'getBalance'))).toBe(balance);
    expect(value(all['sdk.eth.getCode'], 'getCode')).toBe(code);
    expect(value(all['sdk.eth.getStorageAt'], 'getStorageAt')).toBe(slot0);
    expect(BigInt(value<string>(all['sdk.eth.getTransactionCount'], 'getTransactionCount'))).toBe(
      BigInt(count),
    );
    expect(BigInt(value<string>(all['sdk.eth.call'], 'call'))).toBe(threshold);
    expect(BigInt(value<string>(all['sdk.eth.getEstimateGas'], 'estimateGas'))).toBeGreaterThan(21_000n);
    expect(value<unknown[]>(all['sdk.eth.getPastLogs'], 'getPastLogs')).toHaveLength(logs.length);
    expect(BigInt(value<string>(all['sdk.eth.getGasPrice'], 'gasPrice'))).toBeGreaterThan(0n);
    const sdkBlock = value<{ number: string; hash: string }>(all['sdk.eth.getBlockByNumber'], 'block');
    expect(BigInt(sdkBlock.number)).toBeLessThanOrEqual(block.number);
    expect(await chain.getBlock({ blockNumber: BigInt(sdkBlock.number) })).toMatchObject({
      hash: sdkBlock.hash,
    });
    const byHash = value<{ hash: string; number: string; byHash: { hash: string; number: string } }>(
      all['sdk.eth.getBlockByHash'],
      'getBlockByHash',
    );
    expect(byHash.byHash).toEqual({ hash: byHash.hash, number: byHash.number });
    const sdkTx = value<{ hash: Hex; from: string; blockNumber: string }>(
      all['sdk.eth.getTransactionByHash'],
      'getTransactionByHash',
    );
    const tx = await chain.getTransaction({ hash: sdkTx.hash });
    expect(lower(sdkTx.from)).toBe(lower(tx.from));
    expect(BigInt(sdkTx.blockNumber)).toBe(tx.blockNumber);
    const sdkReceipt = value<{ transactionHash: string; status: string }>(
      all['sdk.eth.getTransactionReceipt'],
      'getTransactionReceipt',
    );
    expect(sdkReceipt.transactionHash).toBe(sdkTx.hash);
    expect(sdkReceipt.status).toBe(
      (await chain.getTransactionReceipt({ hash: sdkTx.hash })).status === 'success' ? '0x1' : '0x0',
    );

    // The provider through viem.
    expect(value(all['provider.eth_chainId'], 'eth_chainId')).toBe(stack.chainId);
    expect(value(all['provider.net_version'], 'net_version')).toBe(`0x${stack.chainId.toString(16)}`);
    expect(value(all['provider.eth_accounts'], 'eth_accounts')).toEqual([safe]);
    expect(BigInt(value<string>(all['provider.eth_blockNumber'], 'eth_blockNumber'))).toBeLessThanOrEqual(
      await chain.getBlockNumber({ cacheTime: 0 }),
    );
    expect(BigInt(value<string>(all['provider.eth_getBalance'], 'eth_getBalance'))).toBe(balance);
    expect(value<{ data: Hex }>(all['provider.eth_call'], 'eth_call').data).toBe(
      `0x${threshold.toString(16).padStart(64, '0')}`,
    );
    expect(value(all['provider.readContract'], 'readContract')).toEqual({
      owners,
      threshold: threshold.toString(),
      nonce: nonce.toString(),
    });
    expect(value(all['provider.eth_getCode'], 'eth_getCode')).toBe(code);
    expect(value(all['provider.eth_getStorageAt'], 'eth_getStorageAt')).toBe(slot0);
    expect(value(all['provider.eth_getTransactionCount'], 'eth_getTransactionCount')).toBe(count);
    expect(BigInt(value<string>(all['provider.eth_estimateGas'], 'eth_estimateGas'))).toBeGreaterThan(
      21_000n,
    );
    expect(value<unknown[]>(all['provider.eth_getLogs'], 'eth_getLogs')).toHaveLength(logs.length);
    expect(BigInt(value<string>(all['provider.eth_gasPrice'], 'eth_gasPrice'))).toBeGreaterThan(0n);
    const providerBlock = value<{ number: string; hash: Hex }>(all['provider.eth_getBlockByNumber'], 'block');
    expect((await chain.getBlock({ blockNumber: BigInt(providerBlock.number) })).hash).toBe(
      providerBlock.hash,
    );
    const providerByHash = value<{ number: string; hash: Hex }>(all['provider.eth_getBlockByHash'], 'byHash');
    expect((await chain.getBlock({ blockHash: providerByHash.hash })).number).toBe(
      BigInt(providerByHash.number),
    );
    const providerTx = value<{ hash: Hex; from: string }>(all['provider.eth_getTransactionByHash'], 'tx');
    expect(lower(providerTx.from)).toBe(lower((await chain.getTransaction({ hash: providerTx.hash })).from));
    expect(value(all['provider.eth_getTransactionReceipt'], 'receipt')).toMatchObject({ status: 'success' });
    expect(value(all['provider.wallet_getCapabilities'], 'capabilities')).toEqual({
      [`0x${stack.chainId.toString(16)}`]: { atomicBatch: { supported: true } },
    });

    // Permissions: none yet; the address book needs one.
    expect(value(all['sdk.wallet.getPermissions'], 'getPermissions')).toEqual([]);
    expect(value(all['provider.wallet_getPermissions'], 'wallet_getPermissions')).toEqual([]);
    expectRefused(all['sdk.requestAddressBook.unpermitted'], 'requestAddressBook', 'Permissions rejected');
    expectRefused(
      all['sdk.wallet.requestPermissions.invalid'],
      'wallet_requestPermissions',
      'Permissions request is invalid',
    );

    // Refusals, each with an answer: methods off the host's allowlist are never forwarded.
    expectRefused(all['sdk.rpc.eth_sendRawTransaction'], 'eth_sendRawTransaction');
    expectRefused(all['sdk.rpc.anvil_setBalance'], 'anvil_setBalance');
    expectRefused(all['sdk.rpc.eth_sendTransaction'], 'rpc eth_sendTransaction');
    expect(await chain.getBalance({ address: safe })).toBe(balanceBefore);
    expectRefused(all['sdk.unknownMethod'], 'an unknown method');
    expectRefused(all['sdk.getTxBySafeTxHash.empty'], 'getTxBySafeTxHash', 'Invalid safeTxHash');
    expectRefused(all['sdk.txs.send.empty'], 'sendTransactions', 'No transactions were passed');
    expectRefused(all['sdk.txs.signTypedMessage.invalid'], 'signTypedMessage', 'Invalid typed data');
    expect(value(all['sdk.getOffChainSignature.unknown'], 'getOffChainSignature')).toBe('');
    expect(value(all['sdk.eth.setSafeSettings'], 'safe_setSettings')).toMatchObject({
      offChainSigning: true,
    });
    // The provider's own refusals (it implements neither).
    expectRefused(all['provider.eth_requestAccounts'], 'eth_requestAccounts', 'not implemented');
    expectRefused(
      all['provider.eth_sendRawTransaction'],
      'provider eth_sendRawTransaction',
      'not implemented',
    );

    // Every step that runs on load answered, and the session still works after the refusals.
    for (const [step, result] of Object.entries(all)) {
      if (!result.ok) expect(result.error, step).not.toMatch(NO_ANSWER);
    }
    expect(value(await run(frame, 'sdk.getInfo'), 'sdk.getInfo again')).toMatchObject({ safeAddress: safe });
  });

  test('permissions: the prompt refused, then granted; the address book arrives', async ({ page, stack }) => {
    const safe = teamSafe(stack);
    const named = devAccount(stack, 'recipient').address;
    // The user's address book in Countersign (this browser's), with one name on the devnet.
    await page.addInitScript(
      ([chainId, address]) =>
        localStorage.setItem(
          'countersign.address-book',
          JSON.stringify({ [chainId as string]: { [address as string]: 'Demo recipient' } }),
        ),
      [String(stack.chainId), named] as const,
    );
    const frame = await openTestApp(page, stack, { safe, query: '?auto=0' });

    // The SDK asks for the permission first (wallet_requestPermissions): refused in the prompt.
    const refused = run(frame, 'sdk.requestAddressBook');
    await page.getByTestId('permission-reject').click();
    expectRefused(await refused, 'requestAddressBook', 'Permissions rejected');
    const afterRefusal = value<{ parentCapability: string; caveats?: { type: string }[] }[]>(
      await run(frame, 'sdk.wallet.getPermissions'),
      'getPermissions',
    );
    // A refusal grants nothing (a recorded denial carries the userRestricted caveat).
    expect(
      afterRefusal.filter(
        (permission) =>
          permission.parentCapability === 'requestAddressBook' &&
          !(permission.caveats ?? []).some((caveat) => caveat.type === 'userRestricted'),
      ),
    ).toEqual([]);

    // Through the provider this time: granted.
    const granting = run(frame, 'provider.wallet_requestPermissions');
    await page.getByTestId('permission-accept').click();
    const granted = value<{ invoker: string; parentCapability: string }[]>(
      await granting,
      'requestPermissions',
    );
    expect(granted).toContainEqual(
      expect.objectContaining({
        invoker: new URL(stack.demoAppsUrl).origin,
        parentCapability: 'requestAddressBook',
      }),
    );
    expect(value(await run(frame, 'sdk.wallet.getPermissions'), 'getPermissions')).toContainEqual(
      expect.objectContaining({ parentCapability: 'requestAddressBook' }),
    );
    const book = value<{ address: string; chainId: string; name: string }[]>(
      await run(frame, 'sdk.requestAddressBook'),
      'requestAddressBook',
    );
    expect(book).toContainEqual({ address: named, chainId: String(stack.chainId), name: 'Demo recipient' });
    // No prompt is waiting: the permission is held for the app's origin.
    await expect(page.getByTestId('permission-accept')).toHaveCount(0);

    // Both outlive a reload: the warning was accepted once for this app, the permission is kept.
    await page.reload();
    const again = await appFrame(page, stack);
    await expect(page.getByTestId('unknown-app-accept')).toHaveCount(0);
    await expect
      .poll(() => again.evaluate(() => (window as unknown as TestAppWindow).__testApp?.connected ?? false))
      .toBe(true);
    expect(
      value(await run(again, 'sdk.requestAddressBook'), 'requestAddressBook after a reload'),
    ).toContainEqual({ address: named, chainId: String(stack.chainId), name: 'Demo recipient' });
  });

  test('sendTransactions: the review, owner A signs, owner B executes, and the app sees the executed hash', async ({
    page,
    stack,
    browser,
  }) => {
    const safe = teamSafe(stack);
    const chain = devnet(stack);
    const recipient = devAccount(stack, 'recipient').address;
    const ownerE = devAccount(stack, 'owner E').address;
    const before = await Promise.all([
      chain.getBalance({ address: recipient }),
      chain.getBalance({ address: ownerE }),
    ]);
    await connectedOwner(page, stack, 'owner A', safe);
    const frame = await openTestApp(page, stack, { safe, query: '?auto=0' });
    expect(value(await run(frame, 'sdk.getInfo'), 'getInfo')).toMatchObject({ isReadOnly: false });

    const sending = run(frame, 'sdk.txs.send', {
      txs: [
        { to: recipient, value: parseEther('0.01').toString(), data: '0x' },
        { to: ownerE, value: parseEther('0.02').toString(), data: '0x' },
      ],
    });
    // The one review every transaction shares, with the app's two calls as one batch; the dialog's
    // title names the app once, and only its body scrolls.
    await expect(page.getByTestId('tx-review')).toBeVisible();
    await expect(
      page.getByRole('dialog', { name: /^2 transactions from Safe Apps SDK test app$/ }),
    ).toBeVisible();
    await expect(page.getByTestId('review-origin')).toContainText(
      `From ${new URL(stack.demoAppsUrl).origin}`,
    );
    await expect(page.getByTestId('review-action')).toHaveCount(2);
    expect(await layoutFaults(page)).toEqual([]);
    await expect(page.getByTestId('review-action').nth(0)).toContainText(`Send 0.01 ETH to ${recipient}`);
    await expect(page.getByTestId('review-action').nth(1)).toContainText(`Send 0.02 ETH to ${ownerE}`);
    await useNextNonce(page, stack, safe);
    await expect(page.getByTestId('review-safe-tx-hash')).toBeVisible();
    const reviewed = (await page.getByTestId('review-safe-tx-hash').locator('code').textContent())!;
    await page.getByTestId('review-sign').click();
    const { safeTxHash } = value<{ safeTxHash: Hex }>(await sending, 'sendTransactions');
    expect(safeTxHash).toBe(reviewed);

    // The gateway has the proposal, from this app, awaiting owner B.
    const txId = `multisig_${safe}_${safeTxHash}`;
    // Countersign says so itself over the app, whatever the app shows, with the way to it.
    await expect(page.getByTestId('app-tx-notice')).toContainText('Transaction proposed: it is in the queue');
    await expect(page.getByTestId('app-tx-notice-link')).toHaveAttribute(
      'href',
      `/local:${safe}/transactions/${encodeURIComponent(txId)}`,
    );
    const proposed = await gatewayJson<{ txStatus: string; safeAppInfo: { url: string } | null }>(
      stack,
      `/transactions/${txId}`,
    );
    expect(proposed.txStatus).toBe('AWAITING_CONFIRMATIONS');
    expect(value(await run(frame, 'sdk.getTxBySafeTxHash', safeTxHash), 'getTxBySafeTxHash')).toMatchObject({
      txStatus: 'AWAITING_CONFIRMATIONS',
    });

    // Owner B, in a browser of their own: confirms and executes.
    const b = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(
        b.page,
        stack,
        'owner B',
        `/local:${safe}/transactions/${encodeURIComponent(txId)}`,
      );
      await b.page.getByTestId('tx-execute').click();
      await expect(b.page.getByTestId('details-status')).toHaveText('Executed', { timeout: 30_000 });
    } finally {
      await b.close();
    }

    // The app reads the executed transaction: its on-chain hash, as the devnet has it.
    let executed: { txStatus: string; txHash?: Hex } | undefined;
    await expect
      .poll(
        async () => {
          executed = value(await run(frame, 'sdk.getTxBySafeTxHash', safeTxHash), 'getTxBySafeTxHash');
          return executed!.txStatus;
        },
        { timeout: 20_000 },
      )
      .toBe('SUCCESS');
    expect(executed!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await chain.getTransactionReceipt({ hash: executed!.txHash! });
    expect(receipt.status).toBe('success');
    expect(await chain.getBalance({ address: recipient })).toBe(before[0] + parseEther('0.01'));
    expect(await chain.getBalance({ address: ownerE })).toBe(before[1] + parseEther('0.02'));
    // The provider maps the safeTxHash to the executed transaction (and answers with the hash asked for).
    expect(
      value(await run(frame, 'provider.eth_getTransactionReceipt', safeTxHash), 'receipt'),
    ).toMatchObject({
      transactionHash: safeTxHash,
      status: 'success',
      blockNumber: receipt.blockNumber.toString(),
    });
  });

  test('eth_sendTransaction through the provider opens the review and answers the safeTxHash', async ({
    page,
    stack,
  }) => {
    const solo = stack.safes[1]!.address as Address;
    const recipient = devAccount(stack, 'recipient').address;
    await connectedOwner(page, stack, 'owner of the 1-of-1 Safe', solo);
    const frame = await openTestApp(page, stack, { safe: solo, query: '?auto=0' });
    const sending = run(frame, 'provider.eth_sendTransaction', {
      to: recipient,
      value: parseEther('0.005').toString(),
      data: '0x',
    });
    await expect(page.getByTestId('tx-review')).toBeVisible();
    await expect(page.getByTestId('review-action')).toContainText(`Send 0.005 ETH to ${recipient}`);
    await useNextNonce(page, stack, solo);
    const reviewed = (await page.getByTestId('review-safe-tx-hash').locator('code').textContent())!;
    await page.getByTestId('review-sign').click();
    expect(value(await sending, 'eth_sendTransaction')).toBe(reviewed);
    await gatewayJson(stack, `/transactions/multisig_${solo}_${reviewed}`);
  });

  test('signing on the 1-of-1 Safe through the provider: the Safe accepts both signatures on chain', async ({
    page,
    stack,
  }) => {
    const solo = stack.safes[1]!.address as Address;
    const chain = devnet(stack);
    await connectedOwner(page, stack, 'owner of the 1-of-1 Safe', solo);
    const frame = await openTestApp(page, stack, { safe: solo, query: '?auto=0' });

    // personal_sign → signMessage: the owner signs in Countersign's message flow.
    const message = 'Signed through the Safe Apps provider';
    const signing = run(frame, 'provider.personal_sign', message);
    await page.getByTestId('sign-message').click();
    const signature = value<Hex>(await signing, 'personal_sign');
    expect(signature).toMatch(/^0x[0-9a-f]{130,}$/);
    expect(await chain.verifyMessage({ address: solo, message, signature })).toBe(true);
    expect(value(await run(frame, 'sdk.isMessageSigned', { message, signature }), 'isMessageSigned')).toBe(
      true,
    );

    // eth_signTypedData_v4 → signTypedMessage.
    // The app's default typed data (its domain names this Safe), hashed by the SDK.
    const typedHash = value<Hex>(
      await run(frame, 'sdk.calculateTypedMessageHash'),
      'calculateTypedMessageHash',
    );
    expect(typedHash).toMatch(/^0x[0-9a-f]{64}$/);
    const typedSigning = run(frame, 'provider.eth_signTypedData_v4');
    await page.getByTestId('sign-message').click();
    const typedSignature = value<Hex>(await typedSigning, 'eth_signTypedData_v4');
    const magic = await chain.readContract({
      address: solo,
      abi: safeAbi,
      functionName: 'isValidSignature',
      args: [typedHash, typedSignature],
    });
    expect(magic).toBe(EIP1271_MAGIC);
  });

  test('typed data on the 2-of-3 Safe: owner A signs in the app, owner B confirms, the Safe accepts it', async ({
    page,
    stack,
    browser,
  }) => {
    const safe = teamSafe(stack);
    const chain = devnet(stack);
    await connectedOwner(page, stack, 'owner A', safe);
    const frame = await openTestApp(page, stack, { safe, query: '?auto=0' });
    const typedData = {
      domain: { name: 'Countersign e2e', version: '1', chainId: stack.chainId, verifyingContract: safe },
      types: {
        Approval: [
          { name: 'what', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Approval',
      message: { what: 'Quarterly budget', amount: '1000' },
    } as const;

    const signing = run(frame, 'sdk.txs.signTypedMessage', typedData);
    await page.getByTestId('sign-message').click();
    // One of two signatures: the app gets the message's hash, and no signature yet.
    const { messageHash } = value<{ messageHash: Hex; signature?: string }>(
      await signing,
      'signTypedMessage',
    );
    expect(messageHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(value(await run(frame, 'sdk.getOffChainSignature', messageHash), 'getOffChainSignature')).toBe('');

    const b = await secondOwner(browser, stack);
    try {
      await ownerWithDevnetWallet(b.page, stack, 'owner B', `/local:${safe}/messages/${messageHash}`);
      await b.page.getByTestId('confirm-message').click();
      await expect(b.page.getByTestId('message-confirmations-count')).toHaveText('2 of 2');
    } finally {
      await b.close();
    }

    const signature = value<Hex>(
      await run(frame, 'sdk.getOffChainSignature', messageHash),
      'getOffChainSignature',
    );
    expect(signature).toMatch(/^0x[0-9a-f]{260,}$/);
    // As viem reads it: the uint256 as a bigint.
    const typed = {
      ...typedData,
      message: { ...typedData.message, amount: BigInt(typedData.message.amount) },
    };
    const dataHash = hashTypedData(typed);
    expect(
      await chain.readContract({
        address: safe,
        abi: safeAbi,
        functionName: 'isValidSignature',
        args: [dataHash, signature],
      }),
    ).toBe(EIP1271_MAGIC);
    expect(await chain.verifyTypedData({ address: safe, ...typed, signature })).toBe(true);
    expect(
      value(await run(frame, 'sdk.isMessageSigned', { message: typedData, signature }), 'isMessageSigned'),
    ).toBe(true);
  });

  test('off-chain signing off (safe_setSettings): the message is signed on chain through SignMessageLib', async ({
    page,
    stack,
  }) => {
    const solo = stack.safes[1]!.address as Address;
    const chain = devnet(stack);
    await connectedOwner(page, stack, 'owner of the 1-of-1 Safe', solo);
    const frame = await openTestApp(page, stack, { safe: solo, query: '?auto=0' });
    expect(
      value(await run(frame, 'provider.safe_setSettings', { offChainSigning: false }), 'settings'),
    ).toMatchObject({ offChainSigning: false });
    const message = 'Signed on chain by the 1-of-1 Safe';
    const signing = run(frame, 'sdk.txs.signMessage', message);
    // Not the message flow: a transaction, through the one review, from this app.
    await expect(page.getByTestId('tx-review')).toBeVisible();
    await expect(page.getByTestId('review-origin')).toContainText(new URL(stack.demoAppsUrl).origin);
    await useNextNonce(page, stack, solo);
    const reviewed = (await page.getByTestId('review-safe-tx-hash').locator('code').textContent())!;
    await page.getByTestId('review-execute').click();
    expect(value<{ safeTxHash: string }>(await signing, 'signMessage on chain')).toMatchObject({
      safeTxHash: reviewed,
    });
    // Executed, the Safe holds the message as signed: isValidSignature with no signature at all.
    await expect
      .poll(
        () =>
          chain.readContract({
            address: solo,
            abi: safeAbi,
            functionName: 'isValidSignature',
            args: [hashMessage(message), '0x'],
          }),
        { timeout: 30_000 },
      )
      .toBe(EIP1271_MAGIC);
    expect(value(await run(frame, 'sdk.isMessageSigned', { message }), 'isMessageSigned')).toBe(true);
  });

  test('EIP-5792 through the provider: wallet_sendCalls, executed, and wallet_getCallsStatus follows it', async ({
    page,
    stack,
  }) => {
    const solo = stack.safes[1]!.address as Address;
    const chain = devnet(stack);
    const recipient = devAccount(stack, 'recipient').address;
    const before = await chain.getBalance({ address: recipient });
    await connectedOwner(page, stack, 'owner of the 1-of-1 Safe', solo);
    const frame = await openTestApp(page, stack, { safe: solo, query: '?auto=0' });
    const sending = run(frame, 'provider.wallet_sendCalls', [
      { to: recipient, value: `0x${parseEther('0.003').toString(16)}`, data: '0x' },
      { to: recipient, value: `0x${parseEther('0.004').toString(16)}`, data: '0x' },
    ]);
    await expect(page.getByTestId('tx-review')).toBeVisible();
    await expect(page.getByTestId('review-action')).toHaveCount(2);
    await useNextNonce(page, stack, solo);
    const reviewed = (await page.getByTestId('review-safe-tx-hash').locator('code').textContent())!;
    await page.getByTestId('review-execute').click();
    expect(value(await sending, 'wallet_sendCalls')).toEqual({ id: reviewed });

    let status: { status: number; receipts?: { status: string; transactionHash: Hex }[] } | undefined;
    await expect
      .poll(
        async () => {
          status = value(
            await run(frame, 'provider.wallet_getCallsStatus', reviewed),
            'wallet_getCallsStatus',
          );
          return status!.status;
        },
        { timeout: 30_000 },
      )
      .toBe(200);
    expect(status!.receipts).toHaveLength(2);
    expect(status!.receipts![0]!.status).toBe('0x1');
    expect((await chain.getTransactionReceipt({ hash: status!.receipts![0]!.transactionHash })).status).toBe(
      'success',
    );
    expect(await chain.getBalance({ address: recipient })).toBe(before + parseEther('0.007'));
  });

  test('the transaction builder demo: an ERC-20 transfer and a raw call, sent as one batch', async ({
    page,
    stack,
  }) => {
    const safe = teamSafe(stack);
    const token = (
      await gatewayJson<{ items: { tokenInfo: { address: string; type: string } }[] }>(
        stack,
        `/safes/${safe}/balances/usd`,
      )
    ).items.find((item) => item.tokenInfo.type === 'ERC20')!.tokenInfo.address;
    const recipient = devAccount(stack, 'recipient').address;
    await ownerWithTestWallet(page, stack, 'owner A', `/local:${safe}/apps`);
    // Listed in the catalogue: it opens without the unknown-app warning.
    await page
      .getByRole('article', { name: 'Transaction Builder (demo)', exact: true })
      .getByTestId('app-open')
      .click();
    await expect(page.getByTestId('unknown-app-accept')).toHaveCount(0);
    await expect(page.getByTestId('safe-app-frame')).toBeVisible();
    const app = page.frameLocator('[data-testid="safe-app-frame"]');
    await expect(app.getByTestId('builder-safe-address')).toHaveText(safe);

    await app.getByTestId('builder-contract').fill(token);
    await app.getByTestId('builder-known-abi').selectOption({ label: 'ERC-20 token' });
    await app.getByTestId('builder-method').selectOption({ label: 'transfer(address to, uint256 amount)' });
    await app.getByTestId('builder-arg-0').fill('not an address');
    await app.getByTestId('builder-arg-1').fill('1000');
    await app.getByTestId('builder-add').click();
    await expect(app.getByTestId('builder-call-error')).toHaveText('to: not an address');
    await app.getByTestId('builder-arg-0').fill(recipient);
    await app.getByTestId('builder-add').click();
    await expect(app.getByTestId('builder-call')).toHaveCount(1);
    await app.getByTestId('builder-method').selectOption({ label: 'Raw call data (hex)' });
    await app.getByTestId('builder-contract').fill(recipient);
    await app.getByTestId('builder-value').fill('0.001');
    await app.getByTestId('builder-add').click();
    await expect(app.getByTestId('builder-call')).toHaveCount(2);

    await app.getByTestId('builder-send').click();
    await expect(page.getByTestId('tx-review')).toBeVisible();
    await expect(page.getByTestId('review-action')).toHaveCount(2);
    await expect(page.getByTestId('review-action').nth(1)).toContainText(`Send 0.001 ETH to ${recipient}`);
    await useNextNonce(page, stack, safe);
    const reviewed = (await page.getByTestId('review-safe-tx-hash').locator('code').textContent())!;
    await page.getByTestId('review-sign').click();
    await expect(app.getByTestId('builder-safe-tx-hash')).toHaveText(reviewed);
    await app.getByTestId('builder-lookup').click();
    await expect(app.getByTestId('builder-tx-status')).toContainText('AWAITING_CONFIRMATIONS');
  });
});
