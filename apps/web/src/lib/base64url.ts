/**
 * Text as base64url (RFC 4648 §5, no padding), the alphabet a URL fragment carries unescaped: shared
 * transactions and messages travel in links this way.
 */
export function textToBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The text back, or undefined when it is not base64url of UTF-8 (a link cut or changed). */
export function base64UrlToText(encoded: string): string | undefined {
  try {
    const binary = atob(encoded.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
