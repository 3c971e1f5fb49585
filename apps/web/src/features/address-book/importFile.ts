import { parseAddressBookCsv, type CsvLineError } from './csv';
import { readCsvFile } from './csvFile';
import { planImport, type ImportPlan } from './importPlan';
import type { AddressBook } from './store';

/** What reading a chosen file gave: a plan to confirm, or why nothing can be imported. */
export type ImportOutcome =
  | { kind: 'plan'; fileName: string; plan: ImportPlan }
  | { kind: 'file-error'; fileName: string; message: string }
  | { kind: 'line-errors'; fileName: string; errors: CsvLineError[] };

/**
 * Reads, checks and plans an import of `file` against `book` as it is now; confirming then writes
 * exactly what the preview showed.
 */
export async function readImportFile(
  file: Pick<File, 'name' | 'type' | 'size' | 'arrayBuffer'>,
  book: Readonly<AddressBook>,
): Promise<ImportOutcome> {
  const fileName = file.name;
  const read = await readCsvFile(file);
  if ('error' in read) return { kind: 'file-error', fileName, message: read.error };
  const parsed = parseAddressBookCsv(read.text);
  if (parsed.kind === 'file-error') return { kind: 'file-error', fileName, message: parsed.message };
  if (parsed.kind === 'line-errors') return { kind: 'line-errors', fileName, errors: parsed.errors };
  return { kind: 'plan', fileName, plan: planImport(parsed.entries, book) };
}
