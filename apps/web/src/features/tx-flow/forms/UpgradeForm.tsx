import { useQuery } from '@tanstack/react-query';
import type { Address as AddressValue } from 'viem';
import {
  canonicalFallbackHandlerName,
  canonicalSingletonName,
  safe141,
  safeMigration141Address,
  safeUpgradeOf,
} from '@countersign/safe-core';
import * as z from 'zod/mini';
import { chainClient } from '../../../lib/chainReader';
import { Address, Alert, Detail, DetailList, EmptyState, Loading } from '../../../ui';
import { useSchemaForm } from '../../../ui/schemaForm';
import { safeKey, useChainSafeState, useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import { upgradeAction } from './actions';
import { built, TxForm } from './TxForm';
import styles from './Forms.module.css';

/** Whether SafeMigration 1.4.1 has code on this chain: a delegatecall to no code "succeeds" doing nothing. */
export const safeMigrationCodeKey = (chainId: string, safe: string) =>
  safeKey(chainId, safe, 'contract-code', safeMigration141Address);

/**
 * Upgrade the Safe to 1.4.1: one delegatecall to SafeMigration 1.4.1, its method chosen from what the
 * chain says the Safe runs now (never the gateway's claim). An L2 Safe stays L2; a fallback handler
 * the owners chose themselves is kept, a canonical one becomes CompatibilityFallbackHandler 1.4.1.
 */
export function UpgradeForm({ onReview }: { onReview: (draft: TxDraft) => void }) {
  const { chain, address } = useSafe();
  const { state, query } = useChainSafeState();
  const migration = useQuery({
    queryKey: safeMigrationCodeKey(chain.chainId, address),
    queryFn: async () => {
      const { getCode } = await import('viem/actions');
      const code = await getCode(chainClient(chain), { address: safeMigration141Address });
      return code !== undefined && code !== '0x';
    },
    retry: 1,
    staleTime: 60_000,
  });
  const form = useSchemaForm(z.object({}), {});
  if (query.isPending || migration.isPending)
    return <Loading label="Reading the Safe’s code from the chain" />;
  if (state === undefined || migration.isError)
    return (
      <EmptyState title="The chain did not answer" testId="upgrade-unavailable">
        What the Safe runs is read from the chain before an upgrade is offered. Try again once its RPC
        answers.
      </EmptyState>
    );
  const upgrade = safeUpgradeOf({ singleton: state.implementation, fallbackHandler: state.fallbackHandler });
  if (upgrade === null)
    return (
      <EmptyState
        title={
          state.version === safe141.version
            ? `The Safe already runs ${safe141.version}`
            : `This app cannot upgrade this Safe (${state.version ?? 'unknown version'})`
        }
        testId="upgrade-unavailable"
      >
        {state.version === safe141.version
          ? 'There is nothing to upgrade.'
          : `It upgrades Safes that run a canonical Safe 1.3.0 singleton; this one runs ${canonicalSingletonName(state.implementation) ?? state.implementation}.`}
      </EmptyState>
    );
  if (!migration.data)
    return (
      <EmptyState
        title={`SafeMigration ${safe141.version} is not deployed on this chain`}
        testId="upgrade-unavailable"
      >
        The upgrade is a delegatecall to it at {safeMigration141Address}; without it, the transaction would do
        nothing.
      </EmptyState>
    );
  const handler = state.fallbackHandler;
  return (
    <TxForm
      title="Upgrade the Safe"
      form={form}
      build={() => built(upgradeAction(upgrade))}
      onReview={onReview}
      batchable={false}
      testId="upgrade-form"
    >
      <DetailList testId="upgrade-plan">
        <Detail label="Version" testId="upgrade-version">
          {state.version ?? 'unknown'} → {safe141.version}
        </Detail>
        <Detail label="Code (singleton)" testId="upgrade-singleton">
          <Named address={state.implementation} name={canonicalSingletonName(state.implementation)} /> →{' '}
          <Named address={upgrade.singleton} name={canonicalSingletonName(upgrade.singleton)} />
        </Detail>
        <Detail label="Fallback handler" testId="upgrade-fallback-handler">
          {upgrade.fallbackHandler === null ? (
            <>
              Kept: {handler !== null && <Named address={handler} name={null} />} is not a canonical handler,
              so the upgrade leaves it as the owners set it.
            </>
          ) : (
            <>
              {handler === null ? (
                'None'
              ) : (
                <Named address={handler} name={canonicalFallbackHandlerName(handler)} />
              )}{' '}
              →{' '}
              <Named
                address={upgrade.fallbackHandler}
                name={canonicalFallbackHandlerName(upgrade.fallbackHandler)}
              />
            </>
          )}
        </Detail>
      </DetailList>
      <Alert tone="warn" role="note">
        The Safe will delegatecall SafeMigration {safe141.version} ({safeMigration141Address}), which rewrites
        the Safe&apos;s code. Owners, threshold, modules, guard and funds stay as they are, and the review
        shows every change before anyone signs. Apps that only know {state.version ?? 'the old version'} may
        need the new one.
      </Alert>
      <p className={styles.muted}>
        Every owner who signs should check that the review names SafeMigration {safe141.version} and the
        canonical {safe141.version} contracts above.
      </p>
    </TxForm>
  );
}

function Named({ address, name }: { address: AddressValue; name: string | null }) {
  return <Address address={address} name={name ?? undefined} full />;
}
