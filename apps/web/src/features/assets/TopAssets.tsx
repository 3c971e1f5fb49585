import { Link } from 'react-router';
import { FiatAmount, QueryView, Skeleton, SkeletonRows, TokenAmount } from '../../ui';
import { useSafe } from '../safe';
import { topAssets } from './balancesView';
import { TokenIcon } from './TokenIcon';
import { useBalances } from './useBalances';
import styles from './TopAssets.module.css';

/**
 * A compact preview of the open Safe's assets for its home page: the `count` most valuable tokens
 * (hidden ones left out) with amount and value, the total, and a link to every balance.
 */
export function TopAssets({ count = 4 }: { count?: number }) {
  const { paths } = useSafe();
  const { query, currency, view } = useBalances();
  return (
    <div className={styles.preview} data-testid="top-assets">
      <QueryView
        query={query}
        loadingLabel="Loading balances"
        skeleton={
          <div className={styles.skeleton}>
            <Skeleton width="9rem" height="1.75rem" />
            <SkeletonRows rows={count} height="2.25rem" />
          </div>
        }
        errorTitle="Balances could not be loaded"
      >
        {() =>
          view === undefined ? null : (
            <>
              <p className={styles.total}>
                <span className={styles.totalLabel}>Total value</span>{' '}
                {view.unpriced > 0 && view.visible.every((item) => item.fiatBalance === null) ? (
                  // No price at all (no gateway, or none it knows): a total of 0 would be a claim.
                  <span data-testid="top-assets-total">Unknown</span>
                ) : (
                  <FiatAmount value={view.total} currency={currency} testId="top-assets-total" />
                )}
                {view.unpriced > 0 && (
                  <span className={styles.totalLabel} data-testid="top-assets-unpriced">
                    {' '}
                    (without {view.unpriced} {view.unpriced === 1 ? 'token' : 'tokens'} of unknown price)
                  </span>
                )}
              </p>
              {view.visible.length === 0 ? (
                <p className={styles.empty}>No tokens to show yet.</p>
              ) : (
                <ul className={styles.list}>
                  {topAssets(view, count).map((item) => (
                    <li key={item.tokenInfo.address} className={styles.item} data-testid="top-asset">
                      <TokenIcon
                        logoUri={item.tokenInfo.logoUri}
                        symbol={item.tokenInfo.symbol}
                        name={item.tokenInfo.name}
                        size="sm"
                      />
                      <bdi className={styles.symbol}>{item.tokenInfo.symbol || item.tokenInfo.name}</bdi>
                      <span className={styles.amount}>
                        <TokenAmount value={item.balance} decimals={item.tokenInfo.decimals} />
                      </span>
                      <span className={styles.value}>
                        <FiatAmount value={item.fiatBalance} currency={currency} />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <Link to={paths.assets} className={styles.more}>
                View all assets
              </Link>
            </>
          )
        }
      </QueryView>
    </div>
  );
}
