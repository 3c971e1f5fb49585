import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getBlock } from 'viem/actions';
import { chainClient } from '../../../lib/chainReader';
import {
  Alert,
  Button,
  FileButton,
  QueryView,
  TextAreaField,
  UploadIcon,
  exactTokenAmount,
} from '../../../ui';
import { useBalances } from '../../assets';
import { safeKey, useSafe } from '../../safe';
import { addToBatch } from '../batch';
import type { TxDraft } from '../draft';
import { MAX_PAYOUT_TEXT, payoutActions, readPayoutCsv, splitPayout, type PayoutRow } from './payouts';
import { sendableTokens } from './sendTokens';
import styles from './Forms.module.css';

/**
 * Pay many recipients from a CSV (recipient, token, amount): one transaction that makes every
 * transfer, or, when that is more than a block holds, several parts the owner agrees to, each
 * reviewed and signed on its own.
 */
export function PayoutsForm({ onReview }: { onReview: (draft: TxDraft) => void }) {
  const { query, view } = useBalances();
  return (
    <QueryView
      query={query}
      loadingLabel="Loading the Safe’s balances"
      errorTitle="The balances could not be loaded"
    >
      {() => <PayoutFields tokens={view === undefined ? [] : sendableTokens(view)} onReview={onReview} />}
    </QueryView>
  );
}

function PayoutFields({
  tokens,
  onReview,
}: {
  tokens: ReturnType<typeof sendableTokens>;
  onReview: (draft: TxDraft) => void;
}) {
  const { chain, address } = useSafe();
  const [text, setText] = useState('');
  const [split, setSplit] = useState(false);
  const [added, setAdded] = useState<number | undefined>();
  const [fileProblem, setFileProblem] = useState<string | undefined>();
  const reading = useMemo(
    () =>
      text.trim() === ''
        ? undefined
        : readPayoutCsv(text, {
            tokens: tokens.map((choice) => ({ ...choice.token, balance: choice.balance })),
            safe: address,
            shortName: chain.shortName,
          }),
    [text, tokens, address, chain.shortName],
  );
  const block = useQuery({
    queryKey: safeKey(chain.chainId, address, 'chain-state', 'block-gas-limit'),
    queryFn: async () => (await getBlock(chainClient(chain))).gasLimit,
    staleTime: 60_000,
  });
  const rows = reading && reading.problems.length === 0 ? reading.rows : [];
  const parts = block.data !== undefined && rows.length > 0 ? splitPayout(rows, block.data) : [rows];

  const review = (part: readonly PayoutRow[], index: number) => {
    const whom = `Pay ${part.length} ${part.length === 1 ? 'recipient' : 'recipients'}`;
    onReview({
      title: parts.length === 1 ? whom : `${whom} (part ${index + 1} of ${parts.length})`,
      actions: payoutActions(part),
    });
  };

  return (
    <div className={styles.form} data-testid="payouts-form">
      <p className={styles.hint}>
        One line per payment: <code>recipient,token,amount</code>. The token is the chain’s coin when left
        empty or written as {chain.nativeCurrency.symbol}, else a token the Safe holds, by its symbol or its
        address. Amounts are in the token’s own units (1250.5), never rounded.
      </p>
      <div className={styles.actions}>
        <FileButton
          icon={<UploadIcon />}
          accept=".csv,text/csv,text/plain"
          onFile={(file) => {
            if (file.size > MAX_PAYOUT_TEXT) {
              setFileProblem(`${file.name} is larger than 256 KiB: split the payout into several files.`);
              return;
            }
            setFileProblem(undefined);
            void file.text().then(setText);
          }}
          testId="payouts-open-file"
          inputTestId="payouts-file"
        >
          Open a CSV file
        </FileButton>
      </div>
      <TextAreaField
        label="Payments (CSV)"
        mono
        rows={8}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setSplit(false);
          setAdded(undefined);
        }}
        placeholder={`recipient,token,amount\n0x…,${chain.nativeCurrency.symbol},0.5`}
        testId="payouts-csv"
      />
      {fileProblem && (
        <Alert tone="danger" role="alert" testId="payouts-file-problem">
          {fileProblem}
        </Alert>
      )}
      {reading && reading.problems.length > 0 && (
        <Alert
          tone="danger"
          title="Nothing is paid until these are fixed"
          role="alert"
          testId="payouts-problems"
        >
          <ul>
            {reading.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}
      {rows.length > 0 && <PayoutSummary rows={rows} />}
      {parts.length > 1 && (
        <Alert tone="warn" title="More than one transaction" testId="payouts-split">
          These {rows.length} payments need more gas than half a block of this chain holds (
          {block.data?.toString()} gas a block). They can go as {parts.length} transactions, each reviewed,
          signed and executed on its own; until the last executes, only some recipients are paid.{' '}
          <label>
            <input
              type="checkbox"
              checked={split}
              onChange={(event) => setSplit(event.target.checked)}
              data-testid="payouts-split-consent"
            />{' '}
            Split into {parts.length} transactions
          </label>
        </Alert>
      )}
      {rows.length > 0 && parts.length === 1 && (
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => review(rows, 0)} data-testid="form-continue">
            Continue
          </Button>
          <Button
            onClick={() => {
              let count = 0;
              for (const action of payoutActions(rows))
                count = addToBatch(chain.chainId, address, action).count;
              setAdded(count);
            }}
            data-testid="form-add-to-batch"
          >
            Add to batch
          </Button>
        </div>
      )}
      {split && parts.length > 1 && (
        <ol className={styles.parts} data-testid="payouts-parts">
          {parts.map((part, index) => (
            <li key={part[0]?.line}>
              Lines {part[0]?.line}–{part[part.length - 1]?.line}: {part.length} payments{' '}
              <Button size="sm" onClick={() => review(part, index)} data-testid="payouts-review-part">
                Review part {index + 1}
              </Button>
            </li>
          ))}
        </ol>
      )}
      {added !== undefined && (
        <Alert tone="ok" testId="batch-added">
          Added to the batch, which now holds {added} transactions.
        </Alert>
      )}
    </div>
  );
}

/** How many payments of each token, and their total, as read: what the owner compares with the sheet. */
function PayoutSummary({ rows }: { rows: readonly PayoutRow[] }) {
  const byToken = new Map<string, { symbol: string; decimals: number; count: number; total: bigint }>();
  for (const row of rows) {
    const entry = byToken.get(row.token.address) ?? {
      symbol: row.token.symbol,
      decimals: row.token.decimals,
      count: 0,
      total: 0n,
    };
    entry.count += 1;
    entry.total += row.amount;
    byToken.set(row.token.address, entry);
  }
  return (
    <p className={styles.hint} data-testid="payouts-summary">
      {rows.length} payments:{' '}
      {[...byToken.values()]
        .map(
          (entry) =>
            `${entry.count} in ${entry.symbol} (${exactTokenAmount(entry.total, entry.decimals)} in all)`,
        )
        .join(', ')}
      .
    </p>
  );
}
