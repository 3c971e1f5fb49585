import { getAddress, keccak256, stringToBytes, zeroAddress, type Address } from 'viem';

/**
 * Token icons the gateway draws itself, for the native currency and every token whose logo it does
 * not know: a coloured disc with the first letters of the symbol, served from
 * `GET /v1/icons/{chainId}/{address}.svg`. Every `logoUri` of a token or of the native currency is
 * a URL (the known logo, else this one), as on the real gateway.
 */

/** The native currency's address in token lists (balances, tokenInfoIndex). */
export const nativeTokenAddress: Address = zeroAddress;

/** The path of a token's generated icon. */
export function iconPath(chainId: string, address: string): string {
  return `/v1/icons/${encodeURIComponent(chainId)}/${getAddress(address)}.svg`;
}

/** Absolute logo URLs for one chain, from the gateway's public origin (see publicOrigin). */
export type LogoUrls = {
  /** `known` when there is one, else the generated icon of `address`. */
  of(address: string, known?: string | null): string;
};

export function logoUrls(publicOrigin: string, chainId: string): LogoUrls {
  const origin = publicOrigin.replace(/\/+$/, '');
  return { of: (address, known) => known || `${origin}${iconPath(chainId, address)}` };
}

/** What an icon shows: at most three letters or digits of the symbol, upper case; "?" for none. */
export function iconLetters(symbol: string | null | undefined): string {
  const letters = Array.from((symbol ?? '').normalize('NFKC').replace(/[^\p{L}\p{N}]/gu, '')).slice(0, 3);
  return letters.length > 0 ? letters.join('').toUpperCase() : '?';
}

/**
 * The icon as SVG text. Deterministic: the colour comes from the chain and address, the letters from
 * the symbol (letters and digits only, so nothing in a token's own name can become markup).
 */
export function renderIcon(params: { chainId: string; address: string; symbol: string | null }): string {
  const letters = iconLetters(params.symbol);
  const digest = keccak256(stringToBytes(`${params.chainId}:${params.address.toLowerCase()}`));
  const hue = parseInt(digest.slice(2, 6), 16) % 360;
  const fontSize = [28, 28, 24, 19][Array.from(letters).length] ?? 19;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${letters}">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue} 55% 42%)"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" ` +
    `font-size="${fontSize}" font-weight="600" fill="#ffffff">${letters}</text></svg>`
  );
}

/** Headers of an icon answer: cacheable, and inert if opened as a document (no scripts, no sniffing). */
export function iconHeaders(known: boolean): Record<string, string> {
  return {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    // A token the indexer has not met yet may get its symbol later: its "?" is kept only briefly.
    'Cache-Control': known ? 'public, max-age=604800, immutable' : 'public, max-age=300',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; script-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
}
