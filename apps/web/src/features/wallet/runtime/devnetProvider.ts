import { numberToHex } from 'viem';
import type { DevnetWalletConfig } from '../../../lib/config';
import { readStoredString, writeStoredString } from '../../../lib/storage';

type Listener = (...args: unknown[]) => void;
type RequestArguments = { method: string; params?: unknown };

/** An EIP-1193 error: wagmi and viem read `code`. */
const providerError = (code: number, message: string) => Object.assign(new Error(message), { code });

const ACCOUNT_KEY = 'countersign.devnet.account';
const CONNECTED_KEY = 'countersign.devnet.connected';
const CHAIN_KEY = 'countersign.devnet.chain';

/** A devnet chain the wallet serves, and the node's RPC URL for it. */
export type DevnetWalletChain = { chainId: number; rpcUrl: string };

/** Methods that act for an account: the account named must be the selected one. */
const accountParamIndex: Record<string, number> = {
  personal_sign: 1,
  eth_sign: 0,
  eth_signTypedData_v4: 0,
};

export type DevnetProvider = ReturnType<typeof createDevnetProvider>;

/**
 * The devnet wallet: an EIP-1193 provider over the local anvil node, which holds the dev accounts'
 * keys and signs for them (personal_sign, eth_signTypedData_v4, eth_sendTransaction). The browser
 * never sees a key. One account is selected at a time; the picker changes it like a wallet would,
 * with `accountsChanged`. Where the stack runs several devnet chains (the same dev accounts on
 * each), it is on one at a time and switches between them with `chainChanged`.
 */
export function createDevnetProvider(devnet: DevnetWalletConfig, chains: readonly DevnetWalletChain[]) {
  const first = chains[0];
  if (first === undefined) throw new Error('The devnet wallet needs at least one chain');
  const storedChain = Number(readStoredString(CHAIN_KEY));
  let chain = chains.find((candidate) => candidate.chainId === storedChain) ?? first;
  const servedChains = chains.map((candidate) => candidate.chainId).join(' and ');
  const known = devnet.accounts.map((account) => account.address.toLowerCase());
  const fallback = (devnet.accounts.find((account) => account.label.includes('owner')) ?? devnet.accounts[0])
    ?.address;
  if (fallback === undefined) throw new Error('The devnet wallet needs at least one account');
  const stored = readStoredString(ACCOUNT_KEY);
  let selected = stored && known.includes(stored.toLowerCase()) ? stored : fallback;
  let connected = readStoredString(CONNECTED_KEY) === '1';
  const listeners = new Map<string, Set<Listener>>();
  let nextId = 1;

  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };

  const setConnected = (value: boolean) => {
    connected = value;
    writeStoredString(CONNECTED_KEY, value ? '1' : '');
  };

  async function forward(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    });
    if (!response.ok) throw providerError(-32603, `The devnet node answered HTTP ${response.status}`);
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
    if (body.error) throw providerError(body.error.code, body.error.message);
    return body.result;
  }

  function requireSelected(address: unknown) {
    if (!connected) throw providerError(4100, 'The devnet wallet is not connected');
    if (typeof address !== 'string' || address.toLowerCase() !== selected.toLowerCase()) {
      throw providerError(4100, `The devnet wallet is signing as ${selected}, not ${String(address)}`);
    }
  }

  async function request({ method, params }: RequestArguments): Promise<unknown> {
    const list = Array.isArray(params) ? (params as unknown[]) : [];
    switch (method) {
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions':
        // Its keys live in the node: without the node there is no wallet to connect (4900).
        await forward('eth_chainId', []).catch(() => {
          throw providerError(4900, 'The devnet node does not answer');
        });
        setConnected(true);
        return method === 'eth_requestAccounts' ? [selected] : [{ parentCapability: 'eth_accounts' }];
      case 'wallet_revokePermissions':
        setConnected(false);
        return null;
      case 'eth_accounts':
        return connected ? [selected] : [];
      case 'eth_chainId':
        return numberToHex(chain.chainId);
      case 'net_version':
        return String(chain.chainId);
      case 'wallet_switchEthereumChain': {
        const target = (list[0] as { chainId?: unknown } | undefined)?.chainId;
        const next =
          typeof target === 'string'
            ? chains.find((candidate) => candidate.chainId === Number(target))
            : undefined;
        // It knows the devnet's chains only and cannot add one: 4200, which wagmi reports as a wallet
        // that cannot switch (after 4902 it would try wallet_addEthereumChain, and call that failing a refusal).
        if (next === undefined)
          throw providerError(
            4200,
            `The devnet wallet serves chain ${servedChains} only, not ${String(target)}`,
          );
        if (next !== chain) {
          chain = next;
          writeStoredString(CHAIN_KEY, String(next.chainId));
          emit('chainChanged', numberToHex(next.chainId));
        }
        return null;
      }
      case 'wallet_addEthereumChain':
        throw providerError(4200, `The devnet wallet serves chain ${servedChains} only`);
      case 'eth_sendTransaction':
        requireSelected((list[0] as { from?: unknown } | undefined)?.from);
        return forward(method, params);
      default: {
        const at = accountParamIndex[method];
        if (at !== undefined) requireSelected(list[at]);
        return forward(method, params);
      }
    }
  }

  return {
    request,
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
    get selectedAccount() {
      return selected;
    },
    selectAccount(address: string) {
      if (!known.includes(address.toLowerCase()) || address === selected) return;
      selected = address;
      writeStoredString(ACCOUNT_KEY, address);
      if (connected) emit('accountsChanged', [address]);
    },
  };
}
