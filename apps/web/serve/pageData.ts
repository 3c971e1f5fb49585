import { createGatewayClient, type ChainInfo, type GatewayClient } from '@countersign/gateway-api';
import { parseAddress } from '../src/lib/address';
import { findChainByShortName } from '../src/features/chains/selectedChain';
import { pageChainsElement, type PageChains } from '../src/features/chains/pageChains';
import { splitSafeId } from '../src/features/safe/paths';

/**
 * What a page's first requests to the gateway can start with before the app has run: the chain
 * list as the server last read it (a data block, see pageChains.ts), and for a Safe's page a
 * preload of its SafeInfo, which every Safe page asks for first (and again on every visit: it is
 * polled). The browser fetches it while the app's code still loads; the app's own request for the
 * same URL then takes the preloaded answer.
 */
export async function pageDataHead(opts: {
  pathname: string;
  gatewayUrl: string;
  chains: PageChains | undefined;
}): Promise<string> {
  const { chains } = opts;
  if (chains === undefined || chains.chains.length === 0) return '';
  const parts = [pageChainsElement(chains)];
  const safe = safeOfPath(opts.pathname, chains.chains);
  if (safe) {
    const url = await requestUrlOf(opts.gatewayUrl, (client) =>
      client.getSafeInfo({ chainId: safe.chainId, safeAddress: safe.address }),
    );
    parts.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`);
  }
  return parts.join('');
}

/**
 * The Safe a page's path names (`/{shortName}:{address}/…`) when it is already the app's canonical
 * form: a page that will redirect first (a bare address, another letter case) is left alone.
 */
export function safeOfPath(
  pathname: string,
  chains: readonly ChainInfo[],
): { chainId: string; address: string } | undefined {
  const first = /^\/([^/]+)/.exec(pathname)?.[1];
  if (first === undefined) return undefined;
  let safeId: string;
  try {
    safeId = decodeURIComponent(first);
  } catch {
    return undefined;
  }
  const { shortName, addressPart } = splitSafeId(safeId);
  const address = parseAddress(addressPart);
  if (shortName === undefined || address !== addressPart) return undefined;
  const chain = findChainByShortName(chains, shortName);
  if (chain?.shortName !== shortName) return undefined;
  return { chainId: chain.chainId, address };
}

/**
 * The URL the app's own gateway client requests for a call: the client runs with a fetch that only
 * notes the URL, so a preload always names exactly what the app will ask for.
 */
export async function requestUrlOf(
  gatewayUrl: string,
  call: (client: GatewayClient) => Promise<unknown>,
): Promise<string> {
  let url: string | undefined;
  const client = createGatewayClient({
    baseUrl: gatewayUrl,
    fetch: (input) => {
      url = input instanceof Request ? input.url : String(input);
      return Promise.reject(new Error('noted, not sent'));
    },
  });
  await call(client).catch(() => undefined);
  if (url === undefined) throw new Error('The gateway call made no request.');
  return url;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
