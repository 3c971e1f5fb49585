import { describe, expect, it } from 'vitest';
import { invisibleCharactersIn, revealInvisible, splitInvisible } from './invisibleCharacters';

describe('invisible characters', () => {
  const hostile = 'pay \u202Eexe.txt\u202C now\u200B';

  it('splits text around direction overrides and zero-width spaces', () => {
    expect(splitInvisible(hostile)).toEqual([
      { text: 'pay ' },
      { codePoint: 'U+202E', name: 'RIGHT-TO-LEFT OVERRIDE' },
      { text: 'exe.txt' },
      { codePoint: 'U+202C', name: 'POP DIRECTIONAL FORMATTING' },
      { text: ' now' },
      { codePoint: 'U+200B', name: 'ZERO WIDTH SPACE' },
    ]);
  });

  it('lists each kind once', () => {
    expect(invisibleCharactersIn(`${hostile}\u202E`)).toEqual([
      'U+202E RIGHT-TO-LEFT OVERRIDE',
      'U+202C POP DIRECTIONAL FORMATTING',
      'U+200B ZERO WIDTH SPACE',
    ]);
  });

  it('writes them out for one-line texts', () => {
    expect(revealInvisible(hostile)).toBe('pay ⟨U+202E⟩exe.txt⟨U+202C⟩ now⟨U+200B⟩');
  });

  it('leaves ordinary text, right-to-left scripts and emoji joiners alone', () => {
    const text = 'שלום Safe 👩\u200D💻';
    expect(splitInvisible(text)).toEqual([{ text }]);
    expect(invisibleCharactersIn(text)).toEqual([]);
  });
});
