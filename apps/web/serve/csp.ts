import { createGatewayClient, type ChainInfo } from '@countersign/gateway-api';
import { fetchAllChains } from '../src/features/chains/fetchAllChains';
import { rpcUrlOf } from '../src/features/chains/rpc';

/**
 * The Content-Security-Policy the web app is served with. Scripts come only from this origin (no
 * inline script: /config.js is a file of its own); the app may talk only to its gateway, the chains'
 * RPC endpoints and, when WalletConnect is enabled, WalletConnect's hosts or the relay configured;
 * token and NFT images may come from anywhere (they load through <img> only, which runs nothing);
 * Safe Apps are framed from http(s) origins only; Countersign itself is framed only by itself and the
 * Safe wallets the operator names.
 */
export type CspInputs = {
  gatewayUrl: string;
  /** Origins the browser reads chains from (each chain's RPC URL the app uses). */
  rpcOrigins: readonly string[];
  walletConnect?: { relayUrl?: string };
  /** Origins that may frame Countersign (Safe wallets that run it as a Safe App), FRAME_ANCESTORS. */
  frameAncestors?: readonly string[];
};

/** What WalletConnect's SDK and its wallet picker contact, only when a project id is set. */
const walletConnectSources = [
  'wss://relay.walletconnect.com',
  'wss://relay.walletconnect.org',
  'https://*.walletconnect.com',
  'https://*.walletconnect.org',
  'https://*.web3modal.com',
  'https://*.web3modal.org',
  'https://*.reown.com',
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
    for (const source of walletConnectSources) connect.add(source);
    const relay = inputs.walletConnect.relayUrl && originOf(inputs.walletConnect.relayUrl);
    if (relay) connect.add(relay);
  }
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // RainbowKit writes its theme as a <style> element; styles cannot run code.
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

/** The origins of the RPC URLs the browser uses for these chains (see rpcUrlOf). */
export function rpcOriginsOf(chains: readonly ChainInfo[]): string[] {
  const origins = new Set<string>();
  for (const chain of chains) {
    for (const url of [
      rpcUrlOf(chain),
      chain.safeAppsRpcUri.authentication === 'API_KEY_PATH' ? undefined : chain.safeAppsRpcUri.value,
    ]) {
      const origin = url && originOf(url);
      if (origin) origins.add(origin);
    }
  }
  return [...origins].sort();
}

/** Every chain the gateway serves, for the policy's connect-src. */
export function readGatewayChains(gatewayUrl: string, timeoutMs = 5_000): Promise<ChainInfo[]> {
  return fetchAllChains(createGatewayClient({ baseUrl: gatewayUrl }), AbortSignal.timeout(timeoutMs));
}
