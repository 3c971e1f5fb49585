import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Address as AddressValue } from 'viem';
import { useGateway } from '../../lib/ServicesProvider';
import { Address, Badge, ButtonLink, PlusIcon, Section } from '../../ui';
import { safePaths, useSafe } from '../safe';
import { ownerSafesQueryOptions, type OwnerSafe } from './ownerSafes';
import { ownedSafesQueryOptions } from './safeTree';
import styles from './NestedSafesSection.module.css';

/** The Safes among this Safe's owners, as its owners' contracts answer (read from the chain). */
export function useOwnerSafes() {
  const { chain, safe } = useSafe();
  const owners = safe.owners.map((owner) => owner.value as AddressValue);
  return useQuery(ownerSafesQueryOptions(chain, owners));
}

/** An owner marked as a Safe, with how many of its own owners must confirm for it. */
export function OwnerSafeBadge({ owner }: { owner: string }) {
  const parents = useOwnerSafes();
  const parent = parents.data?.find((entry) => entry.address.toLowerCase() === owner.toLowerCase());
  if (parent === undefined) return null;
  return (
    <Badge tone="accent" testId="owner-is-safe">
      Safe · {parent.threshold} of {parent.owners.length}
    </Badge>
  );
}

/**
 * Where this Safe sits among Safes: the Safes that own it (its owners that are Safes, from the chain)
 * and the Safes it owns (the gateway's owner index: where to look, each page reads its own owners),
 * with the way to create one.
 */
export function NestedSafesSection() {
  const { chain, address, paths } = useSafe();
  const gateway = useGateway();
  const parents = useOwnerSafes();
  const children = useQuery(ownedSafesQueryOptions(gateway, chain.chainId, address));
  const linkTo = (safe: string) => safePaths(chain.shortName, safe).home;
  return (
    <Section
      title="Nested Safes"
      id="settings-nested-safes"
      testId="settings-nested-safes"
      actions={
        <ButtonLink
          to={paths.newTransactionOf('nested-safe')}
          size="sm"
          icon={<PlusIcon />}
          data-testid="settings-create-nested-safe"
        >
          Create a nested Safe
        </ButtonLink>
      }
    >
      <h3 className={styles.subheading}>Owned by</h3>
      {parents.isPending ? (
        <p className={styles.muted}>Asking each owner’s contract whether it is a Safe…</p>
      ) : (parents.data ?? []).length === 0 ? (
        <p className={styles.muted} data-testid="settings-parent-none">
          {parents.isError ? 'The owners could not be asked now.' : 'No owner of this Safe is a Safe.'}
        </p>
      ) : (
        <ul className={styles.tree} data-testid="settings-parent-safes">
          {(parents.data ?? []).map((parent: OwnerSafe) => (
            <li key={parent.address} data-testid="settings-parent-safe">
              <Address address={parent.address} full copy />
              <span className={styles.muted}>
                {parent.threshold} of its {parent.owners.length} owners confirm for it
              </span>
              <Link to={linkTo(parent.address)} className={styles.open}>
                Open<span className="visually-hidden"> Safe {parent.address}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subheading}>Owns</h3>
      {children.isPending ? (
        <p className={styles.muted}>Looking for the Safes this Safe owns…</p>
      ) : (children.data?.safes ?? []).length === 0 ? (
        <p className={styles.muted} data-testid="settings-child-none">
          {children.isError
            ? 'The Safes this Safe owns could not be looked up now.'
            : 'This Safe owns no Safe that the gateway knows of.'}
        </p>
      ) : (
        <ul className={styles.tree} data-testid="settings-child-safes">
          {(children.data?.safes ?? []).map((child) => (
            <li key={child} data-testid="settings-child-safe">
              <Address address={child} full copy />
              <Link to={linkTo(child)} className={styles.open}>
                Open<span className="visually-hidden"> Safe {child}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
