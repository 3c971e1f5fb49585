/**
 * `GET /app-manifest?url=<app URL>`: a Safe App's manifest.json, read by this server for the page.
 * The page's Content-Security-Policy lets it connect only to its gateway and its chains' RPCs, not
 * to every app's site; rather than widening that policy to the whole web, the server reads the
 * manifest (the file beside the app, nothing else: http(s) only, no redirects, a few seconds, a
 * bounded size, JSON only) and hands the JSON on. The page still validates what it reads.
 */

/** At most this much of a manifest is read. */
export const MAX_MANIFEST_BYTES = 100_000;
const TIMEOUT_MS = 5_000;

export type ManifestAnswer = { status: 200; json: unknown } | { status: 400 | 404 | 502; message: string };

/** The manifest's URL beside the app (`${appUrl}/manifest.json`, query and fragment dropped). */
export function manifestUrlOf(appUrl: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    return undefined;
  url.search = '';
  url.hash = '';
  return new URL('manifest.json', url.href.replace(/\/*$/, '/'));
}

/** Reads an app's manifest; any failure is an answer with a status, never an exception. */
export async function readAppManifest(
  appUrl: string | undefined,
  fetchFn: typeof fetch = fetch,
): Promise<ManifestAnswer> {
  const url = appUrl === undefined ? undefined : manifestUrlOf(appUrl);
  if (!url) return { status: 400, message: 'The app URL must be an http(s) URL.' };
  let response: Response;
  try {
    response = await fetchFn(url, {
      redirect: 'error',
      credentials: 'omit',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { status: 502, message: `The app's manifest could not be read from ${url.origin}.` };
  }
  if (!response.ok) return { status: 404, message: `The app has no manifest (HTTP ${response.status}).` };
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_MANIFEST_BYTES) return { status: 502, message: 'The app’s manifest is too large.' };
  const text = await response.text().catch(() => undefined);
  if (text === undefined || text.length > MAX_MANIFEST_BYTES) {
    return { status: 502, message: 'The app’s manifest is too large or unreadable.' };
  }
  try {
    return { status: 200, json: JSON.parse(text) as unknown };
  } catch {
    return { status: 502, message: 'The app’s manifest is not JSON.' };
  }
}
