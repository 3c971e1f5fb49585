/**
 * Subresource Integrity for the page's own code: each `<script src>`, `<link rel=modulepreload>`,
 * stylesheet and style preload of a built file (/assets/…) in the page's <head> gets the hash of
 * the file the server holds, so a browser runs or applies only those exact bytes, whatever a cache
 * or proxy between them hands it. Chunks the app imports later (`import()`) have no tag to carry a
 * hash, unless the page preloads them here.
 */

/** A tag the page loads a built file with, and the file's name in assets/. */
const ASSET_TAG = /<(?:script|link)\b[^>]*>/gi;
const ASSET_REFERENCE = /\s(?:src|href)\s*=\s*(["'])\/assets\/([\w.-]+)\1/i;
const LOADING_LINK = /\srel\s*=\s*(["'])(?:modulepreload|stylesheet|preload)\1/i;

function assetOf(tag: string): string | undefined {
  if (/\sintegrity\s*=/i.test(tag)) return undefined;
  if (tag.toLowerCase().startsWith('<link') && !LOADING_LINK.test(tag)) return undefined;
  return ASSET_REFERENCE.exec(tag)?.[2];
}

/**
 * The page with `integrity` on the tags that load built files (their hash from `integrityOf`, which
 * knows none for a file that is not there: its tag is left as it is). `crossorigin` is added where
 * missing so that a preload and the tag that uses it ask in the same mode and share one download.
 */
export async function withIntegrity(
  html: string,
  integrityOf: (name: string) => Promise<string | undefined>,
): Promise<string> {
  // The tags Vite and the server write are all in <head>; a rendered page's markup is left unread.
  const headEnd = html.indexOf('</head>');
  const head = headEnd === -1 ? html : html.slice(0, headEnd);
  const names = new Set<string>();
  for (const [tag] of head.matchAll(ASSET_TAG)) {
    const name = assetOf(tag);
    if (name) names.add(name);
  }
  if (names.size === 0) return html;
  const hashes = new Map<string, string>();
  await Promise.all(
    [...names].map(async (name) => {
      const integrity = await integrityOf(name);
      if (integrity) hashes.set(name, integrity);
    }),
  );
  const marked = head.replace(ASSET_TAG, (tag) => {
    const name = assetOf(tag);
    const integrity = name === undefined ? undefined : hashes.get(name);
    if (integrity === undefined) return tag;
    const crossorigin = /\scrossorigin\b/i.test(tag) ? '' : ' crossorigin';
    return tag.replace(/\s*\/?>$/, (end) => ` integrity="${integrity}"${crossorigin}${end}`);
  });
  return headEnd === -1 ? marked : marked + html.slice(headEnd);
}
