// The lists of the transactions feature, loaded on demand by its routes. A transaction's page is a
// chunk of its own: it decodes and checks on the chain (viem, the Safe protocol), which the lists
// never do, and a list's first visit should not wait for that code.
export { QueuePage } from './QueuePage';
export { HistoryPage } from './HistoryPage';
