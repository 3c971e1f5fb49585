// The assets views, loaded on demand by the routes in index.ts.
export { BalancesPage } from './BalancesPage';
export { CollectiblesPage } from './CollectiblesPage';
export { CollectibleDetailPage } from './CollectibleDetailPage';
