import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormula, writeCsv } from './csv';

describe('formula neutralisation', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['=HYPERLINK("http://x","y")\nmore', `'=HYPERLINK("http://x","y")\nmore`],
    ["'=x", "''=x"],
    ["'Tis", "'Tis"],
    ['DEV', 'DEV'],
    ['0xabc', '0xabc'],
    ['1.5', '1.5'],
    ['', ''],
    [' =not first', ' =not first'],
    ['a=b', 'a=b'],
  ])('%j is written as %j and read back as it was', (cell, written) => {
    expect(neutraliseFormula(cell)).toBe(written);
    expect(restoreFormula(written)).toBe(cell);
  });
});

describe('writeCsv', () => {
  it('writes the header, then CRLF lines quoted only where needed', () => {
    expect(
      writeCsv(
        ['a', 'b'],
        [
          ['1', 'x y'],
          ['2', ''],
        ],
      ),
    ).toBe('a,b\r\n1,x y\r\n2,');
    expect(writeCsv(['a', 'b'], []).trimEnd()).toBe('a,b');
  });

  it('round-trips commas, quotes, line breaks and hostile cells through a CSV parser, formulas neutralised', () => {
    const cells = [
      'A, "quoted" token',
      'two\nlines',
      '=HYPERLINK("http://evil","click")',
      '@cmd',
      '<img src=x onerror=alert(1)>\u202Eevil',
    ];
    const text = writeCsv(
      ['token'],
      cells.map((cell) => [cell]),
    );
    const parsed = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map(([cell]) => cell)).toEqual([
      'token',
      'A, "quoted" token',
      'two\nlines',
      `'=HYPERLINK("http://evil","click")`,
      `'@cmd`,
      '<img src=x onerror=alert(1)>\u202Eevil',
    ]);
    expect(text).toContain('"A, ""quoted"" token"');
  });
});
