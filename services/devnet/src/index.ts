export { startDevnet, devnetChainId, type Devnet, type DevnetOptions } from './devnet';
export { startAnvil, type Anvil, type AnvilOptions } from './anvil';
export { devAccounts, devMnemonic, type DevAccount } from './accounts';
export { devnetClients, devnetChain, type DevnetClients } from './clients';
export { devnetManifestSchema, readManifest, writeManifest, type DevnetManifest } from './manifest';
export { executeSafeTx, signSafeTx, createSafe, type Approval } from './safeOps';
export { seedOffchainDemo } from './seedOffchain';
export { withParentDeathSignal } from './parentDeath';
