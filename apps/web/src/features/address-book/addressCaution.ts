import { findLookalike } from '@countersign/safe-core';
import type { TransactionListPage } from '@countersign/gateway-api';
import type { InfiniteData } from '@tanstack/react-query';
import { shortenAddress } from '../../ui/format';
import { useSafe, useHistoryQuery } from '../safe';
import { useAddressBook } from './store';

/** An address the user knows, that a look-alike imitates: where it is known from, and its name. */
export type KnownAddress = {
  address: string;
  source: 'safe' | 'book' | 'owner' | 'history';
  /** The user's own name for it (the address book's); never the gateway's, in a warning. */
  name?: string;
};

/** What the Safe's history loaded so far says: whom its own executions sent to or called. */
export type SentTo = { addresses: ReadonlySet<string>; complete: boolean };

/**
 * The addresses the Safe's own executions (multisig or module) sent to or called, lower case, from
 * the history pages loaded. Transfers without an execution of the Safe (incoming ones, or ones a
 * token merely reports) are left out: anybody can make those, so they prove nothing.
 */
export function sentToOf(history: InfiniteData<TransactionListPage> | undefined): SentTo {
  const addresses = new Set<string>();
  for (const page of history?.pages ?? [])
    for (const item of page.results) {
      if (item.type !== 'TRANSACTION') continue;
      const { txInfo, executionInfo } = item.transaction;
      if (executionInfo === null) continue;
      if (txInfo.type === 'Transfer' && txInfo.direction === 'OUTGOING')
        addresses.add(txInfo.recipient.value.toLowerCase());
      if (txInfo.type === 'Custom' && !txInfo.isCancellation) addresses.add(txInfo.to.value.toLowerCase());
    }
  const last = history?.pages.at(-1);
  return { addresses, complete: last !== undefined && last.next === null };
}

/** Everything a typed address is compared with: the Safe, the address book, the owners, the history. */
export function knownAddresses({
  safe,
  book,
  owners,
  sentTo,
}: {
  safe: string;
  book: Readonly<Record<string, string>>;
  owners: readonly string[];
  sentTo: SentTo;
}): KnownAddress[] {
  const nameOf = (address: string) =>
    book[address] ??
    Object.entries(book).find(([entry]) => entry.toLowerCase() === address.toLowerCase())?.[1];
  return [
    { address: safe, source: 'safe' as const, name: nameOf(safe) },
    ...Object.entries(book).map(([address, name]) => ({ address, source: 'book' as const, name })),
    ...owners.map((address) => ({ address, source: 'owner' as const, name: nameOf(address) })),
    ...[...sentTo.addresses].map((address) => ({
      address,
      source: 'history' as const,
      name: nameOf(address),
    })),
  ];
}

type AddressCaution = {
  /** The address imitates a known one: shown as a field warning, never blocking. */
  warning?: string;
  /** Worth knowing, not alarming (a first payment to this address). */
  notice?: string;
};

function lookalikeWords(known: KnownAddress): string {
  const shown = shortenAddress(known.address);
  const like =
    known.name !== undefined
      ? `“${known.name}” (${shown})`
      : known.source === 'safe'
        ? `this Safe (${shown})`
        : known.source === 'owner'
          ? `the owner ${shown}`
          : known.source === 'history'
            ? `${shown}, an address this Safe has sent to,`
            : shown;
  return `Looks like ${like} but is a different address. Check every character.`;
}

/**
 * What to tell the user about an address they typed or pasted: a warning when it looks like, without
 * being, an address they know (see safe-core's `findLookalike`), and for a recipient the Safe's
 * history has not seen paid, a notice. The history is what was loaded, never fetched further: while
 * more of it is unread the notice says "recent".
 */
export function addressCaution(
  address: string,
  {
    known,
    sentTo,
    recipient,
  }: { known: readonly KnownAddress[]; sentTo: SentTo | undefined; recipient: boolean },
): AddressCaution {
  const imitated = findLookalike(address, known);
  if (imitated !== undefined) return { warning: lookalikeWords(imitated) };
  const lower = address.toLowerCase();
  if (!recipient || sentTo === undefined || sentTo.addresses.has(lower)) return {};
  if (known.some((entry) => entry.source === 'safe' && entry.address.toLowerCase() === lower)) return {};
  return {
    notice: sentTo.complete
      ? 'This Safe has never sent anything to this address.'
      : 'This Safe has not sent anything to this address in its recent history.',
  };
}

/**
 * The check of the Safe on screen: `caution(address, { recipient })` for an address the user typed
 * (valid and checksummed). The history is the first page(s) the history query holds; without it (it
 * is loading, or failed) no notice is given, as nothing can be said.
 */
export function useAddressCaution(): (address: string, options?: { recipient?: boolean }) => AddressCaution {
  const { chain, address: safe, safe: info } = useSafe();
  const book = useAddressBook(chain.chainId);
  const history = useHistoryQuery(chain.chainId, safe);
  const sentTo = history.data === undefined ? undefined : sentToOf(history.data);
  const known = knownAddresses({
    safe,
    book,
    owners: info.owners.map((owner) => owner.value),
    sentTo: sentTo ?? { addresses: new Set(), complete: false },
  });
  return (address, { recipient = false } = {}) => addressCaution(address, { known, sentTo, recipient });
}
