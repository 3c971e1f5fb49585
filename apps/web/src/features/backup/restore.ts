import type { ChainInfo } from '@countersign/gateway-api';
import { syncOwnViewMark } from '../../lib/ownViewMark';
import { getLocalStorage } from '../../lib/storage';
import { addressBookEntries, setAddressNames, type AddressBookEntry } from '../address-book';
import { addMySafe, isMySafe, parseMySafes, readMySafes } from '../safe';
import { describeKey } from './backupFile';
import type { SafeWalletImport } from './safeWalletExport';
import { sameAddress } from '../../lib/address';

/** What a restore or an import took, and what it left as it was (nothing here is ever overwritten). */
export type RestoreReport = { taken: string[]; kept: string[] };

/** Names this browser does not have yet: the ones it has stay as they are. */
function mergeNames(entries: readonly AddressBookEntry[], report: RestoreReport, source: string): void {
  const known = addressBookEntries();
  const added = entries.filter(
    (entry) =>
      !known.some((other) => other.chainId === entry.chainId && sameAddress(other.address, entry.address)),
  );
  const kept = entries.length - added.length;
  if (added.length > 0 && setAddressNames(added))
    report.taken.push(`${added.length} address-book name${added.length === 1 ? '' : 's'}${source}`);
  if (kept > 0)
    report.kept.push(`${kept} address-book name${kept === 1 ? '' : 's'} this browser already had`);
}

/**
 * Puts a backup's entries into this browser. The address book and My Safes are merged entry by
 * entry; anything else is taken only where this browser has nothing under that key, and said.
 */
export function restoreBackup(entries: Readonly<Record<string, string>>): RestoreReport {
  const report: RestoreReport = { taken: [], kept: [] };
  const storage = getLocalStorage();
  for (const [key, raw] of Object.entries(entries)) {
    if (key === 'countersign.address-book') {
      const book = parseJson(raw);
      const names = Object.entries(book ?? {}).flatMap(([chainId, names]) =>
        Object.entries(typeof names === 'object' && names !== null ? names : {}).flatMap(([address, name]) =>
          typeof name === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) && /^\d+$/.test(chainId)
            ? [{ chainId, address, name }]
            : [],
        ),
      );
      mergeNames(names, report, '');
      continue;
    }
    if (key === 'countersign.my-safes') {
      const safes = parseMySafes(parseJson(raw));
      const current = readMySafes();
      const added = safes.filter((safe) => !isMySafe(current, safe.chainId, safe.address));
      for (const safe of [...added].reverse()) addMySafe(safe, safe.addedAt);
      if (added.length > 0) report.taken.push(`${added.length} of My Safes`);
      if (safes.length > added.length)
        report.kept.push(`${safes.length - added.length} of My Safes this browser already had`);
      continue;
    }
    if (!storage) continue;
    if (storage.getItem(key) === null) {
      try {
        storage.setItem(key, raw);
        report.taken.push(describeKey(key));
      } catch {
        report.kept.push(`${describeKey(key)}: this browser would not store it`);
      }
    } else if (storage.getItem(key) !== raw) report.kept.push(`${describeKey(key)}: this browser’s own`);
  }
  syncOwnViewMark();
  // Every view reads what storage now holds, as after another tab's change.
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
  return report;
}

/**
 * Safe{Wallet}'s names and added Safes, merged: a Safe is put on My Safes under its address-book
 * name, on a chain this app knows (by its short name), and said where the chain is unknown here.
 */
export function importSafeWallet(data: SafeWalletImport, chains: readonly ChainInfo[]): RestoreReport {
  const report: RestoreReport = { taken: [], kept: [...data.leftOut] };
  mergeNames(data.names, report, ' from Safe{Wallet}');
  const current = readMySafes();
  let added = 0;
  const unknown = new Map<string, number>();
  for (const safe of data.safes) {
    const chain = chains.find((candidate) => candidate.chainId === safe.chainId);
    if (!chain) {
      unknown.set(safe.chainId, (unknown.get(safe.chainId) ?? 0) + 1);
      continue;
    }
    if (isMySafe(current, safe.chainId, safe.address)) continue;
    const name =
      data.names.find((entry) => entry.chainId === safe.chainId && sameAddress(entry.address, safe.address))
        ?.name ?? '';
    addMySafe({
      chainId: safe.chainId,
      shortName: chain.shortName,
      address: safe.address,
      name,
      origin: 'added',
    });
    added += 1;
  }
  if (added > 0) report.taken.push(`${added} Safe${added === 1 ? '' : 's'} on My Safes`);
  for (const [chainId, safes] of unknown)
    report.kept.push(
      `${safes} Safe${safes === 1 ? '' : 's'} on chain ${chainId}, which this app does not serve`,
    );
  return report;
}

function parseJson(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
