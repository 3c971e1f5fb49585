// Transactions handed over outside any gateway (a link or a file): the format, for the flows that
// start a share; the shared page itself is a route of the feature.
export { sharedTxFragment } from './sharedTx';
