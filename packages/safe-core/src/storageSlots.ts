import { keccak256, toBytes } from 'viem';

/** Storage slot of the Safe's singleton (master copy): the proxy keeps it in slot 0. */
export const singletonStorageSlot = 0n;

/** keccak256("fallback_manager.handler.address"), as FallbackManager stores it. */
export const fallbackHandlerStorageSlot = BigInt(keccak256(toBytes('fallback_manager.handler.address')));

/** keccak256("guard_manager.guard.address"), as GuardManager stores it. */
export const guardStorageSlot = BigInt(keccak256(toBytes('guard_manager.guard.address')));

/**
 * keccak256("module_manager.module_guard.address"), where ModuleManager 1.5.0 keeps the module guard
 * (the guard of module transactions). Earlier Safes never write it, so it reads as zero there.
 */
export const moduleGuardStorageSlot = BigInt(keccak256(toBytes('module_manager.module_guard.address')));
