/** Storage slot of the Safe's singleton (master copy): the proxy keeps it in slot 0. */
export const singletonStorageSlot = 0n;

// The slots are written out rather than hashed here: this module loads with the first page, and
// each hash costs its start a keccak (test/precomputed.test.ts hashes them again).

/** keccak256("fallback_manager.handler.address"), as FallbackManager stores it. */
export const fallbackHandlerStorageSlot = 0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5n;

/** keccak256("guard_manager.guard.address"), as GuardManager stores it. */
export const guardStorageSlot = 0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8n;

/**
 * keccak256("module_manager.module_guard.address"), where ModuleManager 1.5.0 keeps the module guard
 * (the guard of module transactions). Earlier Safes never write it, so it reads as zero there.
 */
export const moduleGuardStorageSlot = 0xb104e0b93118902c651344349b610029d694cfdec91c589c91ebafbcd0289947n;
