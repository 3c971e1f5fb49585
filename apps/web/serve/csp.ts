import { createGatewayClient, type ChainInfo } from '@countersign/gateway-api';
import { fetchAllChains } from '../src/features/chains/fetchAllChains';
import { gatewayRpcUrlOf } from '../src/lib/rpcSources';

/**
 * The Content-Security-Policy the web app is served with. Scripts come only from this origin (no
 * inline script: /config.js is a file of its own); the app may talk only to its gateway, the chains'
 * RPC endpoints and, when WalletConnect is enabled, the relay configured or WalletConnect's exact hosts;
 * token and NFT images may come from anywhere (they load through <img> only, which runs nothing);
 * Safe Apps are framed from http(s) origins only; Countersign itself is framed only by itself and the
 * Safe wallets the operator names.
 */
export type CspInputs = {
  gatewayUrl: string;
  /** Origins the browser reads chains from (each chain's RPC URL the app uses). */
  rpcOrigins: readonly string[];
  walletConnect?: { relayUrl?: string; verify?: boolean };
  /** Origins that may frame Countersign (Safe wallets that run it as a Safe App), FRAME_ANCESTORS. */
  frameAncestors?: readonly string[];
};

/**
 * What WalletConnect needs with its public relay: these exact origins, no wildcard, each read from
 * the SDKs' sources (@walletconnect/core 2.21, @reown/appkit 1.7). Left out on purpose: the SDKs'
 * telemetry (pulse.walletconnect.org, turned off anyway), their RPC proxy (rpc.walletconnect.org:
 * every chain is read through its own RPC URL) and push notifications (echo.walletconnect.com).
 */
// Verify, asked what it knows of a dapp's domain when it proposes a session or sends a request: its
// .org host serves the attestations and the key that checks them, and the SDK also takes the .com
// host when the dapp names that one as its Verify URL.
const verifySources = ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'];

const publicWalletConnectSources = [
  // The relay every WalletConnect message goes through (the SDKs' default; they never use .com).
  'wss://relay.walletconnect.org',
  // The WalletConnect modal the owner connects a phone wallet with (RainbowKit's WalletConnect
  // entry): its configuration, the wallets it lists and their images come from this API.
  'https://api.web3modal.org',
];

export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol)) return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}

export function contentSecurityPolicy(inputs: CspInputs): string {
  const connect = new Set<string>(["'self'"]);
  const gateway = originOf(inputs.gatewayUrl);
  if (gateway) connect.add(gateway);
  for (const origin of inputs.rpcOrigins) connect.add(origin);
  if (inputs.walletConnect) {
    // With a relay of its own the operator sends nothing to WalletConnect unless Verify is asked
    // for (WALLETCONNECT_VERIFY: walletConnectClient.ts), and the modal's wallet list stays empty.
    const relay = inputs.walletConnect.relayUrl && originOf(inputs.walletConnect.relayUrl);
    const verify = inputs.walletConnect.verify ?? !relay;
    for (const source of relay ? [relay] : publicWalletConnectSources) connect.add(source);
    if (verify) for (const source of verifySources) connect.add(source);
  }
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // RainbowKit's stylesheet (added with the wallet's chunk) and its theme are <style> elements;
    // styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', 'http:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', [...connect]],
    // Safe Apps (and WalletConnect's verification frame) from http(s) origins only.
    ['frame-src', ['https:', 'http:']],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    // Countersign runs as a Safe App inside the Safe wallets the operator lists, and no other page:
    // one that frames it could overlay it and have a signer click what they do not see. No
    // X-Frame-Options beside it: that header cannot name a list, and browsers that know
    // frame-ancestors ignore it.
    ['frame-ancestors', ["'self'", ...(inputs.frameAncestors ?? [])]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/**
 * The origins of the RPCs the browser may read chains from: the operator's (CHAIN_RPC_URLS), and the
 * gateway's only for the chains the operator names none for. A gateway cannot open the page to a
 * node of its choosing on a chain the operator has an RPC for.
 */
export function rpcOriginsOf(
  chains: readonly ChainInfo[],
  operatorRpcUrls: Readonly<Record<string, string>> = {},
): string[] {
  const origins = new Set<string>();
  const add = (url: string | undefined) => {
    const origin = url && originOf(url);
    if (origin) origins.add(origin);
  };
  for (const url of Object.values(operatorRpcUrls)) add(url);
  for (const chain of chains) {
    if (operatorRpcUrls[chain.chainId] !== undefined) continue;
    add(gatewayRpcUrlOf(chain));
  }
  return [...origins].sort();
}

/** Every chain the gateway serves, for the policy's connect-src. */
export function readGatewayChains(gatewayUrl: string, timeoutMs = 5_000): Promise<ChainInfo[]> {
  return fetchAllChains(createGatewayClient({ baseUrl: gatewayUrl }), AbortSignal.timeout(timeoutMs));
}
