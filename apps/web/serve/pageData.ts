import { createGatewayClient, type ChainInfo, type GatewayClient } from '@countersign/gateway-api';
import { parseAddress } from '../src/lib/address';
import { escapeHtml } from '../src/lib/dataBlock';
import { findChainByShortName } from '../src/features/chains/selectedChain';
import { pageChainsElement, type PageChains } from '../src/features/chains/pageChains';
import { splitSafeId } from '../src/features/safe/paths';
import { DEFAULT_FIAT_CURRENCY } from '../src/features/assets/fiatCurrency';
import { safeViewOf } from './viewPreloads';

type SafeOfPage = { chainId: string; address: string };
type GatewayCall = (client: GatewayClient) => Promise<unknown>;

/**
 * What a view asks the gateway for as it opens, when nothing is saved (the same calls, with the
 * same arguments, as the view's route loader and its first render; e2e checks every preload is
 * used). The fiat currency is the default one: a browser that chose another keeps its own view
 * (lib/ownViewMark.ts), and nearly always a saved cache with it.
 */
const firstVisitCalls: [RegExp, (safe: SafeOfPage) => GatewayCall[]][] = [
  [
    /^home$/,
    ({ chainId, address }) => [
      (c) => c.getBalances({ chainId, safeAddress: address, currency: DEFAULT_FIAT_CURRENCY }),
      (c) => c.getQueue({ chainId, safeAddress: address, cursor: null }),
    ],
  ],
  [
    /^assets$/,
    ({ chainId, address }) => [
      (c) => c.getBalances({ chainId, safeAddress: address, currency: DEFAULT_FIAT_CURRENCY }),
    ],
  ],
  [
    /^transactions\/queue$/,
    ({ chainId, address }) => [(c) => c.getQueue({ chainId, safeAddress: address, cursor: null })],
  ],
  [
    /^transactions\/history$/,
    ({ chainId, address }) => [(c) => c.getHistory({ chainId, safeAddress: address, cursor: null })],
  ],
  [
    /^messages$/,
    ({ chainId, address }) => [(c) => c.getMessages({ chainId, safeAddress: address, cursor: null })],
  ],
];

/**
 * What a page's first requests to the gateway can start with before the app has run: the chain
 * list as the server last read it (a data block, see pageChains.ts), and for a Safe's page
 * preloads: its SafeInfo, which every Safe page asks for first (and again on every visit: it is
 * polled), and, when neither the browser nor the page has them, the view's own first data
 * (viewDataPreloads). The browser fetches them while the app's code still loads; the app's own
 * requests for the same URLs then take the preloaded answers.
 */
export async function pageDataHead(opts: {
  pathname: string;
  gatewayUrl: string;
  chains: PageChains | undefined;
  /**
   * The view's first data is at hand without asking: saved in the browser (asked again only if
   * stale) or in the page itself (a server render, serve/prerender.ts).
   */
  viewDataAtHand?: boolean;
}): Promise<string> {
  const { chains } = opts;
  if (chains === undefined || chains.chains.length === 0) return '';
  const parts = [pageChainsElement(chains)];
  const safe = safeOfPath(opts.pathname, chains.chains);
  if (safe) {
    const { chainId, address } = safe;
    parts.push(
      await fetchPreloadsOf(opts.gatewayUrl, [(c) => c.getSafeInfo({ chainId, safeAddress: address })]),
    );
    if (!opts.viewDataAtHand) parts.push(await viewDataPreloads(opts));
  }
  return parts.join('');
}

/**
 * Preloads of what a Safe's view asks for first beyond its SafeInfo: its chain's configuration and
 * the view's own first data. For a page that has neither in the browser nor in itself.
 */
export async function viewDataPreloads(opts: {
  pathname: string;
  gatewayUrl: string;
  chains: PageChains | undefined;
}): Promise<string> {
  const safe = opts.chains && safeOfPath(opts.pathname, opts.chains.chains);
  const view = safeViewOf(opts.pathname);
  if (!safe || view === undefined) return '';
  const { chainId } = safe;
  return fetchPreloadsOf(opts.gatewayUrl, [
    (c) => c.getChain({ chainId }),
    ...(firstVisitCalls.find(([pattern]) => pattern.test(view))?.[1](safe) ?? []),
  ]);
}

async function fetchPreloadsOf(gatewayUrl: string, calls: GatewayCall[]): Promise<string> {
  const urls = await Promise.all(calls.map((call) => requestUrlOf(gatewayUrl, call)));
  return urls
    .map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}">`)
    .join('');
}

/**
 * The Safe a page's path names (`/{shortName}:{address}/…`) when it is already the app's canonical
 * form: a page that will redirect first (a bare address, another letter case) is left alone.
 */
export function safeOfPath(pathname: string, chains: readonly ChainInfo[]): SafeOfPage | undefined {
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
