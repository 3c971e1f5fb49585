import { readFileSync, statSync } from 'node:fs';

/**
 * A file of the build as `parse` makes it, read again only once it changed on disk: a rebuild while
 * the server runs is picked up, and a page costs a stat instead of a read and a parse (the manifest's
 * parse alone was most of a millisecond per page). A missing file gives `missing` when one is given,
 * and throws otherwise.
 */
export function builtFile<T>(path: string, parse: (text: string) => T, missing?: { value: T }): () => T {
  let cached: { mtimeMs: number; size: number; value: T } | undefined;
  return () => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) {
      cached = undefined;
      if (missing) return missing.value;
      throw new Error(`${path} is not built`);
    }
    if (cached?.mtimeMs !== stat.mtimeMs || cached.size !== stat.size)
      cached = { mtimeMs: stat.mtimeMs, size: stat.size, value: parse(readFileSync(path, 'utf8')) };
    return cached.value;
  };
}
