import { getAddress, isAddress } from 'viem';
import { err, ok, type Result } from '../../lib/result';

/**
 * Safe{Wallet}'s data export (Settings → Data → Export), versions 1.0 to 3.0, read into what
 * Countersign keeps: address-book names and the Safes the user added. What Countersign has no
 * place for (Safe{Wallet}'s own settings, pinned Safe Apps, visited and undeployed Safes) is
 * counted, so the owner is told what was left behind.
 *   1.0: `data` is Safe{Wallet}'s old localStorage: `SAFE__addressBook` (a list of
 *        {address, name, chainId}) and `_immortal|v2_<chain>__SAFES` (added Safes per chain);
 *   2.0, 3.0: `data.addressBook` ({chainId: {address: name}}) and `data.addedSafes`
 *        ({chainId: {address: {owners, threshold}}}), with settings, safeApps, undeployedSafes,
 *        and (3.0) visitedSafes.
 */
export type SafeWalletImport = {
  version: string;
  names: { chainId: string; address: string; name: string }[];
  safes: { chainId: string; address: string }[];
  /** What the file holds that is not taken, in words. */
  leftOut: string[];
};

const isChainId = (value: string) => /^\d{1,20}$/.test(value);
const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** Values of version 1.0 are JSON kept as strings (sometimes twice). */
function lsValue(value: unknown): unknown {
  let current = value;
  for (let depth = 0; depth < 2 && typeof current === 'string'; depth++) {
    try {
      current = JSON.parse(current);
    } catch {
      return undefined;
    }
  }
  return current;
}

function namesOf(book: unknown): SafeWalletImport['names'] {
  const names: SafeWalletImport['names'] = [];
  for (const [chainId, entries] of Object.entries(record(book) ?? {})) {
    if (!isChainId(chainId)) continue;
    for (const [address, name] of Object.entries(record(entries) ?? {}))
      if (isAddress(address, { strict: false }) && typeof name === 'string' && name.trim() !== '')
        names.push({ chainId, address: getAddress(address), name: name.trim() });
  }
  return names;
}

function safesOf(added: unknown): SafeWalletImport['safes'] {
  const safes: SafeWalletImport['safes'] = [];
  for (const [chainId, entries] of Object.entries(record(added) ?? {})) {
    if (!isChainId(chainId)) continue;
    for (const address of Object.keys(record(entries) ?? {}))
      if (isAddress(address, { strict: false })) safes.push({ chainId, address: getAddress(address) });
  }
  return safes;
}

/** The chain ids Safe{Wallet} 1.0 named its added-Safe keys by (others by their id). */
const V1_CHAIN_PREFIXES: Record<string, string> = {
  MAINNET: '1',
  BSC: '56',
  XDAI: '100',
  POLYGON: '137',
  ENERGY_WEB_CHAIN: '246',
  ARBITRUM: '42161',
  VOLTA: '73799',
};

function readV1(data: Record<string, unknown>): Pick<SafeWalletImport, 'names' | 'safes'> {
  const names: SafeWalletImport['names'] = [];
  const book = lsValue(data['SAFE__addressBook']);
  if (Array.isArray(book))
    for (const entry of book) {
      const item = record(entry);
      const address = item?.address;
      const name = item?.name;
      const chainId = String(item?.chainId ?? '');
      if (
        typeof address === 'string' &&
        isAddress(address, { strict: false }) &&
        typeof name === 'string' &&
        name.trim() &&
        isChainId(chainId)
      )
        names.push({ chainId, address: getAddress(address), name: name.trim() });
    }
  const safes: SafeWalletImport['safes'] = [];
  for (const [key, value] of Object.entries(data)) {
    const match = /^_immortal\|v2_(.+)__SAFES$/.exec(key);
    if (!match?.[1]) continue;
    const chainId = V1_CHAIN_PREFIXES[match[1]] ?? match[1];
    if (!isChainId(chainId)) continue;
    for (const entry of Object.values(record(lsValue(value)) ?? {})) {
      const address = record(entry)?.address;
      if (typeof address === 'string' && isAddress(address, { strict: false }))
        safes.push({ chainId, address: getAddress(address) });
    }
  }
  return { names, safes };
}

const count = (value: unknown) =>
  Object.values(record(value) ?? {}).reduce<number>(
    (sum, entries) => sum + Object.keys(record(entries) ?? {}).length,
    0,
  );

export function readSafeWalletExport(text: string): Result<SafeWalletImport> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err('It is not JSON.');
  }
  const file = record(raw);
  const data = record(file?.data);
  const version = typeof file?.version === 'string' ? file.version : undefined;
  if (!data || !version) return err('It is not a Safe{Wallet} data export (no version and data).');
  if (version === '1.0') return ok({ version, ...readV1(data), leftOut: [] });
  if (version !== '2.0' && version !== '3.0')
    return err(`It is a Safe{Wallet} export of version ${version}; this app reads 1.0, 2.0 and 3.0.`);
  const leftOut: string[] = [];
  if (record(data.settings)) leftOut.push('Safe{Wallet}’s own settings (currency, theme and the like)');
  if (record(data.safeApps) && Object.keys(record(data.safeApps) ?? {}).length > 0)
    leftOut.push('pinned Safe Apps (Countersign lists its apps from the gateway)');
  const undeployed = count(data.undeployedSafes);
  if (undeployed > 0)
    leftOut.push(
      `${undeployed} Safe${undeployed === 1 ? '' : 's'} not yet deployed (create them again with New Safe)`,
    );
  const visited = count(data.visitedSafes);
  if (visited > 0) leftOut.push(`the history of ${visited} visited Safe${visited === 1 ? '' : 's'}`);
  return ok({ version, names: namesOf(data.addressBook), safes: safesOf(data.addedSafes), leftOut });
}
