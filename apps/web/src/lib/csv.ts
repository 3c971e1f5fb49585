import Papa from 'papaparse';

/*
 * A spreadsheet runs a cell that starts with one of these as a formula. Written cells that do get a
 * leading apostrophe (which spreadsheets hide), so a hostile name or token symbol such as
 * `=HYPERLINK(…)` stays text. A cell that already starts with apostrophes before such a character
 * gets one more, so that reading it back (restoreFormula) gives exactly what was written.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'+[=+\-@\t\r]/;

export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The cell as it was before neutraliseFormula, for a file this app wrote. */
export function restoreFormula(cell: string): string {
  return ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell;
}

/**
 * CSV text: the header line, then one line per row, CRLF between lines (RFC 4180), quoted only
 * where needed, every cell's formula neutralised. Papa Parse comes with this module: where CSV is
 * written only on demand, import it then.
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return Papa.unparse(
    { fields: [...header], data: rows.map((row) => row.map(neutraliseFormula)) },
    { newline: '\r\n', quotes: false },
  );
}
