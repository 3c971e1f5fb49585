import { useCallback, type ReactNode } from 'react';
import { getAddress } from 'viem';
import { AddressNamesProvider } from '../../ui';
import { useAddressBook } from './store';

/** Makes the chain's address-book names show on every address below it. */
export function AddressBookNames({ chainId, children }: { chainId: string; children: ReactNode }) {
  const names = useAddressBook(chainId);
  const lookup = useCallback(
    (address: string) => {
      try {
        return names[getAddress(address)];
      } catch {
        return undefined;
      }
    },
    [names],
  );
  return <AddressNamesProvider lookup={lookup}>{children}</AddressNamesProvider>;
}
