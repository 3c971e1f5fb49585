import { skipToken, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ChainInfo } from '@countersign/gateway-api';
import { QueryErrorAlert } from '../../app/ErrorAlert';
import { getGateway } from '../../lib/gateway';
import { useWallet } from '../wallet/walletStore';
import { safeHomePath } from './safePath';

/** Once a wallet is linked: the Safes it owns on the current chain, each one click away. */
export function OwnedSafes({ chain }: { chain: ChainInfo | undefined }) {
  const { status, address } = useWallet();
  const owner = status === 'connected' ? address : undefined;
  const query = useQuery({
    queryKey: ['ownedSafes', chain?.chainId, owner],
    queryFn:
      chain && owner ? ({ signal }) => getGateway().getOwnedSafes(chain.chainId, owner, signal) : skipToken,
  });
  if (chain === undefined || owner === undefined) return null;
  return (
    <section className="owned-safes" data-testid="owned-safes">
      <h2>Your Safes on {chain.chainName}</h2>
      {query.isPending && <p className="hint">Looking for Safes owned by {owner}…</p>}
      {query.isError && <QueryErrorAlert query={query} title="Your Safes could not be loaded" />}
      {query.data && query.data.safes.length === 0 && (
        <p className="hint">The connected account owns no Safe on {chain.chainName}.</p>
      )}
      {query.data && query.data.safes.length > 0 && (
        <ul className="owned-safes-list">
          {query.data.safes.map((safe) => (
            <li key={safe}>
              <Link to={safeHomePath(chain.shortName, safe)} data-testid="owned-safe">
                <code>
                  {chain.shortName}:{safe}
                </code>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
