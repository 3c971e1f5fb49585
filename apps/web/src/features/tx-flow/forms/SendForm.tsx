import * as z from 'zod/mini';
import { checkedText } from '../../../lib/formSchema';
import { err, ok } from '../../../lib/result';
import {
  Alert,
  Button,
  ButtonLink,
  EmptyState,
  QueryView,
  SelectField,
  TextField,
  exactTokenAmount,
  groupedExactAmount,
  formatTokenAmount,
} from '../../../ui';
import { shownError, useSchemaForm } from '../../../ui/schemaForm';
import { TokenIcon, useBalances } from '../../assets';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { tokenTransferAction } from './actions';
import { checkRecipient, checkSendAmount } from './checks';
import { AddressField } from './fields';
import { sendableTokens, type TokenChoice } from './sendTokens';
import { built, TxForm } from './TxForm';
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
  const linked = initialToken?.toLowerCase();
  const linkedMissing = linked !== undefined && !tokens.some((choice) => choice.id === linked);
  const checkRecipientHere = (input: string) => checkRecipient(input, safe, chain.shortName);
  const form = useSchemaForm(
    z.object({
      recipient: checkedText(checkRecipientHere),
      token: checkedText((id) => {
        const chosen = tokens.find((entry) => entry.id === id);
        return chosen ? ok(chosen) : err('Choose a token to send.');
      }),
      // Read against the token chosen now (the schema is rebuilt with it on every render).
      amount: checkedText((input) => (choice === undefined ? ok(0n) : checkAmount(input, choice))),
    }),
    {
      // Without a link, the chain's own coin first (the most common payment), else the most valuable token.
      token:
        (linkedMissing ? undefined : linked) ??
        tokens.find((entry) => entry.token.type === 'NATIVE_TOKEN')?.id ??
        tokens[0]?.id ??
        '',
      recipient: '',
      amount: '',
    },
  );
  const [tokenId, amount] = form.watch(['token', 'amount']);

  // A token that left the list (its balance reached 0 since) is not swapped silently for another.
  const choice: TokenChoice | undefined = tokens.find((entry) => entry.id === tokenId);
  const checkedAmount = choice === undefined ? undefined : checkAmount(amount, choice);
  const amountShown = () => form.getFieldState('amount').isTouched || form.formState.isSubmitted;

  return (
    <TxForm
      title="Send tokens"
      form={form}
      build={(values) => built(tokenTransferAction(values.token.token, values.recipient, values.amount))}
      onReview={onReview}
      testId="send-form"
    >
      {linkedMissing && (
        <Alert tone="warn" testId="send-linked-missing">
          The token in the link ({initialToken}) is not among the tokens this Safe can send. Choose one below.
        </Alert>
      )}
      <AddressField
        form={form}
        name="recipient"
        label="Recipient"
        check={checkRecipientHere}
        recipient
        testId="send-recipient"
      />
      <SelectField
        label="Token"
        {...form.register('token', {
          // The amount is read against the token: a shown verdict follows the new one.
          onChange: () => (amountShown() ? form.trigger('amount') : undefined),
        })}
        value={choice?.id ?? ''}
        start={
          choice && (
            <TokenIcon logoUri={choice.logoUri} symbol={choice.token.symbol} name={choice.name} size="sm" />
          )
        }
        error={choice === undefined ? 'Choose a token to send.' : undefined}
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
        {...form.register('amount')}
        // What more digits cannot mend (too many decimals, more than the balance, a stray character)
        // is said while typing; an empty or zero amount, which the next digit may mend, only later.
        error={
          shownError(form, 'amount') ??
          (checkedAmount?.ok === false && !/^[0.]*$/.test(amount.trim()) ? checkedAmount.error : undefined)
        }
        end={choice && <span className={styles.unit}>{choice.token.symbol}</span>}
        labelAction={
          choice && (
            <Button
              size="sm"
              variant="ghost"
              className={styles.maxButton}
              onClick={() =>
                form.setValue('amount', exactTokenAmount(choice.balance, choice.token.decimals), {
                  shouldValidate: amountShown(),
                })
              }
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

const checkAmount = (input: string, choice: TokenChoice) =>
  checkSendAmount(input, {
    decimals: choice.token.decimals,
    symbol: choice.token.symbol,
    balance: choice.balance,
  });

function TokenHint({ choice }: { choice: TokenChoice }) {
  const kind = choice.token.type === 'NATIVE_TOKEN' ? 'the chain’s coin' : 'ERC-20';
  return (
    <span data-testid="send-token-balance">
      <bdi>{choice.name}</bdi> ({kind}): the Safe holds{' '}
      {groupedExactAmount(choice.balance, choice.token.decimals)} <bdi>{choice.token.symbol}</bdi>.
    </span>
  );
}
