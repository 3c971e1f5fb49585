import { getAddress, type Address } from 'viem';
import { sentinelAddress, zeroAddress } from './addresses';

/** Modules asked for per getModulesPaginated call. */
export const modulePageSize = 50;
/**
 * The most module pages read for one Safe (500 modules): real Safes have a handful, and a contract
 * that answers like a Safe can make its list endless.
 */
export const maxModulePages = 10;

/** A page of the module list as getModulesPaginated answers it: the modules, then the next cursor. */
export type ModulePage = readonly [readonly Address[], Address];

const isListEnd = (cursor: Address) => cursor === zeroAddress || getAddress(cursor) === sentinelAddress;

/**
 * The module list from its first page on, each further page read with `readPage(cursor)`: at most
 * `maxPages` pages in all, stopping where the pages go round. `cut` says the list is not all there.
 * A page longer than asked for counts for the size asked.
 */
export async function followModulePages(
  [firstModules, firstCursor]: ModulePage,
  readPage: (cursor: Address) => Promise<ModulePage>,
  maxPages = maxModulePages,
): Promise<{ modules: Address[]; cut: boolean }> {
  const modules = firstModules.slice(0, modulePageSize).map((module) => getAddress(module));
  const seen = new Set<string>();
  let next = firstCursor;
  for (let pages = 1; !isListEnd(next); pages += 1) {
    if (pages >= maxPages || seen.has(next.toLowerCase())) return { modules, cut: true };
    seen.add(next.toLowerCase());
    const [page, cursor] = await readPage(next);
    modules.push(...page.slice(0, modulePageSize).map((module) => getAddress(module)));
    next = cursor;
  }
  return { modules, cut: false };
}
