import type { ReactNode } from 'react';
import { isAddressEqual, type Address as AddressValue } from 'viem';
import type { AddressInfo } from '@countersign/gateway-api';
import { safe141, versionAtLeast } from '@countersign/safe-core';
import * as z from 'zod/mini';
import { checkedText } from '../../../lib/formSchema';
import { err, ok } from '../../../lib/result';
import { Address, Alert, Button, EmptyState, Loading } from '../../../ui';
import { shownError, useSchemaForm } from '../../../ui/schemaForm';
import { useChainSafeState, useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import {
  disableModuleAction,
  enableModuleAction,
  removeGuardAction,
  removeModuleGuardAction,
  setFallbackHandlerAction,
  setGuardAction,
  setModuleGuardAction,
} from './actions';
import { checkFallbackHandler, checkGuard, checkNewModule } from './checks';
import { AddressField, AddressSelect } from './fields';
import { LinkedNotFound } from './OwnerForms';
import { TxForm } from './TxForm';
import styles from './Forms.module.css';

/**
 * The contracts that act on the Safe beside its owners: modules, the guard, the fallback handler.
 * Each form says plainly what the contract will be able to do once set.
 */
type FormProps = { onReview: (draft: TxDraft) => void };

function useModules(): { modules: AddressValue[]; infos: AddressInfo[] } {
  const { safe } = useSafe();
  const infos = safe.modules ?? [];
  return { modules: infos.map((info) => info.value as AddressValue), infos };
}

/** What is set now, shown above the form that changes it. */
function Current({ label, info, testId }: { label: string; info: AddressInfo | null; testId: string }) {
  return (
    <div className={styles.current} data-testid={testId}>
      <span className={styles.currentLabel}>{label}</span>
      {info === null ? <span>None</span> : <Address address={info.value} name={info.name} full />}
    </div>
  );
}

function Caution({ children }: { children: ReactNode }) {
  return (
    <Alert tone="warn" role="note">
      {children}
    </Alert>
  );
}

export function EnableModuleForm({ onReview, initial }: FormProps & { initial: { module?: string } }) {
  const { address: safe, chain } = useSafe();
  const { modules } = useModules();
  const check = (input: string) => checkNewModule(input, { safe, modules, shortName: chain.shortName });
  const form = useSchemaForm(z.object({ module: checkedText(check) }), { module: initial.module ?? '' });
  return (
    <TxForm
      title="Enable module"
      form={form}
      build={(values) => enableModuleAction(safe, modules, values.module)}
      onReview={onReview}
      testId="enable-module-form"
    >
      <Caution>
        A module can execute any transaction from this Safe <strong>without the owners’ signatures</strong>.
        Enable only a module you trust and whose code has been checked.
      </Caution>
      <AddressField form={form} name="module" label="Module address" check={check} testId="module-address" />
    </TxForm>
  );
}

export function DisableModuleForm({ onReview, initial }: FormProps & { initial: { module?: string } }) {
  const { address: safe } = useSafe();
  const { modules, infos } = useModules();
  const linked = modules.find((entry) => initial.module !== undefined && sameAddress(entry, initial.module));
  const schema = z.object({
    module: checkedText((input) => {
      const chosen = modules.find((entry) => sameAddress(entry, input));
      return chosen ? ok(chosen) : err('Choose the module to disable.');
    }),
  });
  const form = useSchemaForm(schema, { module: linked ?? '' });
  if (modules.length === 0)
    return <EmptyState title="No module is enabled on this Safe" testId="disable-module-unavailable" />;
  return (
    <TxForm
      title="Disable module"
      form={form}
      build={(values) => disableModuleAction(safe, modules, values.module)}
      onReview={onReview}
      testId="disable-module-form"
    >
      <LinkedNotFound given={initial.module} found={linked} what="module" />
      <AddressSelect
        label="Module to disable"
        options={infos}
        field={form.register('module')}
        value={form.watch('module')}
        error={shownError(form, 'module')}
        testId="module-select"
      />
    </TxForm>
  );
}

export function SetGuardForm({ onReview }: FormProps) {
  const { address: safe, chain, safe: info } = useSafe();
  const current = info.guard === null ? undefined : (info.guard.value as AddressValue);
  const check = (input: string) => checkGuard(input, { safe, current, shortName: chain.shortName });
  const form = useSchemaForm(z.object({ guard: checkedText(check) }), { guard: '' });
  return (
    <TxForm
      title="Set guard"
      form={form}
      build={(values) => setGuardAction(safe, values.guard)}
      onReview={onReview}
      testId="set-guard-form"
    >
      <Current label="Current guard" info={info.guard} testId="current-guard" />
      <Caution>
        A guard checks every transaction of this Safe and can refuse any of them, even the one that would
        remove it. A faulty guard can lock the Safe for good: set only a guard whose code has been checked.
      </Caution>
      <AddressField form={form} name="guard" label="Guard address" check={check} testId="guard-address" />
    </TxForm>
  );
}

export function RemoveGuardForm({ onReview }: FormProps) {
  const { address: safe, safe: info } = useSafe();
  const form = useSchemaForm(z.object({}), {});
  if (info.guard === null)
    return <EmptyState title="This Safe has no guard" testId="remove-guard-unavailable" />;
  const guard = info.guard.value as AddressValue;
  return (
    <TxForm
      title="Remove guard"
      form={form}
      build={() => removeGuardAction(safe, guard)}
      onReview={onReview}
      testId="remove-guard-form"
    >
      <Current label="Guard to remove" info={info.guard} testId="current-guard" />
      <p className={styles.muted}>
        Without a guard, transactions the owners sign are executed without further checks.
      </p>
    </TxForm>
  );
}

/**
 * The module guard (Safe 1.5.0) as the chain has it: the gateway's SafeInfo does not carry it, so the
 * form reads the Safe's storage before it offers anything.
 */
function useModuleGuard():
  { status: 'pending' | 'failed' | 'unsupported' } | { status: 'read'; current: AddressValue | null } {
  const { state, query } = useChainSafeState();
  if (query.isPending) return { status: 'pending' };
  if (state === undefined) return { status: 'failed' };
  if (!versionAtLeast(state.version, '1.5.0')) return { status: 'unsupported' };
  return { status: 'read', current: state.moduleGuard };
}

function ModuleGuardUnavailable({ status }: { status: 'pending' | 'failed' | 'unsupported' }) {
  if (status === 'pending') return <Loading label="Reading the module guard from the chain" />;
  return (
    <EmptyState
      title={status === 'failed' ? 'The chain did not answer' : 'Module guards exist from Safe 1.5.0'}
      testId="module-guard-unavailable"
    >
      {status === 'failed'
        ? 'The module guard is read from the Safe contract before it is changed. Try again once its RPC answers.'
        : 'This Safe runs an earlier version: upgrade it to 1.5.0 first (Settings, Security check or New transaction, Upgrade).'}
    </EmptyState>
  );
}

export function SetModuleGuardForm({ onReview }: FormProps) {
  const { address: safe, chain } = useSafe();
  const moduleGuard = useModuleGuard();
  const current = moduleGuard.status === 'read' ? (moduleGuard.current ?? undefined) : undefined;
  const check = (input: string) =>
    checkGuard(input, { safe, current, shortName: chain.shortName, which: 'module guard' });
  const form = useSchemaForm(z.object({ moduleGuard: checkedText(check) }), { moduleGuard: '' });
  if (moduleGuard.status !== 'read') return <ModuleGuardUnavailable status={moduleGuard.status} />;
  return (
    <TxForm
      title="Set module guard"
      form={form}
      build={(values) => setModuleGuardAction(safe, values.moduleGuard)}
      onReview={onReview}
      testId="set-module-guard-form"
    >
      <Current
        label="Current module guard"
        info={current === undefined ? null : { value: current, name: null, logoUri: null }}
        testId="current-module-guard"
      />
      <Caution>
        A module guard checks every transaction a module makes and can refuse any of them, a recovery
        module&apos;s included. A faulty one can stop every module for good: set only a module guard whose
        code has been checked. Transactions the owners sign are not affected.
      </Caution>
      <AddressField
        form={form}
        name="moduleGuard"
        label="Module guard address"
        check={check}
        testId="module-guard-address"
      />
    </TxForm>
  );
}

export function RemoveModuleGuardForm({ onReview }: FormProps) {
  const { address: safe } = useSafe();
  const moduleGuard = useModuleGuard();
  const form = useSchemaForm(z.object({}), {});
  if (moduleGuard.status !== 'read') return <ModuleGuardUnavailable status={moduleGuard.status} />;
  const current = moduleGuard.current;
  if (current === null)
    return <EmptyState title="This Safe has no module guard" testId="remove-module-guard-unavailable" />;
  return (
    <TxForm
      title="Remove module guard"
      form={form}
      build={() => removeModuleGuardAction(safe, current)}
      onReview={onReview}
      testId="remove-module-guard-form"
    >
      <Current
        label="Module guard to remove"
        info={{ value: current, name: null, logoUri: null }}
        testId="current-module-guard"
      />
      <p className={styles.muted}>Without a module guard, modules act without further checks.</p>
    </TxForm>
  );
}

export function FallbackHandlerForm({ onReview }: FormProps) {
  const { address: safe, chain, safe: info } = useSafe();
  const current = info.fallbackHandler === null ? undefined : (info.fallbackHandler.value as AddressValue);
  const check = (input: string) => checkFallbackHandler(input, { safe, current, shortName: chain.shortName });
  const form = useSchemaForm(z.object({ handler: checkedText(check) }), { handler: '' });
  const canonical = safe141.compatibilityFallbackHandler;
  const isCanonical = current !== undefined && isAddressEqual(current, canonical);
  return (
    <TxForm
      title="Set fallback handler"
      form={form}
      build={(values) => setFallbackHandlerAction(safe, values.handler)}
      onReview={onReview}
      testId="fallback-handler-form"
    >
      <Current
        label="Current fallback handler"
        info={info.fallbackHandler}
        testId="current-fallback-handler"
      />
      <Caution>
        The fallback handler answers every call the Safe does not implement itself, such as message signature
        checks (EIP-1271). Set only a handler whose code has been checked.
      </Caution>
      <AddressField
        form={form}
        name="handler"
        label="New fallback handler"
        check={check}
        testId="fallback-handler-address"
      />
      {!isCanonical && (
        <Button
          size="sm"
          className={styles.back}
          // As if typed and left: its rule's answer shows at once.
          onClick={() => form.setValue('handler', canonical, { shouldTouch: true, shouldValidate: true })}
          data-testid="fallback-handler-default"
        >
          Use CompatibilityFallbackHandler {safe141.version}
        </Button>
      )}
    </TxForm>
  );
}

const sameAddress = (a: AddressValue, b: string) =>
  /^0x[0-9a-fA-F]{40}$/.test(b) && isAddressEqual(a, b as AddressValue);
