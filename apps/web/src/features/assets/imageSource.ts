/**
 * Which image URLs from a token or an NFT the page loads: http(s), and inline `data:image/…`. They
 * are only ever given to an <img>, which runs no script even in an SVG and sends no referrer. Other
 * schemes (ipfs:, javascript:, relative paths that would hit Countersign's own server) are not
 * loaded; the view shows its placeholder instead.
 */
export function imageSource(uri: string | null | undefined): string | undefined {
  if (!uri) return undefined;
  const value = uri.trim();
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The letter of a token's fallback avatar: its symbol's first letter or digit (else its name's), or "?". */
export function avatarLetter(...texts: (string | null | undefined)[]): string {
  for (const text of texts) {
    const letter = Array.from((text ?? '').normalize('NFKC')).find((char) => /[\p{L}\p{N}]/u.test(char));
    if (letter !== undefined) return letter.toLocaleUpperCase();
  }
  return '?';
}

/** Bidirectional controls (embeddings, overrides, isolates, marks): they could turn a label around. */
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A token's name for labels, tooltips and messages: without bidirectional controls, and cut short,
 * so a long or hostile name neither floods a screen reader nor reverses the sentence around it.
 */
export function shortLabel(text: string, max = 32): string {
  const chars = Array.from(text.replace(bidiControls, '').trim());
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
