/**
 * Lists of origins in the web server's configuration (APP_MANIFEST_PRIVATE_ORIGINS,
 * FRAME_ANCESTORS): each `scheme://host[:port]` exactly, as a browser names an origin, so that a
 * setting means one site and compares equal to `new URL(…).origin`.
 */

/** `value` as an http(s) origin in its normal form (`HTTPS://App.Example:443/` → `https://app.example`), if it is one. */
export function normalOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
  // A wildcard would pass URL parsing and mean many sites to a CSP: an origin is one site.
  if (url.hostname.includes('*')) return undefined;
  return url.origin;
}

/** The origins in `values`, normal and each once; throws naming `setting` for any that is not one. */
export function checkOrigins(setting: string, values: readonly string[]): string[] {
  const origins = new Set<string>();
  const bad: string[] = [];
  for (const value of values) {
    const origin = normalOrigin(value.trim());
    if (origin) origins.add(origin);
    else bad.push(JSON.stringify(value));
  }
  if (bad.length > 0) {
    throw new Error(
      `${setting} must list origins (scheme://host[:port], no path), separated by commas; got ${bad.join(', ')}`,
    );
  }
  return [...origins];
}

/** A comma-separated setting (blank entries ignored), checked as origins. */
export function parseOriginList(setting: string, value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return checkOrigins(setting, entries);
}
