import { isHttpUrl } from '../src/lib/urls';

/**
 * CHAIN_RPC_URLS: the operator's RPC per chain, `chainId=url` entries separated by commas or spaces
 * (`1=https://eth.example/KEY, 137=https://polygon.example`). The browser reads those chains there,
 * whatever RPC the gateway's chain list names. The URLs reach every visitor (/config.js): a key in
 * one is public.
 */
export function parseChainRpcUrls(value: string | undefined): Record<string, string> {
  const urls: Record<string, string> = {};
  const bad: string[] = [];
  for (const entry of (value ?? '').split(/[\s,]+/).filter((part) => part !== '')) {
    const at = entry.indexOf('=');
    const chainId = entry.slice(0, at);
    const url = entry.slice(at + 1);
    if (at < 1 || !/^\d{1,20}$/.test(chainId) || !isHttpUrl(url) || chainId in urls)
      bad.push(JSON.stringify(entry));
    else urls[chainId] = url;
  }
  if (bad.length > 0) {
    throw new Error(
      `CHAIN_RPC_URLS must list chainId=http(s)-URL entries, each chain once, separated by commas; got ${bad.join(', ')}`,
    );
  }
  return urls;
}
