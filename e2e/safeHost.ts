import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { hashMessage, isHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { encodeSignatures, hashSafeMessage } from '@countersign/safe-core';

/** What the host tells an app about its Safe (getSafeInfo), as Safe{Wallet} does. */
export type HostedSafe = {
  safeAddress: Address;
  chainId: number;
  owners: Address[];
  threshold: number;
  nonce: number;
  implementation: Address;
  modules: Address[] | null;
  fallbackHandler: Address | null;
  guard: Address | null;
  version: string | null;
  isReadOnly: boolean;
};

type HostCall = { method: string; params: unknown };
type HostAnswer = { data: unknown } | { error: string };

/** The SDK drops answers whose version's major number is below 1. */
const HOST_SDK_VERSION = '9.1.0';

/**
 * The host page: frames the app and answers its Safe Apps SDK messages. The Safe's description is
 * answered at once from the page (wagmi's connector gives the first answer little time); everything
 * else goes to the test through an exposed function.
 */
function hostPage(appUrl: string, safe: HostedSafe): string {
  const state = JSON.stringify({ appOrigin: new URL(appUrl).origin, safe, version: HOST_SDK_VERSION });
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Safe host (test double)</title></head>
<body style="margin:0">
<iframe id="app" src="${appUrl}" style="border:0;width:100vw;height:100vh"
  sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-downloads"></iframe>
<script>
const state = ${state};
const frame = document.getElementById('app');
window.addEventListener('message', async (event) => {
  if (event.source !== frame.contentWindow || event.origin !== state.appOrigin) return;
  const request = event.data;
  if (!request || typeof request.id !== 'string' || typeof request.method !== 'string') return;
  const reply = (body) =>
    frame.contentWindow.postMessage({ id: request.id, version: state.version, ...body }, state.appOrigin);
  if (request.method === 'getSafeInfo') return reply({ success: true, data: state.safe });
  if (request.method === 'getEnvironmentInfo') return reply({ success: true, data: { origin: location.origin } });
  const answer = await window.__safeHostCall(request.method, request.params);
  reply('error' in answer ? { success: false, error: answer.error } : { success: true, data: answer.data });
});
</script>
</body></html>`;
}

/**
 * A test double of a Safe wallet's app host (Safe{Wallet} cannot run on the devnet): a page on its
 * own loopback origin that frames Countersign and speaks the Safe Apps postMessage protocol to the
 * real SDK inside it. RPC calls go to the devnet node; a message is signed off-chain by the owners
 * whose keys it holds, over the Safe's SafeMessage hash, so the Safe's EIP-1271 check accepts it.
 */
export class SafeHost {
  /** Every call the app made that the page passed on, in order. */
  readonly calls: HostCall[] = [];
  /** Messages the owners signed, as the app sent them. */
  readonly signedMessages: string[] = [];
  private server: Server | undefined;

  constructor(
    private readonly options: {
      appUrl: string;
      rpcUrl: string;
      safe: HostedSafe;
      /** Keys of owners, as many as the threshold asks for. */
      ownerKeys: Hex[];
    },
  ) {}

  /**
   * Serves the host page on a free loopback port and returns its URL. The app's URL may be set
   * after (setAppUrl): a web server that lets only this host frame it needs the host's origin first.
   */
  async start(page: Page): Promise<string> {
    await page.exposeFunction('__safeHostCall', (method: string, params: unknown) =>
      this.handle({ method, params }),
    );
    this.server = createServer((request, response) => {
      response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(request.url === '/' ? hostPage(this.options.appUrl, this.options.safe) : 'not found');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  setAppUrl(appUrl: string): void {
    this.options.appUrl = appUrl;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async handle(call: HostCall): Promise<HostAnswer> {
    this.calls.push(call);
    try {
      switch (call.method) {
        case 'rpcCall': {
          const { call: method, params } = call.params as { call: string; params: unknown[] };
          return { data: await this.rpc(method, params) };
        }
        case 'signMessage': {
          const { message } = call.params as { message: string };
          return { data: await this.signOffChain(message) };
        }
        default:
          return { error: `"${call.method}" not implemented` };
      }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  private async signOffChain(message: string) {
    const { safe, ownerKeys } = this.options;
    // viem's personal_sign sends text as hex of its bytes: the EIP-191 hash is over those bytes.
    const contentHash = isHex(message) ? hashMessage({ raw: message }) : hashMessage(message);
    const messageHash = hashSafeMessage({
      chainId: safe.chainId,
      safe: safe.safeAddress,
      message: contentHash,
    });
    const signatures = await Promise.all(
      ownerKeys.map(async (key) => {
        const owner = privateKeyToAccount(key);
        return { signer: owner.address, data: await owner.sign({ hash: messageHash }) };
      }),
    );
    this.signedMessages.push(message);
    return { messageHash, signature: encodeSignatures(signatures) };
  }

  private async rpc(method: string, params: unknown[]): Promise<unknown> {
    const response = await fetch(this.options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(body.error.message);
    return body.result;
  }
}
