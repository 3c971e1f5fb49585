/** What a chosen file must be before its content is read as CSV. */
export const MAX_CSV_BYTES = 1024 * 1024;

const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
]);

/** The file's text, or why it cannot be an address-book CSV. */
export async function readCsvFile(
  file: Pick<File, 'name' | 'type' | 'size' | 'arrayBuffer'>,
): Promise<{ text: string } | { error: string }> {
  const isCsvName = /\.csv$/i.test(file.name);
  if (!isCsvName && !CSV_TYPES.has(file.type))
    return { error: 'This is not a CSV file. Choose a .csv file with the columns address,name,chainId.' };
  if (file.size === 0) return { error: 'The file is empty.' };
  if (file.size > MAX_CSV_BYTES)
    return {
      error: `The file is ${Math.ceil(file.size / 1024)} kB: Countersign imports address books of up to 1 MB.`,
    };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { error: 'The file is not UTF-8 text, so it is not a CSV file Countersign can read.' };
  }
  // Text files never hold NUL characters; binary files (spreadsheets, images) do.
  if (text.includes('\u0000')) return { error: 'This is not a CSV file: it holds binary data.' };
  return { text };
}
