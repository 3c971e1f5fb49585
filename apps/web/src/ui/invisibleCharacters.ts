/**
 * Characters that change how text reads without being seen: direction overrides and isolates (the
 * "Trojan Source" trick, U+202E turning "txt.exe" into "exe.txt") and zero-width spaces. A message
 * an owner signs is shown with each of them as a visible marker, so what is read is what is signed.
 * U+200D (zero-width joiner) is left alone: emoji sequences need it.
 */
const invisibleNames: Record<number, string> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200b: 'ZERO WIDTH SPACE',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

const pattern = /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

export type TextSegment = { text: string } | { codePoint: string; name: string };

/** `U+202E`. */
const codePointLabel = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The text cut into plain runs and the invisible characters between them. */
export function splitInvisible(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index) });
    const char = match[0];
    segments.push({ codePoint: codePointLabel(char), name: invisibleNames[char.codePointAt(0) ?? 0] ?? '' });
    last = match.index + char.length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}

/** The distinct invisible characters in the text, as `U+202E RIGHT-TO-LEFT OVERRIDE`. */
export function invisibleCharactersIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) {
    const char = match[0];
    found.add(`${codePointLabel(char)} ${invisibleNames[char.codePointAt(0) ?? 0] ?? ''}`.trim());
  }
  return [...found];
}

/** The text with each invisible character written out as ⟨U+202E⟩: for one-line previews and names. */
export function revealInvisible(text: string): string {
  return text.replace(pattern, (char) => `⟨${codePointLabel(char)}⟩`);
}
