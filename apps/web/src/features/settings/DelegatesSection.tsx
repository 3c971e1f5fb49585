import { useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address as AddressType } from 'viem';
import type { Delegate } from '@countersign/gateway-api';
import { useGateway } from '../../lib/ServicesProvider';
import {
  Address,
  Alert,
  Button,
  Dialog,
  EmptyState,
  LoadMore,
  QueryView,
  RevealedText,
  Section,
  SkeletonRows,
  useDescribeQueryError,
} from '../../ui';
import { chainExplorer } from '../chains';
import { safeKey, useDelegates, useSafe, useSigner } from '../safe';
import { useSignerService } from '../wallet';
import { removeSafeDelegate } from './delegateActions';
import { DelegateForm } from './DelegateForm';
import styles from './Settings.module.css';
import { sameAddress } from '../../lib/address';

const explanation =
  'A delegate is an address an owner allows to propose transactions for this Safe without being an owner. Its proposals still need the owners’ confirmations.';

/**
 * The Safe's delegates, as the gateway lists them; an owner adds one, and a delegation's delegator
 * (or the delegate itself) removes it, each by a signature the gateway checks.
 */
export function DelegatesSection() {
  const describeQueryError = useDescribeQueryError();
  const { chain, address } = useSafe();
  const query = useDelegates(chain.chainId, address);
  const signer = useSigner();
  const account = 'address' in signer ? signer.address : undefined;
  const explorer = chainExplorer(chain);
  const delegates = useMemo(() => query.data?.pages.flatMap((page) => page.results) ?? [], [query.data]);
  const total = query.data?.pages[0]?.count;
  return (
    <div className={styles.section} data-testid="settings-delegates">
      <Section title={total != null ? `Delegates (${total})` : 'Delegates'} id="settings-delegate-list">
        <QueryView
          query={query}
          loadingLabel="Loading delegates"
          errorTitle="The delegates could not be loaded"
          skeleton={<SkeletonRows rows={2} height="4.5rem" />}
          isEmpty={(data) => data.pages.every((page) => page.results.length === 0)}
          empty={
            <EmptyState title="No delegates" testId="delegates-empty">
              {explanation}
            </EmptyState>
          }
        >
          {() => (
            <>
              <p className={styles.muted}>{explanation}</p>
              <ul className={styles.list} data-testid="delegates-list">
                {delegates.map((delegate, index) => (
                  <li
                    key={`${delegate.delegate}-${delegate.delegator}-${index}`}
                    className={`${styles.item} ${styles.delegate}`}
                    data-testid="delegate"
                  >
                    <p className={styles.label} data-testid="delegate-label">
                      {delegate.label.trim() === '' ? (
                        <span className={styles.muted}>No label</span>
                      ) : (
                        <RevealedText text={delegate.label} />
                      )}
                    </p>
                    <DelegateParty title="Delegate" testId="delegate-address">
                      <Address
                        address={delegate.delegate}
                        copy
                        explorerUrl={explorer.address(delegate.delegate)}
                      />
                    </DelegateParty>
                    <DelegateParty title="Delegated by" testId="delegate-delegator">
                      <Address
                        address={delegate.delegator}
                        copy
                        explorerUrl={explorer.address(delegate.delegator)}
                      />
                    </DelegateParty>
                    {delegate.safe === null && (
                      <p className={styles.hint}>For every Safe of the delegator on this chain.</p>
                    )}
                    {account !== undefined &&
                      (sameAddress(account, delegate.delegator) ||
                        sameAddress(account, delegate.delegate)) && <RemoveDelegate delegate={delegate} />}
                  </li>
                ))}
              </ul>
              <LoadMore
                hasMore={query.hasNextPage}
                loading={query.isFetchingNextPage}
                error={query.isFetchNextPageError ? describeQueryError(query.error).message : undefined}
                onLoad={() => void query.fetchNextPage()}
                label="Load more delegates"
              />
            </>
          )}
        </QueryView>
      </Section>
      <Section title="Add a delegate" id="settings-delegate-add">
        {signer.kind === 'owner' ? (
          <DelegateForm
            owner={signer.address as AddressType}
            listed={delegates.map((delegate) => delegate.delegate)}
          />
        ) : (
          <p className={styles.muted} data-testid="delegate-add-owners-only">
            Only an owner adds delegates: connect an owner&apos;s wallet to add one.
          </p>
        )}
      </Section>
    </div>
  );
}

/** Removes one delegation, signed by the connected delegator or delegate. */
function RemoveDelegate({ delegate }: { delegate: Delegate }) {
  const { chain, address } = useSafe();
  const gateway = useGateway();
  const signer = useSignerService();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () =>
      removeSafeDelegate({
        gateway,
        signer,
        chainId: chain.chainId,
        safe: address,
        delegate: delegate.delegate as AddressType,
        delegator: delegate.delegator as AddressType,
      }),
    onSuccess: (result) => {
      if (result.ok)
        void queryClient.invalidateQueries({ queryKey: safeKey(chain.chainId, address, 'delegates') });
    },
  });
  const failure = remove.data?.ok === false ? remove.data.error : undefined;
  // Removing is asked once more, naming what goes: a click in a list is easy to make by mistake.
  const [confirming, setConfirming] = useState(false);
  const name = delegate.label.trim() === '' ? 'this delegate' : `“${delegate.label.trim()}”`;
  return (
    <div className={styles.delegateRemove}>
      <Button onClick={() => setConfirming(true)} data-testid="delegate-remove">
        Remove delegate
      </Button>
      {failure && (
        <Alert tone="danger" title="Not removed" role="alert" testId="delegate-remove-error">
          {failure.message}
        </Alert>
      )}
      <Dialog
        open={confirming || remove.isPending}
        onClose={() => setConfirming(false)}
        title="Remove the delegate?"
        size="sm"
        footer={
          <>
            <Button
              onClick={() => setConfirming(false)}
              disabled={remove.isPending}
              data-testid="delegate-remove-cancel"
            >
              Keep it
            </Button>
            <Button
              variant="danger"
              onClick={() => remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
              disabled={remove.isPending}
              data-testid="delegate-remove-confirm"
            >
              {remove.isPending ? 'Waiting for your signature…' : 'Remove'}
            </Button>
          </>
        }
      >
        <p data-testid="delegate-remove-question">
          Remove <bdi>{name}</bdi>? It can then no longer propose transactions for this Safe; what it proposed
          stays in the queue.
        </p>
      </Dialog>
    </div>
  );
}

function DelegateParty({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <div className={styles.party} data-testid={testId}>
      <span className={styles.hint}>{title}</span>
      {children}
    </div>
  );
}
