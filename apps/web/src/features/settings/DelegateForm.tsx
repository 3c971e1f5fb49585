import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from 'viem';
import * as z from 'zod/mini';
import { parseAddressInput } from '../../lib/addressInput';
import { checkedText } from '../../lib/formSchema';
import { err, ok } from '../../lib/result';
import { useGateway } from '../../lib/ServicesProvider';
import { Alert, Button, TextField } from '../../ui';
import { shownError, useSchemaForm } from '../../ui/schemaForm';
import { safeKey, useSafe } from '../safe';
import { useSignerService } from '../wallet';
import { addSafeDelegate } from './delegateActions';
import styles from './Settings.module.css';

/** The gateway keeps a delegate's label up to this long. */
const MAX_LABEL_LENGTH = 50;

const delegateSchema = (shortName: string) =>
  z.object({
    delegate: checkedText((input) =>
      parseAddressInput(input, { shortName, empty: 'Enter the delegate’s address.' }),
    ),
    label: checkedText((input) => {
      const label = input.trim();
      if (label === '') return err('Give the delegate a label, such as who it is.');
      if (label.length > MAX_LABEL_LENGTH) return err(`At most ${MAX_LABEL_LENGTH} characters.`);
      return ok(label);
    }),
  });

/**
 * Adds a delegate for the connected owner: the owner signs the delegate's address (EIP-712, valid
 * for the hour) and the gateway stores the delegation once it has checked the signature.
 */
export function DelegateForm({
  owner,
  listed,
}: {
  owner: Address;
  /** The delegates listed now: the line saying one was added goes once it is removed. */
  listed: readonly string[];
}) {
  const { chain, address } = useSafe();
  const gateway = useGateway();
  const signer = useSignerService();
  const queryClient = useQueryClient();
  const form = useSchemaForm(delegateSchema(chain.shortName), { delegate: '', label: '' });
  const add = useMutation({
    mutationFn: (values: { delegate: Address; label: string }) =>
      addSafeDelegate({ gateway, signer, chainId: chain.chainId, safe: address, owner, ...values }),
    onSuccess: (result) => {
      if (!result.ok) return;
      form.reset();
      void queryClient.invalidateQueries({ queryKey: safeKey(chain.chainId, address, 'delegates') });
    },
  });
  const failure = add.data?.ok === false ? add.data.error : undefined;
  const added =
    add.data?.ok === true &&
    listed.some((delegate) => delegate.toLowerCase() === add.variables?.delegate.toLowerCase())
      ? add.variables
      : undefined;
  return (
    <form
      className={styles.delegateForm}
      onSubmit={form.handleSubmit((values) => add.mutate(values))}
      noValidate
      data-testid="delegate-form"
    >
      <div className={styles.delegateFields}>
        <TextField
          label="Delegate address"
          mono
          placeholder="0x…"
          {...form.register('delegate')}
          error={shownError(form, 'delegate')}
          testId="delegate-new-address"
        />
        <TextField
          label="Label"
          maxLength={MAX_LABEL_LENGTH * 2}
          {...form.register('label')}
          error={shownError(form, 'label')}
          hint="Public: the gateway lists it with the delegate."
          testId="delegate-new-label"
        />
      </div>
      <div>
        <Button type="submit" variant="primary" disabled={add.isPending} data-testid="delegate-add">
          {add.isPending ? 'Waiting for your signature…' : 'Sign and add delegate'}
        </Button>
      </div>
      {failure && (
        <Alert tone="danger" title="Not added" role="alert" testId="delegate-add-error">
          {failure.message}
        </Alert>
      )}
      {added && !add.isPending && (
        <p role="status" className={styles.hint} data-testid="delegate-added">
          Added “<bdi>{added.label}</bdi>”: it can now propose transactions for the owners to sign.
        </p>
      )}
    </form>
  );
}
