import type { RouteObject } from 'react-router';
import type { SafeTarget } from '../safe';

// The address book: the user's names for addresses, per chain, shown wherever an address appears.
const loadPages = () => import('./pages');

export const addressBookRoutes: RouteObject[] = [
  { path: 'address-book', lazy: async () => ({ Component: (await loadPages()).AddressBookPage }) },
];

export function preloadAddressBook(_target: SafeTarget): void {
  void loadPages();
}

export { AddressBookNames } from './AddressBookNames';
export {
  addressBookEntries,
  setAddressName,
  setAddressNames,
  useAddressBook,
  type AddressBookEntry,
} from './store';
export { abiText, contractAbi, useContractAbis } from './abiStore';
export { useAddressCaution } from './addressCaution';
