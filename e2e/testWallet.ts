/// <reference lib="dom" />
// Its init script runs in the page; the benches (outside e2e's DOM-typed project) import it too.
import type { Page } from '@playwright/test';
import { createWalletClient, defineChain, http, numberToHex, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** How the wallet answers; tests flip these to reach each error path. */
export type TestWalletBehaviour = {
  /** Answer to a connection request. */
  connect: 'approve' | 'reject' | 'pending' | 'unavailable';
  /** Answer to personal_sign: a good signature, a rejection, a failure, or another key's signature. */
  sign: 'approve' | 'reject' | 'fail' | 'wrong-signer';
  /** Answer to wallet_switchEthereumChain for a chain it knows. */
  switching: 'approve' | 'reject' | 'unsupported' | 'fail';
  /** Answer to eth_sendTransaction: signed here and sent to the devnet, or declined. */
  send: 'approve' | 'reject';
};

type RpcError = { code: number; message: string };

const icon = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/></svg>',
).toString('base64')}`;

/**
 * An EIP-1193 wallet injected into the page (window.ethereum and an EIP-6963 announcement). It signs
 * in Node with a dev key, forwards reads to the devnet node, and can be told to reject, fail, lack
 * network switching, not know a chain (4902), or emit wallet events.
 */
export class TestWallet {
  readonly behaviour: TestWalletBehaviour = {
    connect: 'approve',
    sign: 'approve',
    switching: 'approve',
    send: 'approve',
  };
  /** Every EIP-712 request the app made (eth_signTypedData_v4), as parsed. */
  readonly typedDataRequests: { primaryType: string; domain: unknown; message: unknown }[] = [];
  /** Hashes of the transactions the wallet sent. */
  readonly sentTransactions: Hex[] = [];
  /** Every wallet_addEthereumChain parameter the app sent. */
  readonly addedChains: Record<string, unknown>[] = [];
  /** Every wallet_watchAsset parameter the app sent (EIP-747); each is answered true, added. */
  readonly watchedAssets: unknown[] = [];
  /** Methods the app called, in order. */
  readonly calls: string[] = [];
  account: PrivateKeyAccount;
  connected = false;
  private readonly knownChains: Set<number>;
  private readonly other = privateKeyToAccount(`0x${'11'.repeat(32)}`);

  constructor(
    private readonly page: Page,
    private readonly options: {
      privateKey: Hex;
      chainId: number;
      knownChains: number[];
      rpcUrl: string;
      /** Flags on the injected provider, e.g. isMetaMask to be listed as that wallet. */
      flags?: Record<string, true>;
    },
  ) {
    this.account = privateKeyToAccount(options.privateKey);
    this.chainId = options.chainId;
    this.knownChains = new Set([...options.knownChains, options.chainId]);
  }

  chainId: number;

  async install(): Promise<void> {
    await this.page.exposeFunction('__testWalletRequest', (method: string, params: unknown) =>
      this.handle(method, params).then(
        (result) => ({ result }),
        (error: RpcError) => ({ error: { code: error.code, message: error.message } }),
      ),
    );
    await this.page.addInitScript(
      ({ icon: iconUri, flags }) => {
        type Listener = (payload: unknown) => void;
        const listeners = new Map<string, Set<Listener>>();
        const bridge = window as unknown as {
          __testWalletRequest(
            method: string,
            params: unknown,
          ): Promise<{ result?: unknown; error?: RpcError }>;
          __testWalletEmit(event: string, payload: unknown): void;
          ethereum?: unknown;
        };
        const provider = {
          ...flags,
          isTestWallet: true,
          async request({ method, params }: { method: string; params?: unknown }) {
            const answer = await bridge.__testWalletRequest(method, params ?? []);
            if (answer.error)
              throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
            return answer.result;
          },
          on(event: string, listener: Listener) {
            const set = listeners.get(event) ?? new Set();
            set.add(listener);
            listeners.set(event, set);
          },
          removeListener(event: string, listener: Listener) {
            listeners.get(event)?.delete(listener);
          },
        };
        bridge.__testWalletEmit = (event, payload) => {
          for (const listener of listeners.get(event) ?? []) listener(payload);
        };
        bridge.ethereum = provider;
        const info = {
          uuid: '4d7c3a53-6b8e-4f55-9a1e-2f0c6f2b8e11',
          name: 'Test Wallet',
          icon: iconUri,
          rdns: 'org.countersign.testwallet',
        };
        const announce = () =>
          window.dispatchEvent(
            new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
          );
        window.addEventListener('eip6963:requestProvider', announce);
        announce();
      },
      { icon, flags: this.options.flags ?? {} },
    );
  }

  /** Takes window.ethereum away, as when the wallet's extension is disabled while the page is open. */
  async uninstall(): Promise<void> {
    await this.page.evaluate(() => {
      delete (window as { ethereum?: unknown }).ethereum;
    });
  }

  /** Emits a wallet event to the page (accountsChanged, chainChanged, disconnect). */
  async emit(event: string, payload: unknown): Promise<void> {
    await this.page.evaluate(
      ([name, data]) =>
        (window as unknown as { __testWalletEmit(e: string, p: unknown): void }).__testWalletEmit(name, data),
      [event, payload] as const,
    );
  }

  /** Moves the wallet to another chain, as a user would inside the wallet. */
  async switchTo(chainId: number): Promise<void> {
    this.knownChains.add(chainId);
    await this.setChain(chainId);
  }

  /** Makes the wallet lack a network, so switching to it answers 4902. */
  forgetChain(chainId: number): void {
    this.knownChains.delete(chainId);
  }

  /** Switches the wallet's own account, as a user would inside the wallet. */
  async useAccount(privateKey: Hex): Promise<void> {
    this.account = privateKeyToAccount(privateKey);
    await this.emit('accountsChanged', [this.account.address]);
  }

  private async handle(method: string, params: unknown): Promise<unknown> {
    this.calls.push(method);
    const list = Array.isArray(params) ? (params as unknown[]) : [];
    const fail = (code: number, message: string): never => {
      throw { code, message } satisfies RpcError;
    };
    switch (method) {
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions':
        if (this.behaviour.connect === 'reject') fail(4001, 'User rejected the request.');
        if (this.behaviour.connect === 'pending') fail(-32002, 'Request already pending.');
        if (this.behaviour.connect === 'unavailable') fail(4900, 'Disconnected from all chains.');
        this.connected = true;
        return method === 'eth_requestAccounts'
          ? [this.account.address]
          : [{ parentCapability: 'eth_accounts' }];
      case 'wallet_revokePermissions':
        this.connected = false;
        return null;
      case 'eth_accounts':
        return this.connected ? [this.account.address] : [];
      case 'eth_chainId':
        return numberToHex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'wallet_switchEthereumChain': {
        const target = Number((list[0] as { chainId: string }).chainId);
        if (this.behaviour.switching === 'unsupported') fail(4200, 'The method is not supported.');
        if (this.behaviour.switching === 'reject') fail(4001, 'User rejected the request.');
        if (this.behaviour.switching === 'fail') fail(-32603, 'Internal error.');
        if (!this.knownChains.has(target)) fail(4902, 'Unrecognized chain ID.');
        await this.setChain(target);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const parameter = list[0] as Record<string, unknown>;
        this.addedChains.push(parameter);
        const target = Number(parameter.chainId);
        this.knownChains.add(target);
        await this.setChain(target);
        return null;
      }
      case 'wallet_watchAsset':
        this.watchedAssets.push(params);
        return true;
      case 'eth_signTypedData_v4': {
        const typedData = JSON.parse(String(list[1])) as {
          domain: Record<string, unknown>;
          types: Record<string, { name: string; type: string }[]>;
          primaryType: string;
          message: Record<string, unknown>;
        };
        this.typedDataRequests.push(typedData);
        if (this.behaviour.sign === 'reject') fail(4001, 'User rejected the request.');
        if (this.behaviour.sign === 'fail') fail(-32603, 'Internal error.');
        const signer = this.behaviour.sign === 'wrong-signer' ? this.other : this.account;
        const { EIP712Domain: _domain, ...types } = typedData.types;
        return signer.signTypedData({ ...typedData, types } as Parameters<
          PrivateKeyAccount['signTypedData']
        >[0]);
      }
      case 'eth_sendTransaction': {
        if (this.behaviour.send === 'reject') fail(4001, 'User rejected the request.');
        const request = list[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex };
        const client = createWalletClient({
          account: this.account,
          chain: defineChain({
            id: this.chainId,
            name: 'devnet',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            rpcUrls: { default: { http: [this.options.rpcUrl] } },
          }),
          transport: http(this.options.rpcUrl),
        });
        const hash = await client.sendTransaction({
          to: request.to,
          data: request.data,
          value: request.value ? BigInt(request.value) : undefined,
          gas: request.gas ? BigInt(request.gas) : undefined,
        });
        this.sentTransactions.push(hash);
        return hash;
      }
      case 'personal_sign': {
        if (this.behaviour.sign === 'reject') fail(4001, 'User rejected the request.');
        if (this.behaviour.sign === 'fail') fail(-32603, 'Internal error.');
        const signer = this.behaviour.sign === 'wrong-signer' ? this.other : this.account;
        return signer.signMessage({ message: { raw: list[0] as Hex } });
      }
      default:
        return this.forward(method, list);
    }
  }

  private async setChain(chainId: number) {
    if (chainId === this.chainId) return;
    this.chainId = chainId;
    await this.emit('chainChanged', numberToHex(chainId));
  }

  private async forward(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(this.options.rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: RpcError };
    if (body.error) throw body.error;
    return body.result;
  }
}
