import { useCallback, type ReactNode } from 'react';
import { parseAddress } from '../../lib/address';
import { AddressNamesProvider } from '../../ui';
import { useAddressBook } from './store';

/** Makes the chain's address-book names show on every address below it. */
export function AddressBookNames({ chainId, children }: { chainId: string; children: ReactNode }) {
  const names = useAddressBook(chainId);
  const lookup = useCallback(
    (address: string) => {
      const checksummed = parseAddress(address);
      return checksummed === undefined ? undefined : names[checksummed];
    },
    [names],
  );
  return <AddressNamesProvider lookup={lookup}>{children}</AddressNamesProvider>;
}
