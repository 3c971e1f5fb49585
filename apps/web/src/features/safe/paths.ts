/**
 * URL helpers for a Safe, free of viem so the header can use them from the entry chunk.
 * A Safe is addressed as `{shortName}:{address}`, e.g. /eth:0xA063…/home.
 */
export function splitSafeId(value: string): { shortName: string | undefined; addressPart: string } {
  const colon = value.indexOf(':');
  if (colon === -1) return { shortName: undefined, addressPart: value };
  return { shortName: value.slice(0, colon), addressPart: value.slice(colon + 1) };
}

export function formatSafeId(shortName: string, address: string): string {
  return `${shortName}:${address}`;
}

export function safeHomePath(shortName: string, address: string): string {
  return `/${encodeURIComponent(shortName)}:${encodeURIComponent(address)}/home`;
}

/** The route pattern of the Safe overview. */
export const SAFE_HOME_ROUTE = '/:safeId/home';
