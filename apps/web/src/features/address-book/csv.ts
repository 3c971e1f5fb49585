import Papa from 'papaparse';
import { restoreFormula, writeCsv } from '../../lib/csv';
import { revealInvisible } from '../../ui';
import { checkAddress, checkChainId, checkName } from './entryRules';
import type { AddressBookEntry } from './store';

/**
 * The address book as CSV, as Safe{Wallet} reads and writes it: a header `address,name,chainId`,
 * then one entry per line. An import is all or nothing, so the whole file is checked first and
 * every bad line is reported.
 */
export const CSV_COLUMNS = ['address', 'name', 'chainId'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export type CsvProblem = { column?: CsvColumn; message: string; value?: string };
/** The problems of one line of the file (1-based, as an editor numbers it). */
export type CsvLineError = { line: number; problems: CsvProblem[] };

export type CsvParseResult =
  | { kind: 'entries'; entries: AddressBookEntry[] }
  | { kind: 'file-error'; message: string }
  | { kind: 'line-errors'; errors: CsvLineError[] };

/** The entries as a CSV file: UTF-8 with a byte-order mark (so spreadsheets read accents), CRLF lines. */
export function serialiseAddressBookCsv(entries: readonly AddressBookEntry[]): string {
  const rows = [...entries]
    .sort(
      (a, b) =>
        Number(BigInt(a.chainId) - BigInt(b.chainId)) ||
        a.name.localeCompare(b.name) ||
        a.address.localeCompare(b.address),
    )
    .map((entry) => [entry.address, entry.name, entry.chainId]);
  return `\uFEFF${writeCsv(CSV_COLUMNS, rows)}\r\n`;
}

/** `countersign-address-book-2026-05-14.csv`, dated in the reader's time zone. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `countersign-address-book-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

const LINE_BREAK = /\r\n|\r|\n/g;
/** Whitespace from a given index on (`lastIndex`), without copying the rest of the file. */
const BLANK = /\s*/y;

/**
 * A value as an error message quotes it: shortened, with the invisible characters that change how
 * text reads, and control characters, written out as ⟨U+202E⟩ the way the rest of the app shows them.
 */
export function quoteValue(value: string, max = 40): string {
  const visible = revealInvisible(value).replace(/\p{Cc}/gu, (char) => {
    const code = (char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return `⟨U+${code}⟩`;
  });
  const chars = Array.from(visible);
  return `"${chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : visible}"`;
}

function quoteProblem(code: string): string {
  if (code === 'MissingQuotes') return 'A quoted field is not closed: a closing " is missing.';
  if (code === 'InvalidQuotes')
    return 'A quote inside a quoted field is not doubled (write "" for a quote character).';
  return 'The line could not be read as CSV.';
}

type Row = { line: number; fields: string[]; quoteError?: string };

/** The file's rows with the line each starts on; blank lines are skipped. */
function readRows(text: string): Row[] {
  const rows: Row[] = [];
  let previousEnd = 0;
  let lineAtPreviousEnd = 1;
  Papa.parse<string[]>(text, {
    delimiter: ',',
    skipEmptyLines: 'greedy',
    step: (result) => {
      // The row starts after whatever blank lines the parser skipped since the previous row.
      BLANK.lastIndex = previousEnd;
      const skipped = BLANK.exec(text)?.[0] ?? '';
      const start = previousEnd + skipped.length;
      const line = lineAtPreviousEnd + (skipped.match(LINE_BREAK)?.length ?? 0);
      const end = result.meta.cursor;
      lineAtPreviousEnd = line + (text.slice(start, end).match(LINE_BREAK)?.length ?? 0);
      previousEnd = end;
      const error = result.errors[0];
      rows.push({
        line,
        fields: result.data,
        quoteError: error === undefined ? undefined : quoteProblem(error.code),
      });
    },
  });
  return rows;
}

/** Which column each field holds, from the header; or what is wrong with the header. */
function readHeader(fields: string[]): { columns: CsvColumn[] } | { error: string } {
  const names = fields.map((field) => field.trim());
  const columns = names.map((name) =>
    CSV_COLUMNS.find((column) => column.toLowerCase() === name.toLowerCase()),
  );
  const complete =
    names.length === CSV_COLUMNS.length &&
    columns.every((column) => column !== undefined) &&
    new Set(columns).size === CSV_COLUMNS.length;
  if (complete) return { columns: columns as CsvColumn[] };
  const found = names.map((name) => quoteValue(name, 24)).join(', ');
  const hint =
    names.length === 1 && names[0]?.includes(';') ? ' The file uses semicolons: save it with commas.' : '';
  return { error: `The header must be address,name,chainId (found ${found}).${hint}` };
}

/** Reads and checks a whole address-book CSV: its entries, or every problem it has. */
export function parseAddressBookCsv(input: string): CsvParseResult {
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') return { kind: 'file-error', message: 'The file is empty.' };
  const [header, ...rows] = readRows(text);
  if (header === undefined) return { kind: 'file-error', message: 'The file is empty.' };
  if (header.quoteError !== undefined)
    return {
      kind: 'line-errors',
      errors: [{ line: header.line, problems: [{ message: header.quoteError }] }],
    };
  const read = readHeader(header.fields);
  if ('error' in read)
    return { kind: 'line-errors', errors: [{ line: header.line, problems: [{ message: read.error }] }] };
  if (rows.length === 0) return { kind: 'file-error', message: 'The file has a header but no entries.' };

  const entries: AddressBookEntry[] = [];
  const errors: CsvLineError[] = [];
  const firstLineOf = new Map<string, number>();
  for (const row of rows) {
    const checked = checkRow(row, read.columns, firstLineOf);
    if ('problems' in checked) errors.push({ line: row.line, problems: checked.problems });
    else entries.push(checked.entry);
  }
  return errors.length > 0 ? { kind: 'line-errors', errors } : { kind: 'entries', entries };
}

function checkRow(
  row: Row,
  columns: CsvColumn[],
  firstLineOf: Map<string, number>,
): { entry: AddressBookEntry } | { problems: CsvProblem[] } {
  if (row.quoteError !== undefined) return { problems: [{ message: row.quoteError }] };
  if (row.fields.length !== columns.length)
    return {
      problems: [
        {
          message: `Expected ${columns.length} fields (${columns.join(',')}), found ${row.fields.length}.`,
          value: row.fields.join(','),
        },
      ],
    };
  const raw = (column: CsvColumn) => row.fields[columns.indexOf(column)] ?? '';
  const problems: CsvProblem[] = [];
  const address = checkAddress(raw('address'));
  if (!address.ok) problems.push({ column: 'address', message: address.error, value: raw('address') });
  const name = checkName(restoreFormula(raw('name').trim()));
  if (!name.ok) problems.push({ column: 'name', message: name.error, value: raw('name') });
  const chainId = checkChainId(raw('chainId'));
  if (!chainId.ok) problems.push({ column: 'chainId', message: chainId.error, value: raw('chainId') });
  if (address.ok && chainId.ok) {
    const key = `${chainId.value}:${address.value}`;
    const first = firstLineOf.get(key);
    if (first === undefined) firstLineOf.set(key, row.line);
    else
      problems.push({
        column: 'address',
        message: `The same address and chain id are already on line ${first}.`,
        value: raw('address'),
      });
  }
  if (!address.ok || !name.ok || !chainId.ok || problems.length > 0) return { problems };
  return { entry: { address: address.value, name: name.value, chainId: chainId.value } };
}
