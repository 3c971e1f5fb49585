import { useQueries } from '@tanstack/react-query';
import type { Address as AddressValue } from 'viem';
import {
  canonicalFallbackHandlerName,
  canonicalSingletonName,
  safe150,
  safeUpgradesOf,
  type SafeUpgrade,
  type SafeUpgradeVersion,
} from '@countersign/safe-core';
import * as z from 'zod/mini';
import { chainClient } from '../../../lib/chainReader';
import { Address, Alert, Detail, DetailList, EmptyState, Loading } from '../../../ui';
import { RadioChoices } from '../../../ui/RadioChoices';
import { useSchemaForm } from '../../../ui/schemaForm';
import {
  recommendedSafeVersion,
  safeKey,
  safeVersionSummaries,
  useChainSafeState,
  useSafe,
  type ChainSafeState,
} from '../../safe';
import type { TxDraft } from '../draft';
import { upgradeAction } from './actions';
import { built, TxForm } from './TxForm';
import styles from './Forms.module.css';

/** Whether a SafeMigration has code on this chain: a delegatecall to no code "succeeds" doing nothing. */
export const safeMigrationCodeKey = (chainId: string, safe: string, migration: string) =>
  safeKey(chainId, safe, 'contract-code', migration);

/**
 * Upgrade the Safe: one delegatecall to the canonical SafeMigration of the version the owners choose
 * (1.4.1 or 1.5.0 from 1.3.0, 1.5.0 from 1.4.1), its method chosen from what the chain says the Safe
 * runs now (never the gateway's claim). An L2 Safe stays L2; a fallback handler the owners chose
 * themselves is kept, a canonical one becomes that version's CompatibilityFallbackHandler.
 */
export function UpgradeForm({ onReview }: { onReview: (draft: TxDraft) => void }) {
  const { chain, address } = useSafe();
  const { state, query } = useChainSafeState();
  const upgrades =
    state === undefined
      ? []
      : safeUpgradesOf({ singleton: state.implementation, fallbackHandler: state.fallbackHandler });
  const deployed = useQueries({
    queries: upgrades.map((upgrade) => ({
      queryKey: safeMigrationCodeKey(chain.chainId, address, upgrade.migration),
      queryFn: async () => {
        const { getCode } = await import('viem/actions');
        const code = await getCode(chainClient(chain), { address: upgrade.migration });
        return code !== undefined && code !== '0x';
      },
      retry: 1,
      staleTime: 60_000,
    })),
  });
  if (query.isPending || deployed.some((result) => result.isPending))
    return <Loading label="Reading the Safe’s code from the chain" />;
  if (state === undefined || deployed.some((result) => result.isError))
    return (
      <EmptyState title="The chain did not answer" testId="upgrade-unavailable">
        What the Safe runs is read from the chain before an upgrade is offered. Try again once its RPC
        answers.
      </EmptyState>
    );
  if (upgrades.length === 0)
    return (
      <EmptyState
        title={
          state.version === safe150.version
            ? `The Safe already runs ${safe150.version}`
            : `This app cannot upgrade this Safe (${state.version ?? 'unknown version'})`
        }
        testId="upgrade-unavailable"
      >
        {state.version === safe150.version
          ? 'There is nothing to upgrade.'
          : `It upgrades Safes that run a canonical Safe 1.3.0 or 1.4.1 singleton; this one runs ${canonicalSingletonName(state.implementation) ?? state.implementation}.`}
      </EmptyState>
    );
  const [newest, ...older] = upgrades.filter((_, index) => deployed[index]?.data === true);
  if (newest === undefined)
    return (
      <EmptyState
        title={`SafeMigration ${upgrades.map((upgrade) => upgrade.version).join(' and ')} ${upgrades.length > 1 ? 'are' : 'is'} not deployed on this chain`}
        testId="upgrade-unavailable"
      >
        The upgrade is a delegatecall to it at {upgrades.map((upgrade) => upgrade.migration).join(' or ')};
        without it, the transaction would do nothing.
      </EmptyState>
    );
  return <UpgradePlan state={state} upgrades={[newest, ...older]} onReview={onReview} />;
}

function UpgradePlan({
  state,
  upgrades,
  onReview,
}: {
  state: ChainSafeState;
  /** What the Safe can be upgraded to here, newest first. */
  upgrades: [SafeUpgrade, ...SafeUpgrade[]];
  onReview: (draft: TxDraft) => void;
}) {
  const versions = upgrades.map((upgrade) => upgrade.version);
  const initial = versions.includes(recommendedSafeVersion) ? recommendedSafeVersion : upgrades[0].version;
  const form = useSchemaForm(z.object({ version: z.enum(versions as [SafeUpgradeVersion]) }), {
    version: initial,
  });
  const chosen = form.watch('version');
  const upgrade = upgrades.find((candidate) => candidate.version === chosen) ?? upgrades[0];
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
      {upgrades.length > 1 && (
        <RadioChoices
          legend="Upgrade to"
          layout="stack"
          choices={upgrades.map((option) => ({
            value: option.version,
            label: (
              <span>
                <strong>
                  {option.version}
                  {option.version === recommendedSafeVersion ? ' (recommended)' : ''}
                </strong>
                <br />
                <span className={styles.muted}>{safeVersionSummaries[option.version]}</span>
              </span>
            ),
            testId: `upgrade-to-${option.version}`,
          }))}
          inputProps={(version) => ({ ...form.register('version'), checked: chosen === version })}
        />
      )}
      <DetailList testId="upgrade-plan">
        <Detail label="Version" testId="upgrade-version">
          {state.version ?? 'unknown'} → {upgrade.version}
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
      {upgrades.length === 1 && (
        <p className={styles.muted} data-testid="upgrade-version-summary">
          {upgrade.version}: {safeVersionSummaries[upgrade.version]}
        </p>
      )}
      <Alert tone="warn" role="note">
        The Safe will delegatecall SafeMigration {upgrade.version} ({upgrade.migration}), which rewrites the
        Safe&apos;s code. Owners, threshold, modules, guard and funds stay as they are, and the review shows
        every change before anyone signs. Apps that only know {state.version ?? 'the old version'} may need
        the new one.
      </Alert>
      <p className={styles.muted}>
        Every owner who signs should check that the review names SafeMigration {upgrade.version} and the
        canonical {upgrade.version} contracts above.
      </p>
    </TxForm>
  );
}

function Named({ address, name }: { address: AddressValue; name: string | null }) {
  return <Address address={address} name={name ?? undefined} full />;
}
