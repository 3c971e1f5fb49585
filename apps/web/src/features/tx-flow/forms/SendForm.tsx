import { useState } from 'react';
import {
  Alert,
  Button,
  ButtonLink,
  EmptyState,
  QueryView,
  SelectField,
  TextField,
  exactTokenAmount,
  formatTokenAmount,
} from '../../../ui';
import { TokenIcon, useBalances } from '../../assets';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { tokenTransferAction } from './actions';
import { checkRecipient, checkSendAmount } from './checks';
import { AddressField } from './fields';
import { sendableTokens, type TokenChoice } from './sendTokens';
import { built, notBuilt, TxForm } from './TxForm';
import { useErrorDisplay } from './useErrorDisplay';
import styles from './Forms.module.css';

/** Send tokens: the native coin or an ERC-20 the Safe holds, to one recipient. */
export function SendForm({
  onReview,
  initialToken,
}: {
  onReview: (draft: TxDraft) => void;
  /** The `token` link parameter: the token to start with (its address; 0x0…0 for the native coin). */
  initialToken?: string;
}) {
  const { query, view } = useBalances();
  const { paths } = useSafe();
  return (
    <QueryView
      query={query}
      loadingLabel="Loading the Safe’s balances"
      errorTitle="The balances could not be loaded"
    >
      {() => {
        const tokens = view === undefined ? [] : sendableTokens(view);
        if (tokens.length === 0)
          return (
            <EmptyState
              title="The Safe holds no tokens to send"
              action={<ButtonLink to={paths.assets}>See the assets</ButtonLink>}
              testId="send-empty"
            >
              Once the Safe receives the chain’s coin or an ERC-20 token, it can be sent from here.
            </EmptyState>
          );
        return <SendFields tokens={tokens} initialToken={initialToken} onReview={onReview} />;
      }}
    </QueryView>
  );
}

function SendFields({
  tokens,
  initialToken,
  onReview,
}: {
  tokens: TokenChoice[];
  initialToken?: string;
  onReview: (draft: TxDraft) => void;
}) {
  const { address: safe, chain } = useSafe();
  const display = useErrorDisplay();
  const linked = initialToken?.toLowerCase();
  const linkedMissing = linked !== undefined && !tokens.some((choice) => choice.id === linked);
  // Without a link, the chain's own coin first (the most common payment), else the most valuable token.
  const [tokenId, setTokenId] = useState(
    () =>
      (linkedMissing ? undefined : linked) ??
      tokens.find((entry) => entry.token.type === 'NATIVE_TOKEN')?.id ??
      tokens[0]?.id ??
      '',
  );
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');

  // A token that left the list (its balance reached 0 since) is not swapped silently for another.
  const choice = tokens.find((entry) => entry.id === tokenId);
  const checkedRecipient = checkRecipient(recipient, safe, chain.shortName);
  const checkedAmount =
    choice === undefined
      ? undefined
      : checkSendAmount(amount, {
          decimals: choice.token.decimals,
          symbol: choice.token.symbol,
          balance: choice.balance,
        });

  const build = () =>
    checkedRecipient.ok && choice !== undefined && checkedAmount?.ok
      ? built(tokenTransferAction(choice.token, checkedRecipient.value, checkedAmount.value))
      : notBuilt();

  return (
    <TxForm title="Send tokens" build={build} onReview={onReview} display={display} testId="send-form">
      {linkedMissing && (
        <Alert tone="warn" testId="send-linked-missing">
          The token in the link ({initialToken}) is not among the tokens this Safe can send. Choose one below.
        </Alert>
      )}
      <AddressField
        name="recipient"
        label="Recipient"
        value={recipient}
        onChange={setRecipient}
        checked={checkedRecipient}
        display={display}
        testId="send-recipient"
      />
      <SelectField
        label="Token"
        value={choice?.id ?? ''}
        onChange={(event) => setTokenId(event.target.value)}
        start={
          choice && (
            <TokenIcon logoUri={choice.logoUri} symbol={choice.token.symbol} name={choice.name} size="sm" />
          )
        }
        error={display.error('token', choice === undefined ? 'Choose a token to send.' : undefined, true)}
        hint={choice && <TokenHint choice={choice} />}
        testId="send-token"
      >
        {choice === undefined && <option value="">Choose…</option>}
        {tokens.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {entry.token.symbol} · {formatTokenAmount(entry.balance, entry.token.decimals)}
            {entry.hidden ? ' (hidden)' : ''}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Amount"
        mono
        inputMode="decimal"
        placeholder="0"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        onBlur={() => display.touch('amount')}
        // What more digits cannot mend (too many decimals, more than the balance, a stray character)
        // is said while typing; an empty or zero amount, which the next digit may mend, only later.
        error={display.error(
          'amount',
          checkedAmount?.ok === false ? checkedAmount.error : undefined,
          !/^[0.]*$/.test(amount.trim()),
        )}
        end={choice && <span className={styles.unit}>{choice.token.symbol}</span>}
        labelAction={
          choice && (
            <Button
              size="sm"
              variant="ghost"
              className={styles.maxButton}
              onClick={() => setAmount(exactTokenAmount(choice.balance, choice.token.decimals))}
              data-testid="send-max"
            >
              Max<span className="visually-hidden">: send the whole balance of {choice.token.symbol}</span>
            </Button>
          )
        }
        hint={
          choice &&
          (choice.token.decimals === 0 && choice.token.type === 'ERC20'
            ? 'In the token’s smallest unit (it has no decimals, or the gateway does not know them).'
            : `Up to ${choice.token.decimals} decimals.`)
        }
        testId="send-amount"
      />
    </TxForm>
  );
}

function TokenHint({ choice }: { choice: TokenChoice }) {
  const kind = choice.token.type === 'NATIVE_TOKEN' ? 'the chain’s coin' : 'ERC-20';
  return (
    <span data-testid="send-token-balance">
      <bdi>{choice.name}</bdi> ({kind}): the Safe holds{' '}
      {exactTokenAmount(choice.balance, choice.token.decimals)} <bdi>{choice.token.symbol}</bdi>.
    </span>
  );
}
