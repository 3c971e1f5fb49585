export { startDevnet, devnetChainId, secondDevnetChainId, type Devnet, type DevnetOptions } from './devnet';
export { startAnvil, type Anvil, type AnvilOptions } from './anvil';
export { devAccounts, devMnemonic, type DevAccount } from './accounts';
export { describeSafe, readSafeSummaries, safesOwnedBy, type SafeSummary } from './safeSummary';
export { devnetClients, devnetChain, type DevnetClients } from './clients';
export {
  devnetManifestSchema,
  devnetPriceFeeds,
  readManifest,
  writeManifest,
  type DevnetManifest,
} from './manifest';
export { executeSafeTx, signSafeTx, createSafe, deployExampleGuard, type Approval } from './safeOps';
export { seedOffchainDemo } from './seedOffchain';
export { withParentDeathSignal, onParentExit } from './parentDeath';
export {
  resolvePathSetting,
  redactUrl,
  ipForAnvil,
  isDatabaseUnreachable,
  databaseFailure,
} from './settings';
export { lockStateDir } from './stateLock';
export { compileSolidity, artifactOf, type Artifact } from './contracts/compile';
export { deployArtifact } from './deployArtifact';
export {
  lyingAbout,
  startRpcInterceptor,
  type ChainLies,
  type RpcAnswer,
  type RpcCall,
  type RpcInterceptor,
} from './rpcInterceptor';
