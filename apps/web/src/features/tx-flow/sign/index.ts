/**
 * Signing, proposing and executing a Safe transaction: what the rest of the transaction flow (the
 * review of a new transaction) uses of it. The actions on an existing transaction
 * (TransactionActions) load on their own, from the feature's index.
 */
export { proposeSafeTx, signSafeTx, uploadSignatures, type SafeTxSignature } from './safeTxFlow';
export { useExecution } from './useExecution';
export { ExecutionProgress } from './ExecutionProgress';
export { SignerNotice, useSignsThrough } from './SignerNotice';
