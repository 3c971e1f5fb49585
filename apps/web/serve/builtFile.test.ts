import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtFile } from './builtFile';

describe('builtFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'built-file-'));
  afterEach(() => rmSync(join(dir, 'file.json'), { force: true }));

  it('parses the file once, and again only after it changed on disk', () => {
    const path = join(dir, 'file.json');
    writeFileSync(path, '{"n":1}');
    let parses = 0;
    const read = builtFile(path, (text) => {
      parses++;
      return JSON.parse(text) as { n: number };
    });
    expect(read()).toEqual({ n: 1 });
    expect(read()).toEqual({ n: 1 });
    expect(parses).toBe(1);

    // A rebuild: new content, a later modification time.
    writeFileSync(path, '{"n":22}');
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    expect(read()).toEqual({ n: 22 });
    expect(parses).toBe(2);
  });

  it('gives the stand-in for a missing file when there is one, and throws otherwise', () => {
    const path = join(dir, 'file.json');
    expect(builtFile(path, (text) => text, { value: 'none' })()).toBe('none');
    expect(() => builtFile(path, (text) => text)()).toThrow(/is not built/);
    writeFileSync(path, 'now built');
    expect(builtFile(path, (text) => text, { value: 'none' })()).toBe('now built');
  });
});
