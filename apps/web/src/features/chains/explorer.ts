import type { ChainInfo } from '@countersign/gateway-api';

/**
 * Fills a block explorer template from the chain configuration ("https://x/address/{{address}}").
 * The template comes from the gateway, so anything but an http(s) URL is refused (no javascript:
 * links).
 */
function fillTemplate(template: string, placeholder: string, value: string): string | null {
  if (!template.includes(placeholder)) return null;
  const filled = template.replaceAll(placeholder, encodeURIComponent(value));
  try {
    const url = new URL(filled);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function explorerAddressUrl(template: string, address: string): string | null {
  return fillTemplate(template, '{{address}}', address);
}

export function explorerTxUrl(template: string, txHash: string): string | null {
  return fillTemplate(template, '{{txHash}}', txHash);
}

/** Explorer links of one chain. */
export function chainExplorer(chain: Pick<ChainInfo, 'blockExplorerUriTemplate'>) {
  return {
    address: (address: string) => explorerAddressUrl(chain.blockExplorerUriTemplate.address, address),
    tx: (txHash: string) => explorerTxUrl(chain.blockExplorerUriTemplate.txHash, txHash),
  };
}
