import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Address } from 'viem';
import { safe130, safe141, safe150, safeMigration141Address } from '@countersign/safe-core';
import { devnetChain, renderSafePage, teamSafe, teamSafeAddress } from '../../../testing';
import { chainSafeStateQueryOptions, type ChainSafeState } from '../../safe';
import type { TxDraft } from '../draft';
import { safeMigrationCodeKey, UpgradeForm } from './UpgradeForm';

configure({ asyncUtilTimeout: 5_000 });

const owners = teamSafe.owners.map((owner) => owner.value as Address);
/** What the chain says of a Safe 1.3.0 on SafeL2 1.3.0 with the 1.3.0 fallback handler. */
const legacyState: ChainSafeState = {
  owners,
  threshold: 2,
  nonce: 1,
  version: '1.3.0',
  modules: [],
  guard: null,
  moduleGuard: null,
  implementation: safe130.safeL2,
  fallbackHandler: safe130.compatibilityFallbackHandler,
};

/** The chain's answers, as the form's queries would get them. */
const chainSays =
  (state: ChainSafeState, migrationDeployed = true) =>
  (client: QueryClient) => {
    client.setQueryData(chainSafeStateQueryOptions(devnetChain, teamSafeAddress as Address).queryKey, state);
    for (const migration of [safeMigration141Address, safe150.safeMigration])
      client.setQueryData(
        safeMigrationCodeKey(devnetChain.chainId, teamSafeAddress, migration),
        migrationDeployed,
      );
  };

function renderForm(state: ChainSafeState, migrationDeployed = true) {
  const onReview = vi.fn<(draft: TxDraft) => void>();
  renderSafePage(<UpgradeForm onReview={onReview} />, {
    seed: chainSays(state, migrationDeployed),
    // The gateway's claim agrees with the chain here; the form reads only the chain's.
    safe: { ...teamSafe, version: '1.3.0' },
  });
  return { onReview, user: userEvent.setup() };
}

describe('UpgradeForm', () => {
  it('reviews one delegatecall to SafeMigration 1.4.1 for a SafeL2 1.3.0, and cannot be batched', async () => {
    const { onReview, user } = renderForm(legacyState);
    expect(await screen.findByTestId('upgrade-version')).toHaveTextContent('1.3.0 → 1.4.1');
    // 1.4.1 is the recommended choice; 1.5.0 is offered beside it.
    expect(screen.getByTestId('upgrade-to-1.4.1')).toBeChecked();
    expect(screen.getByTestId('upgrade-to-1.5.0')).not.toBeChecked();
    expect(screen.getByTestId('upgrade-singleton')).toHaveTextContent('SafeL2 1.3.0');
    expect(screen.getByTestId('upgrade-singleton')).toHaveTextContent('SafeL2 1.4.1');
    expect(screen.getByTestId('upgrade-fallback-handler')).toHaveTextContent(
      'CompatibilityFallbackHandler 1.4.1',
    );
    expect(screen.queryByTestId('form-add-to-batch')).toBeNull();
    await user.click(screen.getByTestId('form-continue'));
    expect(onReview).toHaveBeenCalledOnce();
    const draft = onReview.mock.calls[0]![0];
    expect(draft.title).toBe('Upgrade the Safe');
    expect(draft.actions).toHaveLength(1);
    expect(draft.actions[0]).toMatchObject({
      to: safeMigration141Address,
      value: 0n,
      data: '0x68cb3d94',
      operation: 1,
    });
  });

  it('upgrades a SafeL2 1.3.0 to 1.5.0 through SafeMigration 1.5.0 when the owners choose it', async () => {
    const { onReview, user } = renderForm(legacyState);
    await user.click(await screen.findByTestId('upgrade-to-1.5.0'));
    expect(screen.getByTestId('upgrade-version')).toHaveTextContent('1.3.0 → 1.5.0');
    expect(screen.getByTestId('upgrade-singleton')).toHaveTextContent('SafeL2 1.5.0');
    expect(screen.getByTestId('upgrade-fallback-handler')).toHaveTextContent(
      'CompatibilityFallbackHandler 1.5.0',
    );
    await user.click(screen.getByTestId('form-continue'));
    expect(onReview.mock.calls[0]![0].actions[0]).toMatchObject({
      to: safe150.safeMigration,
      data: '0x68cb3d94',
      operation: 1,
      label: expect.stringContaining('Upgrade the Safe to 1.5.0') as unknown,
    });
  });

  it('offers a Safe 1.4.1 the upgrade to 1.5.0 alone, and says what 1.5.0 brings', async () => {
    const { onReview, user } = renderForm({
      ...legacyState,
      version: '1.4.1',
      implementation: safe141.safe,
      fallbackHandler: safe141.compatibilityFallbackHandler,
    });
    expect(await screen.findByTestId('upgrade-version')).toHaveTextContent('1.4.1 → 1.5.0');
    expect(screen.queryByTestId('upgrade-to-1.4.1')).toBeNull();
    expect(screen.getByTestId('upgrade-version-summary')).toHaveTextContent('module guard');
    await user.click(screen.getByTestId('form-continue'));
    expect(onReview.mock.calls[0]![0].actions[0]).toMatchObject({
      to: safe150.safeMigration,
      data: '0xed007fc6',
      operation: 1,
    });
  });

  it('keeps a fallback handler the owners chose: migrateL2Singleton()', async () => {
    const handler: Address = '0x000000000000000000000000000000000000bEEF';
    const { onReview, user } = renderForm({ ...legacyState, fallbackHandler: handler });
    expect(await screen.findByTestId('upgrade-fallback-handler')).toHaveTextContent(/^Kept:/);
    await user.click(screen.getByTestId('form-continue'));
    expect(onReview.mock.calls[0]![0].actions[0]).toMatchObject({ data: '0x07f464a4', operation: 1 });
  });

  it('offers nothing for a Safe that already runs 1.5.0, whatever the gateway says', async () => {
    renderForm({ ...legacyState, version: '1.5.0', implementation: safe150.safeL2 });
    expect(await screen.findByTestId('upgrade-unavailable')).toHaveTextContent('The Safe already runs 1.5.0');
    expect(screen.queryByTestId('form-continue')).toBeNull();
  });

  it('says why it cannot upgrade unknown code, or where SafeMigration is missing', async () => {
    const unknown: Address = '0x000000000000000000000000000000000000dEaD';
    const { unmount } = renderSafePage(<UpgradeForm onReview={vi.fn()} />, {
      seed: chainSays({ ...legacyState, implementation: unknown }),
    });
    expect(await screen.findByTestId('upgrade-unavailable')).toHaveTextContent(
      `This app cannot upgrade this Safe (1.3.0)`,
    );
    expect(screen.getByTestId('upgrade-unavailable')).toHaveTextContent(unknown);
    unmount();
    renderForm(legacyState, false);
    expect(await screen.findByTestId('upgrade-unavailable')).toHaveTextContent(
      'SafeMigration 1.5.0 and 1.4.1 are not deployed on this chain',
    );
  });
});
