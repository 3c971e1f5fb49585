import { encodeFunctionData, isAddressEqual, size, slice, type Address, type Hex } from 'viem';
import { safeMigrationAbi } from './abis';
import { addressTable, lookUpAddress, type AddressKey } from './addressKeys';
import {
  safe130,
  safe130Eip155Singletons,
  safe141,
  safe150,
  safeMigration141Address,
  zeroAddress,
} from './addresses';
import { canonicalFallbackHandlerName } from './knownContracts';
import { Operation } from './operation';

/**
 * The upgrade of a Safe as one Safe transaction: a delegatecall to a canonical SafeMigration, which
 * writes its version's singleton into the Safe's slot 0 (and, with a "WithFallbackHandler" method,
 * sets that version's CompatibilityFallbackHandler). Owners, modules, guard and nonce stay where they
 * are: 1.4.1 and 1.5.0 keep 1.3.0's storage layout (1.5.0's module guard lives in a slot of its own).
 */
export type SafeMigrationMethod =
  'migrateSingleton' | 'migrateWithFallbackHandler' | 'migrateL2Singleton' | 'migrateL2WithFallbackHandler';

/** The versions a canonical SafeMigration upgrades to, oldest first. */
export const safeUpgradeVersions = ['1.4.1', '1.5.0'] as const;
export type SafeUpgradeVersion = (typeof safeUpgradeVersions)[number];

export type SafeUpgrade = {
  method: SafeMigrationMethod;
  /** The version the Safe runs afterwards. */
  version: SafeUpgradeVersion;
  /** The SafeMigration contract the Safe delegatecalls. */
  migration: Address;
  /** The singleton the Safe runs afterwards: that version's Safe or SafeL2. */
  singleton: Address;
  /** The fallback handler it sets, or null when the Safe keeps its own. */
  fallbackHandler: Address | null;
};

type Migration = {
  address: Address;
  safe: Address;
  safeL2: Address;
  fallbackHandler: Address;
  /** The singletons it upgrades, and whether each is an L2 one. */
  from: ReadonlyMap<AddressKey, boolean>;
};

/**
 * The 1.3.0 singletons: the canonical and EIP-155 deployments (the same code). zkSync's have their
 * own SafeMigration, elsewhere.
 */
const singletons130: [string, boolean][] = [
  [safe130.safe, false],
  [safe130.safeL2, true],
  [safe130Eip155Singletons.safe, false],
  [safe130Eip155Singletons.safeL2, true],
];

/**
 * Each canonical SafeMigration with its immutables, fixed at its deployment (the devnet deploys both
 * at their canonical CREATE2 addresses, which the constructor arguments determine).
 */
const migrations: Record<SafeUpgradeVersion, Migration> = {
  '1.4.1': {
    address: safeMigration141Address,
    safe: safe141.safe,
    safeL2: safe141.safeL2,
    fallbackHandler: safe141.compatibilityFallbackHandler,
    from: addressTable(singletons130),
  },
  '1.5.0': {
    address: safe150.safeMigration,
    safe: safe150.safe,
    safeL2: safe150.safeL2,
    fallbackHandler: safe150.compatibilityFallbackHandler,
    from: addressTable([...singletons130, [safe141.safe, false], [safe141.safeL2, true]]),
  },
};

/** What `method` of the SafeMigration for `version` leaves the Safe running. */
function upgradeBy(version: SafeUpgradeVersion, method: SafeMigrationMethod): SafeUpgrade {
  const migration = migrations[version];
  const l2 = method === 'migrateL2Singleton' || method === 'migrateL2WithFallbackHandler';
  const withHandler = method === 'migrateWithFallbackHandler' || method === 'migrateL2WithFallbackHandler';
  return {
    method,
    version,
    migration: migration.address,
    singleton: l2 ? migration.safeL2 : migration.safe,
    fallbackHandler: withHandler ? migration.fallbackHandler : null,
  };
}

/** The SafeMigration contract of `version`, for a check that it has code on the chain. */
export function safeMigrationAddress(version: SafeUpgradeVersion): Address {
  return migrations[version].address;
}

/**
 * How the canonical SafeMigration for `version` upgrades a Safe that runs `singleton` with
 * `fallbackHandler` (both as read from the chain), or null when it cannot (any other singleton). An
 * L2 Safe stays L2, so that indexers keep seeing its events. The fallback handler becomes that
 * version's CompatibilityFallbackHandler where the Safe has none or a canonical one; a handler of the
 * owners' own choosing is kept.
 */
export function safeUpgradeOf(
  current: { singleton: string; fallbackHandler: string | null },
  version: SafeUpgradeVersion,
): SafeUpgrade | null {
  const l2 = lookUpAddress(migrations[version].from, current.singleton);
  if (l2 === null) return null;
  const handler = current.fallbackHandler;
  const replaceHandler =
    handler === null ||
    (/^0x[0-9a-fA-F]{40}$/.test(handler) && isAddressEqual(handler as Address, zeroAddress)) ||
    canonicalFallbackHandlerName(handler) !== null;
  if (l2) return upgradeBy(version, replaceHandler ? 'migrateL2WithFallbackHandler' : 'migrateL2Singleton');
  return upgradeBy(version, replaceHandler ? 'migrateWithFallbackHandler' : 'migrateSingleton');
}

/** Every upgrade a canonical SafeMigration offers a Safe that runs `current`, newest version first. */
export function safeUpgradesOf(current: {
  singleton: string;
  fallbackHandler: string | null;
}): SafeUpgrade[] {
  return [...safeUpgradeVersions].reverse().flatMap((version) => safeUpgradeOf(current, version) ?? []);
}

/** The call of the Safe transaction that performs `upgrade`: a delegatecall to its SafeMigration. */
export function safeUpgradeCall(upgrade: Pick<SafeUpgrade, 'method' | 'migration'>): {
  to: Address;
  value: bigint;
  data: Hex;
  operation: typeof Operation.DELEGATE;
} {
  return {
    to: upgrade.migration,
    value: 0n,
    data: encodeFunctionData({ abi: safeMigrationAbi, functionName: upgrade.method }),
    operation: Operation.DELEGATE,
  };
}

/** The methods' selectors, written out (test/precomputed.test.ts computes them again). */
export const safeMigrationSelectors: Record<SafeMigrationMethod, Hex> = {
  migrateSingleton: '0xf6682ab0',
  migrateWithFallbackHandler: '0xed007fc6',
  migrateL2Singleton: '0x07f464a4',
  migrateL2WithFallbackHandler: '0x68cb3d94',
};
const methodBySelector = new Map<Hex, SafeMigrationMethod>(
  (Object.entries(safeMigrationSelectors) as [SafeMigrationMethod, Hex][]).map(([method, selector]) => [
    selector,
    method,
  ]),
);

/**
 * What a call does as an upgrade by a SafeMigration, read from its bytes: only a delegatecall to a
 * canonical SafeMigration with one of its methods and no value is one; anything else is null.
 */
export function decodeSafeUpgrade(call: {
  to: string;
  value: bigint;
  data: Hex;
  operation: number;
}): SafeUpgrade | null {
  if (call.operation !== Operation.DELEGATE || call.value !== 0n || size(call.data) !== 4) return null;
  if (!/^0x[0-9a-fA-F]{40}$/.test(call.to)) return null;
  const version = safeUpgradeVersions.find((candidate) =>
    isAddressEqual(call.to as Address, migrations[candidate].address),
  );
  const method = methodBySelector.get(slice(call.data, 0, 4));
  return version === undefined || method === undefined ? null : upgradeBy(version, method);
}
