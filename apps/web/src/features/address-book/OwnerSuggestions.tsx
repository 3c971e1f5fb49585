import type { AddressInfo } from '@countersign/gateway-api';
import { Address, Button, Section, checksummed, shortenAddress } from '../../ui';
import styles from './OwnerSuggestions.module.css';

export type Suggestion = { address: string; gatewayName: string | null; kind: 'safe' | 'owner' };

/** The Safe and its owners that have no name on this chain yet, the Safe first. */
export function unnamedSuggestions(
  safe: { address: AddressInfo; owners: AddressInfo[] },
  names: Readonly<Record<string, string>>,
): Suggestion[] {
  const candidates: Suggestion[] = [
    { address: checksummed(safe.address.value), gatewayName: safe.address.name, kind: 'safe' },
    ...safe.owners.map((owner) => ({
      address: checksummed(owner.value),
      gatewayName: owner.name,
      kind: 'owner' as const,
    })),
  ];
  return candidates.filter((candidate) => names[candidate.address] === undefined);
}

/** Quick "Name this owner" offers for the Safe's unnamed owners (and the Safe itself). */
export function OwnerSuggestions({
  suggestions,
  explorerUrl,
  onName,
}: {
  suggestions: Suggestion[];
  explorerUrl: (address: string) => string | null;
  onName: (suggestion: Suggestion) => void;
}) {
  if (suggestions.length === 0) return null;
  return (
    <Section title="Not named yet" id="suggestions" testId="owner-suggestions">
      <p className={styles.intro}>This Safe and its owners, without a name in your address book.</p>
      <ul className={styles.list}>
        {suggestions.map((suggestion) => {
          const action = suggestion.kind === 'safe' ? 'Name this Safe' : 'Name this owner';
          return (
            <li key={suggestion.address} className={styles.item} data-testid="owner-suggestion">
              <Address
                address={suggestion.address}
                name={suggestion.gatewayName}
                copy
                explorerUrl={explorerUrl(suggestion.address)}
              />
              <Button
                size="sm"
                onClick={() => onName(suggestion)}
                aria-label={`${action} ${shortenAddress(suggestion.address)}`}
                data-testid={suggestion.kind === 'safe' ? 'name-safe' : 'name-owner'}
              >
                {action}
              </Button>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
