import { createContext, useContext, type ReactNode } from 'react';

/**
 * The user's own names for addresses (the address book of the chain on screen). Features provide
 * the lookup; every Address shows it, over any name the gateway sent.
 */
export type AddressNameLookup = (address: string) => string | undefined;

const none: AddressNameLookup = () => undefined;
const AddressNamesContext = createContext<AddressNameLookup>(none);
const KnownNamesContext = createContext<AddressNameLookup>(none);

export function AddressNamesProvider({
  lookup,
  children,
}: {
  lookup: AddressNameLookup;
  children: ReactNode;
}) {
  return <AddressNamesContext.Provider value={lookup}>{children}</AddressNamesContext.Provider>;
}

/**
 * Names the gateway gave elsewhere (the Safe's token list), for an address it sent without one: a
 * token is then called the same in a list row as in the details that name it.
 */
export function KnownAddressNamesProvider({
  lookup,
  children,
}: {
  lookup: AddressNameLookup;
  children: ReactNode;
}) {
  return <KnownNamesContext.Provider value={lookup}>{children}</KnownNamesContext.Provider>;
}

/**
 * The name to show for `address`: the user's own, else the gateway's (the one it sent with the
 * address, else one from the Safe's token list), else none.
 */
export function useAddressName(address: string, gatewayName?: string | null): string | undefined {
  const own = useContext(AddressNamesContext);
  const known = useContext(KnownNamesContext);
  return own(address) ?? (gatewayName || undefined) ?? known(address);
}

/** The user's own name for `address`, and no other: for words that must not rest on the gateway's. */
export function useOwnAddressName(address: string): string | undefined {
  return useContext(AddressNamesContext)(address);
}
