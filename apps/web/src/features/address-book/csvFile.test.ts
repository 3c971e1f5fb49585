import { describe, expect, it } from 'vitest';
import { MAX_CSV_BYTES, readCsvFile } from './csvFile';

const file = (content: BlobPart, name = 'book.csv', type = 'text/csv') => new File([content], name, { type });

describe('readCsvFile', () => {
  it('reads a UTF-8 CSV file by its name or its type', async () => {
    expect(await readCsvFile(file('address,name,chainId\n'))).toEqual({ text: 'address,name,chainId\n' });
    expect(await readCsvFile(file('a,b\n', 'BOOK.CSV', ''))).toEqual({ text: 'a,b\n' });
    expect(await readCsvFile(file('Zoë,1\n', 'export', 'text/plain'))).toEqual({ text: 'Zoë,1\n' });
  });

  it('refuses a file that is not CSV by name and type', async () => {
    expect(await readCsvFile(file('{}', 'book.json', 'application/json'))).toEqual({
      error: 'This is not a CSV file. Choose a .csv file with the columns address,name,chainId.',
    });
  });

  it('says an empty file is empty', async () => {
    expect(await readCsvFile(file(''))).toEqual({ error: 'The file is empty.' });
  });

  it('refuses a file over 1 MB', async () => {
    const result = await readCsvFile(file('x'.repeat(MAX_CSV_BYTES + 1)));
    expect(result).toEqual({
      error: 'The file is 1025 kB: Countersign imports address books of up to 1 MB.',
    });
  });

  it('refuses bytes that are not UTF-8 text, and binary content', async () => {
    expect(await readCsvFile(file(new Uint8Array([0x61, 0xff, 0xfe, 0x62])))).toEqual({
      error: 'The file is not UTF-8 text, so it is not a CSV file Countersign can read.',
    });
    expect(await readCsvFile(file(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])))).toEqual({
      error: 'This is not a CSV file: it holds binary data.',
    });
  });
});
