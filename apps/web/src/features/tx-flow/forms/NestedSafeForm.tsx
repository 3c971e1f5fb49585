import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Address as AddressValue } from 'viem';
import * as z from 'zod/mini';
import { checkedText } from '../../../lib/formSchema';
import { Address, Alert, SelectField, TextAreaField, TextField } from '../../../ui';
import { shownError, useSchemaForm } from '../../../ui/schemaForm';
import { setAddressName } from '../../address-book';
import {
  checkName,
  deploymentTargetQueryOptions,
  deploymentTargetTexts,
  NAME_MAX,
  newSafeVersions,
  randomSaltNonce,
  type NewSafeVersion,
} from '../../safe-creation';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { parseTokenAmount, tokenText } from './checks';
import { ThresholdSelect } from './fields';
import { checkOtherOwners, nestedSafeActions, nestedSafePlan, type NestedSafeSetup } from './nestedSafe';
import { built, notBuilt, TxForm } from './TxForm';
import styles from './Forms.module.css';

/**
 * Create a nested Safe: a new Safe whose owners are this Safe and any others, deployed (and funded,
 * when asked) by one transaction of this Safe. Its address is computed here from the setup and shown
 * before anything is signed; the review words the deployment from the bytes again.
 */
export function NestedSafeForm({ onReview }: { onReview: (draft: TxDraft) => void }) {
  const { address: safe, chain, safe: info } = useSafe();
  // Fixed for the form's life, so the address shown is the address signed.
  const [saltNonce] = useState(() => BigInt(randomSaltNonce()));
  const native = { symbol: tokenText(chain.nativeCurrency.symbol), decimals: chain.nativeCurrency.decimals };
  const checkOthers = (input: string) => checkOtherOwners(input, safe as AddressValue, chain.shortName);
  const schema = z.object({
    name: checkedText(checkName),
    others: checkedText(checkOthers),
    threshold: z.number(),
    version: z.enum(newSafeVersions),
    funding: checkedText((input) =>
      input.trim() === '' ? { ok: true, value: 0n } : parseTokenAmount(input, { ...native, allowZero: true }),
    ),
  });
  const defaultVersion: NewSafeVersion = info.version === '1.5.0' ? '1.5.0' : '1.4.1';
  const form = useSchemaForm(schema, {
    name: '',
    others: '',
    threshold: 1,
    version: defaultVersion,
    funding: '',
  });

  const others = checkOthers(form.watch('others'));
  const ownerCount = 1 + (others.ok ? others.value.length : 0);
  const threshold = Math.min(form.watch('threshold'), ownerCount);
  const setupOf = (values: {
    others: AddressValue[];
    threshold: number;
    version: NewSafeVersion;
    funding: bigint;
  }) =>
    ({
      chainId: chain.chainId,
      safe: safe as AddressValue,
      others: values.others,
      threshold: Math.min(values.threshold, values.others.length + 1),
      version: values.version,
      saltNonce,
      funding: values.funding,
      native,
    }) satisfies NestedSafeSetup;
  const plan = others.ok
    ? nestedSafePlan(
        setupOf({ others: others.value, threshold, version: form.watch('version'), funding: 0n }),
      )
    : undefined;
  // As the New Safe form asks: nothing at the address yet, and the Safe contracts where they belong.
  const target = useQuery({ ...deploymentTargetQueryOptions(chain, plan), staleTime: 10_000 });
  const refusal =
    target.data === 'deployed'
      ? 'A contract already exists at this address. Reload the form for another one.'
      : target.data === 'no-contracts'
        ? deploymentTargetTexts.noContracts
        : undefined;

  return (
    <TxForm
      title="Create a nested Safe"
      form={form}
      build={(values) => {
        const setup = setupOf(values);
        const planned = nestedSafePlan(setup);
        if (refusal !== undefined && plan?.predictedAddress === planned.predictedAddress)
          return notBuilt(refusal);
        return built(nestedSafeActions(setup, planned));
      }}
      onReview={(draft) => {
        const name = form.getValues('name').trim();
        const address = plan?.predictedAddress;
        onReview({
          ...draft,
          // The name is kept once the transaction is proposed or sent, never for a draft left behind.
          onSubmitted: () => {
            if (name !== '' && address) setAddressName(chain.chainId, address, name);
          },
        });
      }}
      testId="nested-safe-form"
    >
      <p className={styles.muted}>
        This Safe becomes an owner of the new Safe: what this Safe’s owners confirm together counts as one
        signature there. Add other owners (people or Safes) if the new Safe should not depend on this one
        alone.
      </p>
      <TextField
        label="Name (for your address book)"
        {...form.register('name')}
        error={shownError(form, 'name')}
        maxLength={NAME_MAX * 2}
        testId="nested-safe-name"
      />
      <TextAreaField
        label="Other owners"
        hint="One address a line; leave empty for a Safe owned by this Safe alone."
        mono
        {...form.register('others')}
        error={shownError(form, 'others')}
        placeholder="0x…"
        testId="nested-safe-owners"
      />
      <ThresholdSelect
        field={form.register('threshold', { valueAsNumber: true })}
        value={threshold}
        owners={ownerCount}
        current={0}
        testId="nested-safe-threshold"
      />
      <SelectField
        label="Safe version"
        {...form.register('version')}
        hint="1.4.1 is what most tools know; 1.5.0 adds module guards."
        testId="nested-safe-version"
      >
        {newSafeVersions.map((version) => (
          <option key={version} value={version}>
            Safe {version}
          </option>
        ))}
      </SelectField>
      <TextField
        label={`Fund it with (${native.symbol})`}
        {...form.register('funding')}
        error={shownError(form, 'funding')}
        hint="Sent from this Safe right after the new Safe is deployed; empty for none."
        inputMode="decimal"
        testId="nested-safe-funding"
      />
      <div className={styles.current} data-testid="nested-safe-address">
        <span className={styles.currentLabel}>The new Safe’s address</span>
        {plan ? (
          <Address address={plan.predictedAddress} full />
        ) : (
          <span>Once the owners read correctly</span>
        )}
      </div>
      {refusal !== undefined && (
        <Alert tone="danger" testId="nested-safe-occupied">
          {refusal}
        </Alert>
      )}
      {plan && (
        <p className={styles.muted}>
          Computed here from the owners, the threshold, the version and salt nonce {saltNonce.toString()}: the
          review computes it again from the transaction’s bytes.
        </p>
      )}
    </TxForm>
  );
}
