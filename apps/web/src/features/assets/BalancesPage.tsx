import { useState } from 'react';
import type { Balance } from '@countersign/gateway-api';
import {
  Alert,
  AssetsIcon,
  Button,
  EmptyState,
  EyeIcon,
  FiatAmount,
  Page,
  QueryView,
  Section,
  Skeleton,
  SkeletonRows,
} from '../../ui';
import { useSafe } from '../safe';
import { useWallet } from '../wallet';
import { AssetsTabs } from './AssetsTabs';
import { BalancesTable } from './BalancesTable';
import { CurrencySelect } from './CurrencySelect';
import { useAddToWallet } from './addToWallet';
import { useBalances } from './useBalances';
import { shortLabel } from './imageSource';
import styles from './BalancesPage.module.css';

/** The native coin and ERC-20 tokens with a balance: what the Send form sends. */
const isSendable = (item: Balance) =>
  (item.tokenInfo.type === 'NATIVE_TOKEN' || item.tokenInfo.type === 'ERC20') && /[1-9]/.test(item.balance);

const tokenCount = (count: number) => `${count} ${count === 1 ? 'token' : 'tokens'}`;

/** /:safeId/assets: every token the gateway lists, its value in the chosen currency, and the total. */
export function BalancesPage() {
  const { chain, paths } = useSafe();
  const { query, currency, view, hiddenTokens, setTokenHidden } = useBalances();
  const wallet = useWallet();
  const addToWallet = useAddToWallet(chain.chainId);
  const [showHidden, setShowHidden] = useState(false);
  const [notice, setNotice] = useState<string | undefined>(undefined);

  const hide = (token: string, hideIt: boolean) => {
    const item = query.data?.items.find((candidate) => candidate.tokenInfo.address.toLowerCase() === token);
    const name = shortLabel(item?.tokenInfo.symbol || item?.tokenInfo.name || 'The token');
    setTokenHidden(token, hideIt);
    addToWallet.clearStatus();
    setNotice(
      hideIt ? `${name} is hidden: it is left out of the list and the total.` : `${name} is shown again.`,
    );
  };

  return (
    <Page title="Assets" actions={<CurrencySelect />} testId="balances-page">
      <AssetsTabs />
      <QueryView
        query={query}
        loadingLabel="Loading balances"
        skeleton={<BalancesSkeleton />}
        errorTitle="Balances could not be loaded"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState title="No tokens yet" icon={<AssetsIcon size={32} />}>
            Tokens sent to this Safe’s address appear here with their value. Use Receive to show its address.
          </EmptyState>
        }
      >
        {() => {
          if (view === undefined) return null;
          const hiddenCount = view.hidden.length;
          const rows = showHidden ? [...view.visible, ...view.hidden] : view.visible;
          return (
            <>
              <div>
                <dl className={styles.total} data-testid="assets-total-card">
                  <dt className={styles.totalLabel}>Total value</dt>
                  <dd className={styles.totalValue}>
                    <FiatAmount value={view.total} currency={currency} testId="assets-total" />
                  </dd>
                  {view.unpriced > 0 && (
                    <dd className={styles.totalNote} data-testid="assets-total-unpriced">
                      Leaves out {view.unpriced} {view.unpriced === 1 ? 'token' : 'tokens'} without a known
                      price.
                    </dd>
                  )}
                  {view.notRead > 0 && (
                    <dd className={styles.totalNote} data-testid="assets-total-not-read">
                      Leaves out {view.notRead.toLocaleString('en-US')} more{' '}
                      {view.notRead === 1 ? 'token' : 'tokens'} sent to this Safe: the gateway reads its
                      trusted tokens and those the Safe received first, up to its limit.
                    </dd>
                  )}
                  {hiddenCount > 0 && (
                    <dd className={styles.totalNote} data-testid="assets-total-note">
                      Leaves out {hiddenCount} hidden {hiddenCount === 1 ? 'token' : 'tokens'}, worth{' '}
                      <FiatAmount value={view.hiddenTotal} currency={currency} />.
                    </dd>
                  )}
                </dl>
                <div className={styles.status} aria-live="polite" data-testid="assets-status">
                  {addToWallet.status ? (
                    <Alert tone={addToWallet.status.tone} role="note" testId="add-to-wallet-status">
                      <p>{addToWallet.status.message}</p>
                    </Alert>
                  ) : notice ? (
                    <p className={styles.notice}>{notice}</p>
                  ) : null}
                </div>
              </div>

              <Section
                title={`Tokens (${view.visible.length})`}
                id="tokens"
                actions={
                  hiddenCount > 0 ? (
                    <Button
                      size="sm"
                      aria-pressed={showHidden}
                      className={styles.toggle}
                      icon={<EyeIcon />}
                      onClick={() => setShowHidden((value) => !value)}
                      data-testid="show-hidden"
                    >
                      Show hidden ({hiddenCount})
                    </Button>
                  ) : undefined
                }
              >
                {rows.length === 0 ? (
                  <EmptyState
                    title="Every token is hidden"
                    action={
                      <Button size="sm" onClick={() => setShowHidden(true)}>
                        Show hidden ({hiddenCount})
                      </Button>
                    }
                  >
                    {tokenCount(hiddenCount)} hidden by you. Show them to see their balances or to unhide one.
                  </EmptyState>
                ) : (
                  <BalancesTable
                    items={rows}
                    currency={currency}
                    hiddenTokens={hiddenTokens}
                    onHide={hide}
                    onAddToWallet={
                      wallet.status === 'connected' ? (item) => void addToWallet.add(item) : undefined
                    }
                    addingToken={addToWallet.pending}
                    sendPath={(item) =>
                      isSendable(item)
                        ? paths.newTransactionOf('send', { token: item.tokenInfo.address })
                        : undefined
                    }
                  />
                )}
              </Section>
            </>
          );
        }}
      </QueryView>
    </Page>
  );
}

function BalancesSkeleton() {
  return (
    <div className={styles.skeleton}>
      <div className={styles.total}>
        <Skeleton width="6rem" height="1rem" />
        <Skeleton width="10rem" height="2rem" />
      </div>
      <Skeleton width="8rem" height="1.5rem" />
      <SkeletonRows rows={4} height="3.75rem" />
    </div>
  );
}
