import { getAddress, keccak256, stringToBytes, zeroAddress, type Address } from 'viem';
import { drawableCharacter, iconPng } from './iconImage';

/**
 * Token icons the gateway draws itself, for the native currency and every token whose logo it does
 * not know: a coloured disc with the first letters of the symbol, a PNG (see iconImage.ts) served from
 * `GET /v1/icons/{chainId}/{address}.png`. Every `logoUri` of a token or of the native currency is
 * a URL (the known logo, else this one), as on the real gateway.
 */

/** The native currency's address in token lists (balances, tokenInfoIndex). */
export const nativeTokenAddress: Address = zeroAddress;

/** The path of a token's generated icon. */
export function iconPath(chainId: string, address: string): string {
  return `/v1/icons/${encodeURIComponent(chainId)}/${getAddress(address)}.png`;
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

/**
 * What an icon shows: at most three letters or digits of the symbol, upper case, accents dropped
 * (É is E); "?" for none. Only what the icon font draws is kept.
 */
export function iconLetters(symbol: string | null | undefined): string {
  const letters = Array.from((symbol ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase()).filter(
    (char) => char !== '?' && drawableCharacter(char),
  );
  return letters.length > 0 ? letters.slice(0, 3).join('') : '?';
}

/** A colour in HSL (degrees, percent) as 0–255 red, green and blue. */
function rgbOfHsl(hue: number, saturation: number, lightness: number): [number, number, number] {
  const s = saturation / 100;
  const l = lightness / 100;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round((l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255);
  };
  return [channel(0), channel(8), channel(4)];
}

/** Icons already drawn, by chain, address and letters (drawing one takes a few milliseconds). */
const drawn = new Map<string, Uint8Array<ArrayBuffer>>();
const DRAWN_KEPT = 500;

/**
 * The icon as PNG bytes. Deterministic: the colour comes from the chain and address, the letters from
 * the symbol.
 */
export function renderIcon(params: {
  chainId: string;
  address: string;
  symbol: string | null;
}): Uint8Array<ArrayBuffer> {
  const letters = iconLetters(params.symbol);
  const key = `${params.chainId}:${params.address.toLowerCase()}:${letters}`;
  const cached = drawn.get(key);
  if (cached) return cached;
  const digest = keccak256(stringToBytes(`${params.chainId}:${params.address.toLowerCase()}`));
  const hue = parseInt(digest.slice(2, 6), 16) % 360;
  const png = iconPng(letters, rgbOfHsl(hue, 55, 42));
  if (drawn.size >= DRAWN_KEPT) drawn.clear();
  drawn.set(key, png);
  return png;
}

/** Headers of an icon answer: cacheable, and inert if opened as a document (no scripts, no sniffing). */
export function iconHeaders(known: boolean): Record<string, string> {
  return {
    'Content-Type': 'image/png',
    // A token the indexer has not met yet may get its symbol later: its "?" is kept only briefly.
    'Cache-Control': known ? 'public, max-age=604800, immutable' : 'public, max-age=300',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; script-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
}
