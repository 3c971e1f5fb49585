import {
  encodeFunctionData,
  getAddress,
  isAddressEqual,
  size,
  slice,
  toFunctionSelector,
  type Address,
  type Hex,
} from 'viem';
import { safeMigrationAbi } from './abis';
import { safe130, safe141, safeMigration141Address, zeroAddress } from './addresses';
import { canonicalFallbackHandlerName } from './knownContracts';
import { Operation } from './operation';

/**
 * The upgrade of a Safe 1.3.0 to 1.4.1 as one Safe transaction: a delegatecall to the canonical
 * SafeMigration 1.4.1, which writes the 1.4.1 singleton into the Safe's slot 0 (and, with a
 * "WithFallbackHandler" method, sets CompatibilityFallbackHandler 1.4.1). Owners, modules, guard and
 * nonce stay where they are: 1.4.1 keeps 1.3.0's storage layout.
 */
export type SafeMigrationMethod =
  'migrateSingleton' | 'migrateWithFallbackHandler' | 'migrateL2Singleton' | 'migrateL2WithFallbackHandler';

export type SafeUpgrade = {
  method: SafeMigrationMethod;
  /** The singleton the Safe runs afterwards: Safe or SafeL2 1.4.1. */
  singleton: Address;
  /** The fallback handler it sets, or null when the Safe keeps its own. */
  fallbackHandler: Address | null;
};

/** What each method leaves the Safe running: SafeMigration's immutables, fixed at its deployment. */
const upgrades: Record<SafeMigrationMethod, SafeUpgrade> = {
  migrateSingleton: { method: 'migrateSingleton', singleton: safe141.safe, fallbackHandler: null },
  migrateWithFallbackHandler: {
    method: 'migrateWithFallbackHandler',
    singleton: safe141.safe,
    fallbackHandler: safe141.compatibilityFallbackHandler,
  },
  migrateL2Singleton: { method: 'migrateL2Singleton', singleton: safe141.safeL2, fallbackHandler: null },
  migrateL2WithFallbackHandler: {
    method: 'migrateL2WithFallbackHandler',
    singleton: safe141.safeL2,
    fallbackHandler: safe141.compatibilityFallbackHandler,
  },
};

/**
 * The 1.3.0 singletons SafeMigration 1.4.1 upgrades, and whether each is the L2 one: the canonical
 * and EIP-155 deployments (the same code). zkSync's have their own SafeMigration, elsewhere.
 */
const upgradableSingletons = new Map<Address, boolean>([
  [getAddress(safe130.safe), false],
  [getAddress(safe130.safeL2), true],
  [getAddress('0x69f4D1788e39c87893C980c06EdF4b7f686e2938'), false],
  [getAddress('0xfb1bffC9d739B8D520DaF37dF666da4C687191EA'), true],
]);

/**
 * How SafeMigration 1.4.1 upgrades a Safe that runs `singleton` with `fallbackHandler` (both as read
 * from the chain), or null when it cannot (any other singleton). An L2 Safe stays L2, so that
 * indexers keep seeing its events. The fallback handler becomes CompatibilityFallbackHandler 1.4.1
 * where the Safe has none or a canonical one; a handler of the owners' own choosing is kept.
 */
export function safeUpgradeOf(current: {
  singleton: string;
  fallbackHandler: string | null;
}): SafeUpgrade | null {
  let singleton: Address;
  try {
    singleton = getAddress(current.singleton);
  } catch {
    return null;
  }
  const l2 = upgradableSingletons.get(singleton);
  if (l2 === undefined) return null;
  const handler = current.fallbackHandler;
  const replaceHandler =
    handler === null ||
    (/^0x[0-9a-fA-F]{40}$/.test(handler) && isAddressEqual(handler as Address, zeroAddress)) ||
    canonicalFallbackHandlerName(handler) !== null;
  if (l2) return upgrades[replaceHandler ? 'migrateL2WithFallbackHandler' : 'migrateL2Singleton'];
  return upgrades[replaceHandler ? 'migrateWithFallbackHandler' : 'migrateSingleton'];
}

/** The call of the Safe transaction that performs `upgrade`: a delegatecall to SafeMigration 1.4.1. */
export function safeUpgradeCall(upgrade: Pick<SafeUpgrade, 'method'>): {
  to: Address;
  value: bigint;
  data: Hex;
  operation: typeof Operation.DELEGATE;
} {
  return {
    to: safeMigration141Address,
    value: 0n,
    data: encodeFunctionData({ abi: safeMigrationAbi, functionName: upgrade.method }),
    operation: Operation.DELEGATE,
  };
}

const methodBySelector = new Map<Hex, SafeMigrationMethod>(
  (Object.keys(upgrades) as SafeMigrationMethod[]).map((method) => [
    toFunctionSelector(`function ${method}()`),
    method,
  ]),
);

/**
 * What a call does as an upgrade by SafeMigration 1.4.1, read from its bytes: only a delegatecall to
 * the canonical SafeMigration with one of its methods and no value is one; anything else is null.
 */
export function decodeSafeUpgrade(call: {
  to: string;
  value: bigint;
  data: Hex;
  operation: number;
}): SafeUpgrade | null {
  if (call.operation !== Operation.DELEGATE || call.value !== 0n || size(call.data) !== 4) return null;
  if (!/^0x[0-9a-fA-F]{40}$/.test(call.to) || !isAddressEqual(call.to as Address, safeMigration141Address))
    return null;
  const method = methodBySelector.get(slice(call.data, 0, 4));
  return method === undefined ? null : upgrades[method];
}
