import { describe, expect, it } from 'vitest';
import { parseHiddenTokens, safeHiddenKey, withTokenHidden } from './hiddenTokens';

const safe = safeHiddenKey('1337', '0xE690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590');
const dusd = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('hidden tokens, per Safe', () => {
  it('keys a Safe by chain and lower-case address', () => {
    expect(safe).toBe('1337:0xe690d772bcc82da64dbe2d0dc83bbfcb3b2c1590');
    expect(safeHiddenKey('1', '0xE690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590')).not.toBe(safe);
  });

  it('hides and shows a token of one Safe, leaving the others alone', () => {
    const other = safeHiddenKey('1', '0x1111111111111111111111111111111111111111');
    let stored = withTokenHidden({}, other, dusd, true);
    stored = withTokenHidden(stored, safe, dusd, true);
    expect(stored).toEqual({ [other]: [dusd.toLowerCase()], [safe]: [dusd.toLowerCase()] });
    // Hiding twice keeps one entry.
    expect(withTokenHidden(stored, safe, dusd.toUpperCase().replace('0X', '0x'), true)[safe]).toEqual([
      dusd.toLowerCase(),
    ]);
    stored = withTokenHidden(stored, safe, dusd, false);
    expect(stored).toEqual({ [other]: [dusd.toLowerCase()] });
  });

  it('reads what storage holds, dropping whatever is not a token address', () => {
    expect(parseHiddenTokens(null)).toBeUndefined();
    expect(parseHiddenTokens('not a map')).toBeUndefined();
    expect(parseHiddenTokens([1, 2])).toBeUndefined();
    expect(
      parseHiddenTokens({
        [safe]: [
          dusd,
          dusd.toLowerCase(),
          'javascript:alert(1)',
          42,
          '0x0000000000000000000000000000000000000000',
        ],
        broken: 'x',
        empty: [],
      }),
    ).toEqual({ [safe]: [dusd.toLowerCase(), '0x0000000000000000000000000000000000000000'] });
  });
});
