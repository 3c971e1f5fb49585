import { describe, expect, it } from 'vitest';
import {
  exportFileName,
  parseAddressBookCsv,
  quoteValue,
  serialiseAddressBookCsv,
  type CsvParseResult,
} from './csv';

const alice = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const bob = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const carol = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

function errorsOf(result: CsvParseResult) {
  if (result.kind !== 'line-errors') throw new Error(`expected line errors, got ${JSON.stringify(result)}`);
  return result.errors;
}

function entriesOf(result: CsvParseResult) {
  if (result.kind !== 'entries') throw new Error(`expected entries, got ${JSON.stringify(result)}`);
  return result.entries;
}

describe('serialiseAddressBookCsv', () => {
  it('writes a BOM, the header address,name,chainId and CRLF lines, by chain then name', () => {
    const csv = serialiseAddressBookCsv([
      { address: bob, name: 'Bob', chainId: '137' },
      { address: carol, name: 'Carol', chainId: '1' },
      { address: alice, name: 'Alice', chainId: '1' },
    ]);
    expect(csv).toBe(
      `\uFEFFaddress,name,chainId\r\n${alice},Alice,1\r\n${carol},Carol,1\r\n${bob},Bob,137\r\n`,
    );
  });

  it('quotes commas, quotes and line breaks as RFC 4180 says', () => {
    const csv = serialiseAddressBookCsv([{ address: alice, name: 'Team, "ops"', chainId: '1' }]);
    expect(csv).toContain(`${alice},"Team, ""ops""",1\r\n`);
  });

  it('neutralises spreadsheet formulas with a leading apostrophe', () => {
    const csv = serialiseAddressBookCsv([
      { address: alice, name: '=HYPERLINK("http://127.0.0.1/x")', chainId: '1' },
      { address: bob, name: '+1', chainId: '1' },
      { address: carol, name: '@SUM(A1)', chainId: '1' },
    ]);
    expect(csv).toContain(`${alice},"'=HYPERLINK(""http://127.0.0.1/x"")",1`);
    expect(csv).toContain(`${bob},'+1,1`);
    expect(csv).toContain(`${carol},'@SUM(A1),1`);
  });
});

describe('exportFileName', () => {
  it('names the file after the day, in the reader’s time zone', () => {
    expect(exportFileName(new Date(2026, 4, 14, 12))).toBe('countersign-address-book-2026-05-14.csv');
  });
});

describe('formula neutralisation through a file', () => {
  it('round-trips names through a file exactly', () => {
    const entries = [
      { address: alice, name: '=cmd|calc', chainId: '1' },
      { address: bob, name: "'-already quoted", chainId: '1' },
      { address: carol, name: 'Ops, "hot" wallet', chainId: '5' },
    ];
    expect(entriesOf(parseAddressBookCsv(serialiseAddressBookCsv(entries)))).toEqual(
      expect.arrayContaining(entries),
    );
  });
});

describe('parseAddressBookCsv', () => {
  it('reads entries, checksumming addresses in any letter case and trimming names', () => {
    const result = parseAddressBookCsv(
      `address,name,chainId\n${alice.toLowerCase()},  Alice ,1\n${bob.toUpperCase().replace('0X', '0x')},Bob,137\n`,
    );
    expect(entriesOf(result)).toEqual([
      { address: alice, name: 'Alice', chainId: '1' },
      { address: bob, name: 'Bob', chainId: '137' },
    ]);
  });

  it('reads a BOM, CRLF lines, quoted commas and quoted line breaks', () => {
    const result = parseAddressBookCsv(
      `\uFEFFaddress,name,chainId\r\n${alice},"Smith, Alice",1\r\n${bob},"Two\r\nlines",1\r\n`,
    );
    // A name cannot hold a line break: the quoted one is read as one field and refused on its line.
    expect(errorsOf(result)).toEqual([
      {
        line: 3,
        problems: [
          {
            column: 'name',
            message: 'The name holds a line break, a tab or another control character.',
            value: 'Two\r\nlines',
          },
        ],
      },
    ]);
    expect(
      entriesOf(parseAddressBookCsv(`\uFEFFaddress,name,chainId\r\n${alice},"Smith, Alice",1\r\n`)),
    ).toEqual([{ address: alice, name: 'Smith, Alice', chainId: '1' }]);
  });

  it('takes the columns in any order and letter case', () => {
    const result = parseAddressBookCsv(`ChainId, Name ,ADDRESS\n10,Alice,${alice}\n`);
    expect(entriesOf(result)).toEqual([{ address: alice, name: 'Alice', chainId: '10' }]);
  });

  it('strips the apostrophe that neutralised a formula', () => {
    expect(entriesOf(parseAddressBookCsv(`address,name,chainId\n${alice},'=1+2,1\n`))).toEqual([
      { address: alice, name: '=1+2', chainId: '1' },
    ]);
  });

  it('says when the file is empty, blank or holds only a header', () => {
    expect(parseAddressBookCsv('')).toEqual({ kind: 'file-error', message: 'The file is empty.' });
    expect(parseAddressBookCsv('\uFEFF \r\n\n')).toEqual({
      kind: 'file-error',
      message: 'The file is empty.',
    });
    expect(parseAddressBookCsv('address,name,chainId\r\n\r\n')).toEqual({
      kind: 'file-error',
      message: 'The file has a header but no entries.',
    });
  });

  it.each([
    ['address,label,chainId', '"address", "label", "chainId"'],
    ['address,name', '"address", "name"'],
    ['address,name,chainId,extra', '"address", "name", "chainId", "extra"'],
    ['address,name,name', '"address", "name", "name"'],
  ])('refuses the header %j as an unknown column set', (header, found) => {
    expect(errorsOf(parseAddressBookCsv(`${header}\n${alice},Alice,1\n`))).toEqual([
      { line: 1, problems: [{ message: `The header must be address,name,chainId (found ${found}).` }] },
    ]);
  });

  it('says so when the file is separated by semicolons', () => {
    const [error] = errorsOf(parseAddressBookCsv(`address;name;chainId\n${alice};Alice;1\n`));
    expect(error?.problems[0]?.message).toContain('The file uses semicolons: save it with commas.');
  });

  it('reports every bad line with its number, the column, what is wrong and the value, and returns no entries', () => {
    const text = [
      'address,name,chainId',
      `${alice},Alice,1`,
      '0x1234,Short,1',
      `${bob},,1`,
      '',
      `${carol},${'x'.repeat(51)},1`,
      `${alice},Alice again,1`,
      `${bob},Bob,0`,
      `${bob},Bob,1.5`,
      `${bob},Bob,0x1`,
      `${bob},Bob,01`,
      `${bob},Bob,-3`,
      `${carol},Carol`,
      `${carol},Carol,1,extra`,
      'nope,,',
    ].join('\n');
    const errors = errorsOf(parseAddressBookCsv(text));
    const invalidAddress = 'Not a valid address (0x followed by 40 hexadecimal characters).';
    const invalidChain = 'The chain id must be a positive decimal integer (such as 1 or 137).';
    expect(errors).toEqual([
      { line: 3, problems: [{ column: 'address', message: invalidAddress, value: '0x1234' }] },
      { line: 4, problems: [{ column: 'name', message: 'The name is empty.', value: '' }] },
      {
        line: 6,
        problems: [
          { column: 'name', message: 'The name is longer than 50 characters (51).', value: 'x'.repeat(51) },
        ],
      },
      {
        line: 7,
        problems: [
          {
            column: 'address',
            message: 'The same address and chain id are already on line 2.',
            value: alice,
          },
        ],
      },
      { line: 8, problems: [{ column: 'chainId', message: invalidChain, value: '0' }] },
      { line: 9, problems: [{ column: 'chainId', message: invalidChain, value: '1.5' }] },
      { line: 10, problems: [{ column: 'chainId', message: invalidChain, value: '0x1' }] },
      { line: 11, problems: [{ column: 'chainId', message: invalidChain, value: '01' }] },
      { line: 12, problems: [{ column: 'chainId', message: invalidChain, value: '-3' }] },
      {
        line: 13,
        problems: [
          { message: 'Expected 3 fields (address,name,chainId), found 2.', value: `${carol},Carol` },
        ],
      },
      {
        line: 14,
        problems: [
          { message: 'Expected 3 fields (address,name,chainId), found 4.', value: `${carol},Carol,1,extra` },
        ],
      },
      {
        line: 15,
        problems: [
          { column: 'address', message: invalidAddress, value: 'nope' },
          { column: 'name', message: 'The name is empty.', value: '' },
          { column: 'chainId', message: 'The chain id is empty.', value: '' },
        ],
      },
    ]);
  });

  it('finds a duplicate whatever the letter case of the address, only on the same chain', () => {
    const text = `address,name,chainId\n${alice},A,1\n${alice.toLowerCase()},B,1\n${alice},C,5\n`;
    expect(errorsOf(parseAddressBookCsv(text))).toEqual([
      {
        line: 3,
        problems: [
          {
            column: 'address',
            message: 'The same address and chain id are already on line 2.',
            value: alice.toLowerCase(),
          },
        ],
      },
    ]);
  });

  it('counts lines across blank lines and quoted line breaks, with any line ending', () => {
    const text = `address,name,chainId\r\n\r\n${alice},"A\nB",1\r\n   \r\n0xbad,X,1\r\n`;
    expect(errorsOf(parseAddressBookCsv(text)).map((error) => error.line)).toEqual([3, 6]);
    const classicMac = `address,name,chainId\r${alice},A,1\r0xbad,X,1\r`;
    expect(errorsOf(parseAddressBookCsv(classicMac)).map((error) => error.line)).toEqual([3]);
  });

  it('reports a quoted field that is never closed', () => {
    const errors = errorsOf(parseAddressBookCsv(`address,name,chainId\n${alice},"Alice,1\n${bob},Bob,1\n`));
    expect(errors).toEqual([
      { line: 2, problems: [{ message: 'A quoted field is not closed: a closing " is missing.' }] },
    ]);
  });

  it('reports a stray quote inside a quoted field', () => {
    const errors = errorsOf(parseAddressBookCsv(`address,name,chainId\n${alice},"Al"ice",1\n`));
    expect(errors[0]?.line).toBe(2);
    expect(errors[0]?.problems[0]?.message).toBe(
      'A quote inside a quoted field is not doubled (write "" for a quote character).',
    );
  });

  it('reads a large file quickly', () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => {
      const address = `0x${index.toString(16).padStart(40, '0')}`;
      return `${address},Name ${index},1`;
    });
    const started = performance.now();
    const entries = entriesOf(parseAddressBookCsv(`address,name,chainId\n${rows.join('\n')}\n`));
    expect(entries).toHaveLength(20_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('quoteValue', () => {
  it('quotes, shortens long values and shows invisible characters', () => {
    expect(quoteValue('0x1234')).toBe('"0x1234"');
    expect(quoteValue('x'.repeat(100))).toBe(`"${'x'.repeat(39)}…"`);
    expect(quoteValue('evil\u202Etxt.exe')).toBe('"evil⟨U+202E⟩txt.exe"');
    expect(quoteValue('a\tb\r\n')).toBe('"a⟨U+0009⟩b⟨U+000D⟩⟨U+000A⟩"');
  });
});
