import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { decodeFunctionData } from 'viem';
import { safeAbi } from '@countersign/safe-core';
import { teamSafe, teamSafeAddress, renderSafePage } from '../../../testing';
import type { TxDraft } from '../draft';
import { DisableModuleForm, EnableModuleForm, FallbackHandlerForm, RemoveGuardForm } from './ModuleForms';
import { AddOwnerForm, RemoveOwnerForm, SwapOwnerForm, ThresholdForm } from './OwnerForms';

configure({ asyncUtilTimeout: 5_000 });

const [A, B, C] = teamSafe.owners.map((owner) => owner.value) as [string, string, string];
const D = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const MODULE = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const SENTINEL = '0x0000000000000000000000000000000000000001';

const field = (testId: string) => screen.getByTestId(testId);
const errorOf = (testId: string) => screen.queryByTestId(`${testId}-error`)?.textContent;
const reviewed = (onReview: ReturnType<typeof vi.fn<(draft: TxDraft) => void>>) => {
  const draft = onReview.mock.calls[0]![0];
  const action = draft.actions[0]!;
  return { draft, action, call: decodeFunctionData({ abi: safeAbi, data: action.data }) };
};

function setup() {
  return { user: userEvent.setup(), onReview: vi.fn<(draft: TxDraft) => void>() };
}

describe('owner forms', () => {
  it('adds an owner with a threshold chosen out of the new count', async () => {
    const { user, onReview } = setup();
    renderSafePage(<AddOwnerForm onReview={onReview} initial={{ owner: B }} />);
    await user.click(field('form-continue'));
    expect(errorOf('owner-address')).toBe('This address is already an owner.');
    await user.clear(field('owner-address'));
    await user.type(field('owner-address'), D);
    expect(field('threshold-select')).toHaveValue('2');
    await user.selectOptions(field('threshold-select'), '3');
    await user.click(field('form-continue'));
    const { draft, action, call } = reviewed(onReview);
    expect(draft.title).toBe('Add owner');
    expect(action.to).toBe(teamSafeAddress);
    expect(call).toEqual({ functionName: 'addOwnerWithThreshold', args: [D, 3n] });
  });

  it('removes the owner the link names, with the owner before it and a threshold that still fits', async () => {
    const { user, onReview } = setup();
    renderSafePage(<RemoveOwnerForm onReview={onReview} initial={{ owner: C.toLowerCase() }} />);
    expect(field('owner-select')).toHaveValue(C);
    expect([...field('threshold-select').querySelectorAll('option')].map((o) => o.value)).toEqual(['1', '2']);
    await user.click(field('form-continue'));
    expect(reviewed(onReview).call).toEqual({ functionName: 'removeOwner', args: [B, C, 2n] });
  });

  it('asks which owner to remove when the link names none of them', async () => {
    const { user, onReview } = setup();
    renderSafePage(<RemoveOwnerForm onReview={onReview} initial={{ owner: D }} />);
    expect(field('linked-not-found')).toHaveTextContent(`${D} is not an owner of this Safe`);
    await user.click(field('form-continue'));
    expect(errorOf('owner-select')).toBe('Choose the owner to remove.');
    await waitFor(() => expect(field('owner-select')).toHaveFocus());
    expect(onReview).not.toHaveBeenCalled();
  });

  it('replaces the first owner, naming the sentinel before it', async () => {
    const { user, onReview } = setup();
    renderSafePage(<SwapOwnerForm onReview={onReview} initial={{ owner: A }} />);
    await user.type(field('owner-address'), D.toLowerCase());
    await user.click(field('form-continue'));
    expect(reviewed(onReview).call).toEqual({ functionName: 'swapOwner', args: [SENTINEL, A, D] });
  });

  it('changes the threshold only to another value', async () => {
    const { user, onReview } = setup();
    renderSafePage(<ThresholdForm onReview={onReview} />);
    await user.click(field('form-continue'));
    expect(errorOf('threshold-select')).toBe('The threshold is already 2: choose another.');
    await user.selectOptions(field('threshold-select'), '1');
    await user.click(field('form-continue'));
    expect(reviewed(onReview)).toMatchObject({
      call: { functionName: 'changeThreshold', args: [1n] },
      action: { label: 'Change the threshold to 1 of 3 owners' },
    });
  });
});

describe('module, guard and fallback handler forms', () => {
  const withModule = { ...teamSafe, modules: [{ value: MODULE, name: 'Allowance', logoUri: null }] };

  it('enables a module, refusing one already enabled', async () => {
    const { user, onReview } = setup();
    renderSafePage(<EnableModuleForm onReview={onReview} initial={{ module: MODULE }} />, {
      safe: withModule,
    });
    await user.click(field('form-continue'));
    expect(errorOf('module-address')).toBe('This module is already enabled.');
    await user.clear(field('module-address'));
    await user.type(field('module-address'), D);
    await user.click(field('form-continue'));
    expect(reviewed(onReview).call).toEqual({ functionName: 'enableModule', args: [D] });
  });

  it('disables the module the link names, or says there is none', async () => {
    const { user, onReview } = setup();
    const view = renderSafePage(<DisableModuleForm onReview={onReview} initial={{ module: MODULE }} />, {
      safe: withModule,
    });
    await user.click(field('form-continue'));
    expect(reviewed(onReview).call).toEqual({ functionName: 'disableModule', args: [SENTINEL, MODULE] });
    view.unmount();
    renderSafePage(<DisableModuleForm onReview={onReview} initial={{}} />);
    expect(field('disable-module-unavailable')).toHaveTextContent('No module is enabled');
  });

  it('removes the guard, or says there is none', async () => {
    const { user, onReview } = setup();
    renderSafePage(<RemoveGuardForm onReview={onReview} />, {
      safe: { ...teamSafe, guard: { value: MODULE, name: null, logoUri: null } },
    });
    await user.click(field('form-continue'));
    expect(reviewed(onReview).call.args).toEqual(['0x0000000000000000000000000000000000000000']);
  });

  it('sets the fallback handler, refusing the current one', async () => {
    const { user, onReview } = setup();
    renderSafePage(<FallbackHandlerForm onReview={onReview} />);
    expect(field('current-fallback-handler')).toHaveTextContent('CompatibilityFallbackHandler 1.4.1');
    // The fixture's handler is the canonical one: no button offers it again.
    expect(screen.queryByTestId('fallback-handler-default')).toBeNull();
    await user.type(field('fallback-handler-address'), teamSafe.fallbackHandler!.value);
    await user.click(field('form-continue'));
    expect(errorOf('fallback-handler-address')).toBe('This is already the Safe’s fallback handler.');
    await user.clear(field('fallback-handler-address'));
    await user.type(field('fallback-handler-address'), D);
    await user.click(field('form-continue'));
    expect(reviewed(onReview).call).toEqual({ functionName: 'setFallbackHandler', args: [D] });
  });
});
