import type { Address } from 'viem';
import { parseAddress } from '../../../lib/address';

/** A known address a field may offer for what the user typed: by its name, the owners marked. */
export type AddressSuggestion = { address: Address; name: string; owner: boolean };

/** The most a field offers at once: more is a list to scroll, not a suggestion. */
const MAX_SUGGESTIONS = 8;

/**
 * The address-book entries and named owners whose name holds `text` (any letter case), names that
 * start with it first, then by name. `accepts` leaves out what the field would refuse or warn
 * about (an owner in the new-owner field, the Safe as a recipient). Nothing is offered for an
 * address already typed whole.
 */
export function addressSuggestions({
  text,
  book,
  owners,
  accepts,
}: {
  text: string;
  /** The chain's address book: names by checksummed address. */
  book: Readonly<Record<string, string>>;
  /** The Safe's owners, with the gateway's name for each, if any. */
  owners: readonly { value: string; name?: string | null }[];
  accepts: (address: Address) => boolean;
}): AddressSuggestion[] {
  const query = text.trim().toLocaleLowerCase();
  if (/^(\w+:)?0x[0-9a-f]{40}$/.test(query)) return [];
  const ownerSet = new Set(owners.map((owner) => parseAddress(owner.value)).filter((a) => a !== undefined));
  const named = new Map<Address, string>();
  for (const owner of owners) {
    const address = parseAddress(owner.value);
    if (address !== undefined && owner.name) named.set(address, owner.name);
  }
  // The user's own name wins over the gateway's.
  for (const [key, name] of Object.entries(book)) {
    const address = parseAddress(key);
    if (address !== undefined) named.set(address, name);
  }
  const matches = [...named]
    .map(([address, name]) => ({ address, name, at: name.toLocaleLowerCase().indexOf(query) }))
    .filter((entry) => entry.at >= 0 && accepts(entry.address));
  matches.sort((a, b) => Number(a.at !== 0) - Number(b.at !== 0) || a.name.localeCompare(b.name));
  return matches
    .slice(0, MAX_SUGGESTIONS)
    .map(({ address, name }) => ({ address, name, owner: ownerSet.has(address) }));
}
