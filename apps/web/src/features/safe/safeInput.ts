import type { Address } from 'viem';
import type { ChainInfo } from '@countersign/gateway-api';
import { findChainByShortName, unknownShortNameMessage } from '../chains';
import { safeHomePath } from './paths';
import { parseSafeId } from './safeId';

// Apart from safeId.ts, which every Safe page reads its URL with: only the start page's forms
// (open a Safe, add an existing one) read a typed Safe, and they load with it.

export type OpenSafeTarget = { ok: true; path: string } | { ok: false; error: string };

/**
 * Where the "Open a Safe" form goes: a bare address opens on the selected chain; a short name must be
 * one the gateway lists (checked only once the list is loaded; the Safe page checks it again).
 */
export function openSafeTarget(
  input: string,
  chains: readonly ChainInfo[] | undefined,
  selected: ChainInfo | undefined,
): OpenSafeTarget {
  const parsed = parseSafeId(input, 'typed');
  // Before the chain list is loaded a short name is taken as given: the Safe page checks it again.
  if (parsed.ok && parsed.shortName !== undefined && chains === undefined) {
    return { ok: true, path: safeHomePath(parsed.shortName, parsed.address) };
  }
  const resolved = resolveSafeInput(input, chains ?? [], selected);
  return resolved.ok
    ? { ok: true, path: safeHomePath(resolved.chain.shortName, resolved.address) }
    : resolved;
}

export type SafeInputResult = { ok: true; chain: ChainInfo; address: Address } | { ok: false; error: string };

/**
 * What the "Add existing Safe" form holds: `0x…` on the selected chain, or `shortName:0x…` on a
 * chain the gateway lists.
 */
export function resolveSafeInput(
  input: string,
  chains: readonly ChainInfo[] | undefined,
  selected: ChainInfo | undefined,
): SafeInputResult {
  const parsed = parseSafeId(input, 'typed');
  if (!parsed.ok) return parsed;
  if (chains === undefined) {
    return { ok: false, error: 'The chain list is not loaded yet. Try again in a moment.' };
  }
  if (parsed.shortName === undefined) {
    if (selected === undefined) {
      return {
        ok: false,
        error:
          'No chain is selected yet. Choose a chain, or prefix the address with a short name like eth:0x….',
      };
    }
    return { ok: true, chain: selected, address: parsed.address };
  }
  const chain = findChainByShortName(chains, parsed.shortName);
  if (chain === undefined) return { ok: false, error: unknownShortNameMessage(parsed.shortName, chains) };
  return { ok: true, chain, address: parsed.address };
}
