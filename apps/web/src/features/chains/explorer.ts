/**
 * A block explorer link from the chain's template ("https://x/address/{{address}}"). The template
 * comes from the gateway, so anything but an http(s) URL is refused (no javascript: links).
 */
export function explorerAddressUrl(template: string, address: string): string | null {
  if (!template.includes('{{address}}')) return null;
  const filled = template.replaceAll('{{address}}', encodeURIComponent(address));
  try {
    const url = new URL(filled);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
