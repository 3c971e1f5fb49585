/**
 * JSON data blocks: `<script type="application/json">` elements the web server writes into a page
 * for the app to read as it starts. The browser runs nothing in them, and the CSP allows them.
 */

/** Text for HTML: an element's content or a double-quoted attribute. */
export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The element for `value`: JSON that cannot close its <script> element or end a line in JS. */
export function dataBlockElement(
  id: string,
  value: unknown,
  attributes: Record<string, string> = {},
): string {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  const extra = Object.entries(attributes)
    .map(([name, text]) => ` ${name}="${escapeHtml(text)}"`)
    .join('');
  return `<script type="application/json" id="${id}"${extra}>${json}</script>`;
}

/** The block's parsed JSON (still to be validated); undefined when it is missing, empty or not JSON. */
export function readDataBlock(id: string, doc: Document): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
