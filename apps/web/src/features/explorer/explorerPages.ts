// The routes import both pages from here, so the explorer loads as one chunk, apart from the Safe pages.
export { ExplorerAddressRoute } from './ExplorerAddressRoute';
export { ExplorerTxRoute } from './ExplorerTxRoute';
