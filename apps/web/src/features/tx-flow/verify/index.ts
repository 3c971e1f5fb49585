/**
 * What is checked before anyone signs, below both the review of a new transaction and the actions on
 * a queued one: calls decoded into words, the gateway's claims compared with the bytes, the
 * simulation and the hashes, the chain's account of the Safe.
 */
export { describeCall } from './actionWords';
export { CallList } from './CallList';
export {
  callKey,
  contractHashQueryOptions,
  simulationQueryOptions,
  stateChangesQueryOptions,
} from './checkQueries';
export { ClaimAcknowledgement } from './ClaimAcknowledgement';
export { HashChecks } from './HashChecks';
export { innerCalls } from './innerCalls';
export { SimulationSummary } from './SimulationSummary';
export { StateChanges } from './StateChanges';
export { useStateChangeTokens } from './stateChangeTokens';
export { useTransactionVerdict } from './useTransactionVerdict';
