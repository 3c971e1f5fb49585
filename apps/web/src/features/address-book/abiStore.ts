import type { AbiFunction } from 'viem';
import type { AbiLookup } from '@countersign/safe-core';
import { parseAbiJson } from '../../lib/abiJson';
import { parseAddress } from '../../lib/address';
import { err, ok, type Result } from '../../lib/result';
import { storedState, useStoredState } from '../../lib/storedState';

/**
 * The ABIs the user keeps with address-book entries, per chain and checksummed address: the
 * review and a queued transaction's page decode calls to those contracts with them. Kept in this
 * browser beside the names (a key of its own, so the names' format and CSV files stay as they are).
 */
export type ContractAbis = Record<string, Record<string, readonly AbiFunction[]>>;

const STORAGE_KEY = 'countersign.contract-abis';
/** An ABI's functions beyond this many are not kept: a contract's own interface is far smaller. */
export const MAX_ABI_FUNCTIONS = 400;
/** The pasted text beyond this many characters is refused before it is parsed. */
export const MAX_ABI_TEXT = 256_000;

/**
 * The write functions of a pasted ABI, as kept: an empty text is no ABI (undefined). The error says
 * what is wrong in the user's words.
 */
export function readAbiText(text: string): Result<readonly AbiFunction[] | undefined> {
  if (text.trim() === '') return ok(undefined);
  if (text.length > MAX_ABI_TEXT)
    return err(
      `This ABI is ${text.length.toLocaleString('en')} characters long; at most ${MAX_ABI_TEXT.toLocaleString('en')} are kept.`,
    );
  const parsed = parseAbiJson(text);
  if (!parsed.ok) return parsed;
  const { functions } = parsed.value;
  if (functions.length > MAX_ABI_FUNCTIONS)
    return err(
      `This ABI lists ${functions.length} functions to call; at most ${MAX_ABI_FUNCTIONS} are kept.`,
    );
  return ok(functions.map((fn) => fn.item));
}

/** A kept ABI as the text the entry dialog shows: JSON, one function per line. */
export const abiText = (functions: readonly AbiFunction[] | undefined): string =>
  functions === undefined ? '' : `[\n${functions.map((fn) => `  ${JSON.stringify(fn)}`).join(',\n')}\n]`;

function parse(stored: unknown): ContractAbis | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const book: ContractAbis = {};
  for (const [chainId, abis] of Object.entries(stored as Record<string, unknown>)) {
    if (!/^\d+$/.test(chainId) || typeof abis !== 'object' || abis === null) continue;
    const entries: Record<string, readonly AbiFunction[]> = {};
    for (const [address, functions] of Object.entries(abis as Record<string, unknown>)) {
      const checksummed = parseAddress(address);
      // What storage holds is read as a pasted ABI is: whatever does not parse is dropped.
      const read = readAbiText(JSON.stringify(functions ?? null));
      if (checksummed !== undefined && read.ok && read.value) entries[checksummed] = read.value;
    }
    book[chainId] = entries;
  }
  return book;
}

const contractAbis = storedState<ContractAbis>(STORAGE_KEY, { fallback: {}, parse });
const none: Readonly<Record<string, readonly AbiFunction[]>> = {};

/** The kept ABI of a contract, if any. */
export function contractAbi(chainId: string, address: string): readonly AbiFunction[] | undefined {
  const checksummed = parseAddress(address);
  return checksummed === undefined ? undefined : contractAbis.get()[chainId]?.[checksummed];
}

/** Keeps (or, with undefined, forgets) a contract's ABI; answers whether the browser stored it. */
export function setContractAbi(
  chainId: string,
  address: string,
  functions: readonly AbiFunction[] | undefined,
): boolean {
  const checksummed = parseAddress(address);
  if (checksummed === undefined) throw new Error(`Not an address: ${address}`);
  return contractAbis.update((book) => {
    const { [checksummed]: _forgotten, ...others } = book[chainId] ?? {};
    return { ...book, [chainId]: functions === undefined ? others : { ...others, [checksummed]: functions } };
  });
}

/** Every chain's ABIs, by chain id then checksummed address; re-renders when they change (in any tab). */
export function useWholeAbiBook(): Readonly<ContractAbis> {
  return useStoredState(contractAbis);
}

// One lookup per chain's ABIs object, so its identity changes exactly when they do (verdicts are
// cached by it).
const lookups = new WeakMap<object, AbiLookup>();

/**
 * The kept ABIs of a chain as the decoder asks for them: by a contract's address, in any letter case.
 * The same function until those ABIs change.
 */
export function useContractAbis(chainId: string): AbiLookup {
  const abis = useStoredState(contractAbis, (book) => book[chainId] ?? none);
  let lookup = lookups.get(abis);
  if (!lookup) {
    const byLower = new Map(Object.entries(abis).map(([address, fns]) => [address.toLowerCase(), fns]));
    lookup = (address: string) => byLower.get(address.toLowerCase());
    lookups.set(abis, lookup);
  }
  return lookup;
}
