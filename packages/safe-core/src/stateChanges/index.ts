export * from './types';
export {
  approvedHashSlot,
  executionCall,
  executionOverrides,
  mappingSlot,
  prestateDiffRequest,
  safeStorageLayout,
  simulateV1Request,
  storageReaderCode,
  type StateChangesInput,
} from './request';
export { nativeTransferAddress, permit2Address, readApprovals, readBalanceChanges } from './readLogs';
export {
  readPrestateDiff,
  readSimulateV1Answer,
  type PrestateDiff,
  type SimulatedBlock,
  type SimulatedCall,
  type SimulatedLog,
} from './rpcAnswers';
export { readStateChanges } from './readStateChanges';
export {
  rpcErrorMessage,
  simulateStateChanges,
  type RpcRequest,
  type StateChangesOutcome,
} from './simulateStateChanges';
export { isCanonicalL2Singleton, safeChangeVerdicts, type SafeChangeVerdict } from './safeChangeVerdicts';
