// The views of the transactions feature, loaded on demand by its routes.
export { QueuePage } from './QueuePage';
export { HistoryPage } from './HistoryPage';
export { TransactionPage } from './TransactionPage';
