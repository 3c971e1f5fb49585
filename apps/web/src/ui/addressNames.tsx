import { createContext, useContext, type ReactNode } from 'react';

/**
 * The user's own names for addresses (the address book of the chain on screen). Features provide
 * the lookup; every Address shows it, over any name the gateway sent.
 */
export type AddressNameLookup = (address: string) => string | undefined;

const AddressNamesContext = createContext<AddressNameLookup>(() => undefined);

export function AddressNamesProvider({
  lookup,
  children,
}: {
  lookup: AddressNameLookup;
  children: ReactNode;
}) {
  return <AddressNamesContext.Provider value={lookup}>{children}</AddressNamesContext.Provider>;
}

/** The name to show for `address`: the user's own, else the gateway's, else none. */
export function useAddressName(address: string, gatewayName?: string | null): string | undefined {
  const lookup = useContext(AddressNamesContext);
  return lookup(address) ?? (gatewayName || undefined);
}
