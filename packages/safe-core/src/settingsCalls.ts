import { encodeFunctionData, getAddress, isAddressEqual, type Address, type Hex } from 'viem';
import { safeAbi } from './abis';
import { sentinelAddress, zeroAddress } from './addresses';

/**
 * Calldata for a Safe's own settings (a self-call the owners sign). Owners and modules are kept by
 * the Safe as linked lists, so removing or swapping one names the entry before it: the list's
 * sentinel for the first, else the previous entry in the order getOwners() / getModulesPaginated()
 * return (which is the order the gateway lists them in).
 */
export class SettingsChangeError extends Error {
  override name = 'SettingsChangeError';
}

/** The entry before `item` in a Safe's linked list (`list` in the contract's order). */
export function previousInList(list: readonly Address[], item: Address): Address {
  const index = list.findIndex((entry) => isAddressEqual(entry, item));
  if (index === -1) throw new SettingsChangeError(`${getAddress(item)} is not in the list`);
  const previous = index === 0 ? sentinelAddress : list[index - 1];
  return getAddress(previous ?? sentinelAddress);
}

function checkThreshold(threshold: bigint, owners: number) {
  if (threshold < 1n) throw new SettingsChangeError('The threshold must be at least 1.');
  if (threshold > BigInt(owners)) {
    throw new SettingsChangeError(`The threshold cannot be higher than the number of owners (${owners}).`);
  }
}

export function addOwnerCall(owners: readonly Address[], owner: Address, threshold: bigint): Hex {
  if (owners.some((entry) => isAddressEqual(entry, owner))) {
    throw new SettingsChangeError(`${getAddress(owner)} is already an owner.`);
  }
  if (isAddressEqual(owner, sentinelAddress) || isAddressEqual(owner, zeroAddress)) {
    throw new SettingsChangeError('This address cannot be an owner.');
  }
  checkThreshold(threshold, owners.length + 1);
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'addOwnerWithThreshold',
    args: [getAddress(owner), threshold],
  });
}

export function removeOwnerCall(owners: readonly Address[], owner: Address, threshold: bigint): Hex {
  if (owners.length <= 1) throw new SettingsChangeError('A Safe must keep at least one owner.');
  checkThreshold(threshold, owners.length - 1);
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'removeOwner',
    args: [previousInList(owners, owner), getAddress(owner), threshold],
  });
}

export function swapOwnerCall(owners: readonly Address[], oldOwner: Address, newOwner: Address): Hex {
  if (owners.some((entry) => isAddressEqual(entry, newOwner))) {
    throw new SettingsChangeError(`${getAddress(newOwner)} is already an owner.`);
  }
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'swapOwner',
    args: [previousInList(owners, oldOwner), getAddress(oldOwner), getAddress(newOwner)],
  });
}

export function changeThresholdCall(owners: number, threshold: bigint): Hex {
  checkThreshold(threshold, owners);
  return encodeFunctionData({ abi: safeAbi, functionName: 'changeThreshold', args: [threshold] });
}

export function enableModuleCall(modules: readonly Address[], module: Address): Hex {
  if (modules.some((entry) => isAddressEqual(entry, module))) {
    throw new SettingsChangeError(`${getAddress(module)} is already enabled.`);
  }
  return encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [getAddress(module)] });
}

export function disableModuleCall(modules: readonly Address[], module: Address): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'disableModule',
    args: [previousInList(modules, module), getAddress(module)],
  });
}

/** Sets a guard; the zero address removes it. */
export function setGuardCall(guard: Address): Hex {
  return encodeFunctionData({ abi: safeAbi, functionName: 'setGuard', args: [getAddress(guard)] });
}

/** Sets the module guard (Safe 1.5.0), which checks module transactions; the zero address removes it. */
export function setModuleGuardCall(moduleGuard: Address): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'setModuleGuard',
    args: [getAddress(moduleGuard)],
  });
}

export function setFallbackHandlerCall(handler: Address): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'setFallbackHandler',
    args: [getAddress(handler)],
  });
}
