import { skipToken, useQuery } from '@tanstack/react-query';
import { getAddress, type Address as AddressValue } from 'viem';
import { Link } from 'react-router';
import type { ChainInfo } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { Address, QueryView, Section, SkeletonRows } from '../../ui';
import { AddressBookNames } from '../../features/address-book';
import { useWallet } from '../../features/wallet';
import { safeHomePath } from '../../features/safe';
import { ownedSafesQueryOptions, readSafeTree, type SafeTreeNode } from '../../features/nested-safes';
import styles from './OwnedSafes.module.css';

/**
 * Once a wallet is linked: the Safes it owns on the current chain, each one click away, with the
 * Safes those own beneath them.
 */
export function OwnedSafes({ chain }: { chain: ChainInfo | undefined }) {
  const { status, address } = useWallet();
  const owner = status === 'connected' ? address : undefined;
  const gateway = useGateway();
  const query = useQuery({
    ...ownedSafesQueryOptions(gateway, chain?.chainId ?? '', owner ?? ''),
    enabled: chain !== undefined && owner !== undefined,
  });
  // Then the Safes those Safes own: listed under their parent as they are found.
  const roots = query.data?.safes;
  const tree = useQuery({
    queryKey: ['owner', chain?.chainId, owner?.toLowerCase(), 'safe-tree', roots],
    queryFn:
      chain && roots && roots.length > 0
        ? ({ signal }) => readSafeTree(gateway, chain, roots as AddressValue[], signal)
        : skipToken,
    staleTime: 60_000,
  });
  if (chain === undefined || owner === undefined) return null;
  return (
    <Section title={`Your Safes on ${chain.chainName}`} testId="owned-safes">
      <QueryView
        query={query}
        loadingLabel={`Looking for Safes owned by ${owner}`}
        skeleton={<SkeletonRows rows={2} />}
        errorTitle="Your Safes could not be loaded"
        isEmpty={(data) => data.safes.length === 0}
        empty={<p className={styles.hint}>The connected account owns no Safe on {chain.chainName}.</p>}
      >
        {(data) => (
          // Named as the address book of their chain names them, as each Safe's header does.
          <AddressBookNames chainId={chain.chainId}>
            <ul className={styles.list}>
              {data.safes.map((safe) => (
                <li key={safe}>
                  <SafeLink chain={chain} safe={safe} testId="owned-safe" />
                  <NestedSafes
                    chain={chain}
                    node={tree.data?.find((node) => node.address === getAddress(safe))}
                  />
                </li>
              ))}
            </ul>
          </AddressBookNames>
        )}
      </QueryView>
    </Section>
  );
}

function SafeLink({ chain, safe, testId }: { chain: ChainInfo; safe: string; testId: string }) {
  return (
    <Link className={styles.item} to={safeHomePath(chain.shortName, safe)} data-testid={testId}>
      <Address address={safe} />
      <span className={styles.chain}>{chain.shortName}</span>
    </Link>
  );
}

/** The Safes a Safe of yours owns (and theirs, a few levels down): yours to act in through it. */
function NestedSafes({ chain, node }: { chain: ChainInfo; node: SafeTreeNode | undefined }) {
  if (node === undefined || node.children.length === 0) return null;
  return (
    <ul className={styles.nested} aria-label="Safes this Safe owns">
      {node.children.map((child) => (
        <li key={child.address} data-parent={node.address}>
          <SafeLink chain={chain} safe={child.address} testId="nested-owned-safe" />
          <NestedSafes chain={chain} node={child} />
        </li>
      ))}
    </ul>
  );
}
