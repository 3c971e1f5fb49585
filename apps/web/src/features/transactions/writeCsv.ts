import Papa from 'papaparse';
import { csvColumns, neutraliseFormula, type CsvRow } from './historyCsv';

// Loaded when an export starts: the CSV library stays out of the history's first paint.

/** The CSV text: a header line, then one quoted-as-needed line per row, formulas neutralised. */
export function writeCsv(rows: readonly CsvRow[]): string {
  return Papa.unparse(
    {
      fields: [...csvColumns],
      data: rows.map((row) => csvColumns.map((column) => neutraliseFormula(row[column]))),
    },
    { newline: '\r\n', quotes: false },
  );
}
