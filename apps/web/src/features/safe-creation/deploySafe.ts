import type { Hex } from 'viem';
import type { GatewayClient, SafeInfo } from '@countersign/gateway-api';
import type { WalletApi, WalletError } from '../wallet';
import type { SafeDeploymentPlan } from './deployment';

/**
 * Creating a Safe, outside React: the wallet sends `createProxyWithNonce` to the factory, the
 * transaction is listed in the wallet's Recent Transactions and followed until it is mined, and then
 * the gateway is asked for the new Safe until it serves it. Each step is reported as it starts, and
 * every outcome is a value (nothing throws), so the page can keep the form or move on.
 */
export type DeployProgress =
  { stage: 'confirming' } | { stage: 'mining'; hash: Hex } | { stage: 'serving'; hash: Hex };

export type DeployResult =
  | { ok: true; hash: Hex; safe: SafeInfo }
  /** Nothing was sent: the wallet declined or failed (e.g. the user said no). */
  | { ok: false; stage: 'send'; error: WalletError }
  /** Sent, but its receipt could not be had: it may still be mined. */
  | { ok: false; stage: 'receipt'; hash: Hex; message: string }
  /** Mined and reverted: no Safe was created. */
  | { ok: false; stage: 'reverted'; hash: Hex; message: string }
  /** Mined: the Safe exists, but the gateway did not serve it in time. */
  | { ok: false; stage: 'serving'; hash: Hex; message: string };

export type DeployDeps = {
  wallet: Pick<WalletApi, 'sendTransaction' | 'waitForReceipt' | 'addRecentTransaction'>;
  getSafeInfo: GatewayClient['getSafeInfo'];
  /** Shown in the wallet's Recent Transactions. */
  description: string;
  onProgress?: (progress: DeployProgress) => void;
  /** The transaction was mined successfully: the Safe exists on chain (called before the gateway wait). */
  onDeployed?: (hash: Hex) => void;
  /** Stops waiting for the gateway (the page was left); the transaction itself cannot be stopped. */
  signal?: AbortSignal;
  /** How often the gateway is asked, and for how long, before giving up. */
  pollMs?: number;
  timeoutMs?: number;
};

export const GATEWAY_POLL_MS = 1_000;
export const GATEWAY_TIMEOUT_MS = 90_000;

export const deployTexts = {
  reverted:
    'The deployment transaction was mined but failed, so no Safe was created. Your settings are kept: check them and try again.',
  notServed: (address: string) =>
    `The Safe was created at ${address}, but the gateway does not serve it yet. It is in My Safes and will open once the gateway has caught up.`,
} as const;

export async function deploySafe(plan: SafeDeploymentPlan, deps: DeployDeps): Promise<DeployResult> {
  const chainId = Number(plan.chainId);
  deps.onProgress?.({ stage: 'confirming' });
  const sent = await deps.wallet.sendTransaction({ to: plan.factory, data: plan.data, value: 0n, chainId });
  if (!sent.ok) return { ok: false, stage: 'send', error: sent.error };
  const { hash } = sent.value;
  deps.onProgress?.({ stage: 'mining', hash });
  // Listed for the user to follow in the wallet's menu; a wallet without the list changes nothing here.
  await deps.wallet.addRecentTransaction({ hash, description: deps.description, chainId });

  const receipt = await deps.wallet.waitForReceipt({ hash, chainId });
  if (!receipt.ok) return { ok: false, stage: 'receipt', hash, message: receipt.error.message };
  if (receipt.value.status !== 'success') {
    return { ok: false, stage: 'reverted', hash, message: deployTexts.reverted };
  }
  deps.onDeployed?.(hash);

  deps.onProgress?.({ stage: 'serving', hash });
  const safe = await waitForSafeInfo(deps.getSafeInfo, plan.chainId, plan.predictedAddress, deps);
  if (safe === undefined) {
    return { ok: false, stage: 'serving', hash, message: deployTexts.notServed(plan.predictedAddress) };
  }
  return { ok: true, hash, safe };
}

/**
 * The gateway's SafeInfo for the new Safe, asked every `pollMs` until it answers (a 404 means it
 * has not seen the Safe yet; other failures are retried too), or undefined after `timeoutMs` or
 * once `signal` aborts.
 */
export async function waitForSafeInfo(
  getSafeInfo: GatewayClient['getSafeInfo'],
  chainId: string,
  safeAddress: string,
  options: Pick<DeployDeps, 'signal' | 'pollMs' | 'timeoutMs'> = {},
): Promise<SafeInfo | undefined> {
  const { signal, pollMs = GATEWAY_POLL_MS, timeoutMs = GATEWAY_TIMEOUT_MS } = options;
  const deadline = Date.now() + timeoutMs;
  while (!signal?.aborted) {
    try {
      return await getSafeInfo({ chainId, safeAddress }, { signal });
    } catch {
      // Not served yet (404) or not reachable: asked again until the deadline.
    }
    if (Date.now() + pollMs > deadline) return undefined;
    await sleep(pollMs, signal);
  }
  return undefined;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
