// The address book: the user's names for addresses, per chain, shown wherever an address appears.
export { AddressBookNames } from './AddressBookNames';
export {
  addressBookEntries,
  removeAddressName,
  setAddressName,
  setAddressNames,
  useAddressBook,
  type AddressBookEntry,
} from './store';
