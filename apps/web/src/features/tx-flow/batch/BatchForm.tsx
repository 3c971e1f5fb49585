import { useEffect, useRef, useState } from 'react';
import { isAddressEqual } from 'viem';
import {
  Address,
  Alert,
  Button,
  ButtonLink,
  ChevronDownIcon,
  CloseIcon,
  Dialog,
  EmptyState,
  IconButton,
  TokenAmount,
} from '../../../ui';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { batchDraft, clearBatch, moveInBatch, removeFromBatch, useBatch, type BatchItem } from './batchStore';
import { ImportedNotice, TxBuilderFiles, type ImportOutcome } from './TxBuilderFiles';
import styles from './Batch.module.css';

type Control = 'up' | 'down' | 'remove';

/**
 * The batch: the calls put aside from the forms, in the order they will run. They can be moved
 * and removed (by keyboard too: the focus stays with the moved call), and Continue hands them all
 * to the review as one transaction.
 */
export function BatchForm({ onReview }: { onReview: (draft: TxDraft) => void }) {
  const { chain, address, paths } = useSafe();
  const items = useBatch(chain.chainId, address);
  const [imported, setImported] = useState<ImportOutcome | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [unsaved, setUnsaved] = useState(false);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // Where the focus goes once the list has re-rendered after a move or a removal: with the moved
  // call (its other arrow when this one is now disabled at an end), or to the removed one's neighbour.
  const pendingFocus = useRef<{ id: string; control: Control } | undefined>(undefined);

  useEffect(() => {
    const target = pendingFocus.current;
    if (target === undefined) return;
    pendingFocus.current = undefined;
    const other: Control = target.control === 'up' ? 'down' : 'up';
    const button = buttons.current.get(`${target.id}:${target.control}`);
    (button && !button.disabled ? button : buttons.current.get(`${target.id}:${other}`))?.focus();
  }, [items]);

  const saved = (stored: boolean) => setUnsaved(!stored);
  const labelOf = (item: BatchItem) => item.action.label ?? `Call to ${item.action.to}`;

  const move = (item: BatchItem, index: number, offset: -1 | 1) => {
    pendingFocus.current = { id: item.id, control: offset === -1 ? 'up' : 'down' };
    saved(moveInBatch(chain.chainId, address, item.id, offset));
    setAnnouncement(`Moved “${labelOf(item)}” to position ${index + 1 + offset} of ${items.length}.`);
  };

  const remove = (item: BatchItem, index: number) => {
    const neighbour = items[index + 1] ?? items[index - 1];
    pendingFocus.current = neighbour && { id: neighbour.id, control: 'remove' };
    saved(removeFromBatch(chain.chainId, address, item.id));
    setAnnouncement(`Removed “${labelOf(item)}” from the batch.`);
  };

  const clear = () => {
    saved(clearBatch(chain.chainId, address));
    setConfirmingClear(false);
    setAnnouncement('The batch is empty.');
  };

  // Settings calls were prepared from the owners and modules as they are now: a second one may
  // depend on a state the first changes (removing an owner just added, say).
  const settingsChanges = items.filter((item) => isAddressEqual(item.action.to, address)).length;

  return (
    <div className={styles.batch} data-testid="batch">
      <p role="status" aria-live="polite" className="visually-hidden" data-testid="batch-announcement">
        {announcement}
      </p>
      <TxBuilderFiles items={items} onImported={setImported} />
      {imported && <ImportedNotice outcome={imported} />}
      {unsaved && (
        <Alert tone="warn" testId="batch-unsaved">
          This browser did not save the change (storage is full or disabled): the batch as shown lasts until
          this tab closes.
        </Alert>
      )}
      {items.length === 0 ? (
        <EmptyState
          title="The batch is empty"
          action={
            <ButtonLink to={paths.newTransaction} variant="primary">
              Choose a transaction
            </ButtonLink>
          }
          testId="batch-empty"
        >
          Use “Add to batch” on any form to put transactions aside here, then sign them together as one.
        </EmptyState>
      ) : (
        <>
          <p className={styles.summary} data-testid="batch-count">
            {items.length} {items.length === 1 ? 'transaction' : 'transactions'}, executed in this order as
            one transaction; if one fails, none of them happens.
          </p>
          <ol className={styles.list} data-testid="batch-list">
            {items.map((item, index) => (
              <li key={item.id} className={styles.item} data-testid="batch-item">
                <span className={styles.position} aria-hidden="true">
                  {index + 1}
                </span>
                <BatchCall item={item} native={chain.nativeCurrency} />
                <div className={styles.controls}>
                  <IconButton
                    ref={(element) => register(buttons.current, `${item.id}:up`, element)}
                    label={`Move transaction ${index + 1} up`}
                    disabled={index === 0}
                    onClick={() => move(item, index, -1)}
                    data-testid="batch-move-up"
                  >
                    <ChevronDownIcon className={styles.up} />
                  </IconButton>
                  <IconButton
                    ref={(element) => register(buttons.current, `${item.id}:down`, element)}
                    label={`Move transaction ${index + 1} down`}
                    disabled={index === items.length - 1}
                    onClick={() => move(item, index, 1)}
                    data-testid="batch-move-down"
                  >
                    <ChevronDownIcon />
                  </IconButton>
                  <IconButton
                    ref={(element) => register(buttons.current, `${item.id}:remove`, element)}
                    label={`Remove transaction ${index + 1}`}
                    onClick={() => remove(item, index)}
                    data-testid="batch-remove"
                  >
                    <CloseIcon />
                  </IconButton>
                </div>
              </li>
            ))}
          </ol>
          {settingsChanges > 1 && (
            <Alert tone="warn" testId="batch-settings-warning">
              This batch changes the Safe’s settings {settingsChanges} times. Each change was prepared from
              the owners and modules as they are now; if one depends on another, the transaction fails. The
              review’s simulation shows whether it does.
            </Alert>
          )}
          <div className={styles.actions}>
            <Button
              variant="primary"
              onClick={() =>
                onReview({ ...batchDraft(items), onSubmitted: () => clearBatch(chain.chainId, address) })
              }
              data-testid="batch-continue"
            >
              Continue
            </Button>
            <ButtonLink to={paths.newTransaction}>Add a transaction</ButtonLink>
            <Button variant="danger" onClick={() => setConfirmingClear(true)} data-testid="batch-clear">
              Clear batch
            </Button>
          </div>
        </>
      )}
      <Dialog
        open={confirmingClear}
        onClose={() => setConfirmingClear(false)}
        title="Clear the batch?"
        size="sm"
        testId="batch-clear-dialog"
        footer={
          <>
            <Button onClick={() => setConfirmingClear(false)}>Keep them</Button>
            <Button variant="danger" onClick={clear} data-testid="batch-clear-confirm">
              Clear {items.length} {items.length === 1 ? 'transaction' : 'transactions'}
            </Button>
          </>
        }
      >
        <p>Every transaction in the batch is removed from this browser. Nothing has been signed yet.</p>
      </Dialog>
    </div>
  );
}

function register(map: Map<string, HTMLButtonElement>, key: string, element: HTMLButtonElement | null) {
  if (element) map.set(key, element);
  else map.delete(key);
}

/** One call: what it does in words (as text: it may hold a token's own name), where, with what. */
function BatchCall({ item, native }: { item: BatchItem; native: { symbol: string; decimals: number } }) {
  const { to, value, data, label } = item.action;
  const bytes = (data.length - 2) / 2;
  return (
    <div className={styles.call}>
      <p className={styles.label} data-testid="batch-item-label">
        {label ?? 'Contract call'}
      </p>
      <dl className={styles.details}>
        <div>
          <dt>To</dt>
          <dd>
            <Address address={to} />
          </dd>
        </div>
        {value > 0n && (
          <div>
            <dt>Value</dt>
            <dd>
              <TokenAmount value={value} decimals={native.decimals} symbol={native.symbol} />
            </dd>
          </div>
        )}
        <div>
          <dt>Data</dt>
          <dd>{bytes === 0 ? 'None' : `${bytes} bytes`}</dd>
        </div>
      </dl>
    </div>
  );
}
