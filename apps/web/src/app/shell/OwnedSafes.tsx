import { skipToken, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ChainInfo } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import { Address, QueryView, Section, SkeletonRows } from '../../ui';
import { AddressBookNames } from '../../features/address-book';
import { useWallet } from '../../features/wallet';
import { safeHomePath } from '../../features/safe';
import styles from './OwnedSafes.module.css';

/** Once a wallet is linked: the Safes it owns on the current chain, each one click away. */
export function OwnedSafes({ chain }: { chain: ChainInfo | undefined }) {
  const { status, address } = useWallet();
  const owner = status === 'connected' ? address : undefined;
  const gateway = useGateway();
  const query = useQuery({
    queryKey: ['owner', chain?.chainId, owner?.toLowerCase(), 'safes'],
    queryFn:
      chain && owner
        ? ({ signal }) => gateway.getOwnedSafes({ chainId: chain.chainId, ownerAddress: owner }, { signal })
        : skipToken,
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
                  <Link
                    className={styles.item}
                    to={safeHomePath(chain.shortName, safe)}
                    data-testid="owned-safe"
                  >
                    <Address address={safe} />
                    <span className={styles.chain}>{chain.shortName}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </AddressBookNames>
        )}
      </QueryView>
    </Section>
  );
}
