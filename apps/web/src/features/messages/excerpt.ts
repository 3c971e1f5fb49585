/**
 * The start of a long text, for a view that shows a part first and the rest on request: at most
 * `maxChars` characters and `maxLines` lines, cut at a line end when one is near.
 */
export function excerpt(
  text: string,
  { maxChars = 2_000, maxLines = 40 }: { maxChars?: number; maxLines?: number } = {},
): { head: string; truncated: boolean } {
  let end = Math.min(text.length, maxChars);
  let lines = 0;
  for (let index = 0; index < end; index++) {
    if (text.charCodeAt(index) === 10 && ++lines >= maxLines) {
      end = index;
      break;
    }
  }
  if (end >= text.length) return { head: text, truncated: false };
  // Prefer ending on a line break in the last fifth of the excerpt.
  const lineEnd = text.lastIndexOf('\n', end);
  if (lineEnd > end * 0.8) end = lineEnd;
  // Never split a surrogate pair.
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { head: text.slice(0, end), truncated: true };
}
