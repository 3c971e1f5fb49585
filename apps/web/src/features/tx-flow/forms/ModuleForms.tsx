import { useState, type ReactNode } from 'react';
import { isAddressEqual, type Address as AddressValue } from 'viem';
import type { AddressInfo } from '@countersign/gateway-api';
import { safe141 } from '@countersign/safe-core';
import { Address, Alert, Button, EmptyState } from '../../../ui';
import { useSafe } from '../../safe';
import type { TxDraft } from '../draft';
import {
  disableModuleAction,
  enableModuleAction,
  removeGuardAction,
  setFallbackHandlerAction,
  setGuardAction,
} from './actions';
import { checkFallbackHandler, checkGuard, checkNewModule } from './checks';
import { AddressField, AddressSelect } from './fields';
import { LinkedNotFound } from './OwnerForms';
import { notBuilt, TxForm } from './TxForm';
import { useErrorDisplay } from './useErrorDisplay';
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
  const display = useErrorDisplay();
  const [module, setModule] = useState(initial.module ?? '');
  const checked = checkNewModule(module, { safe, modules, shortName: chain.shortName });
  const build = () => (checked.ok ? enableModuleAction(safe, modules, checked.value) : notBuilt());
  return (
    <TxForm
      title="Enable module"
      build={build}
      onReview={onReview}
      display={display}
      testId="enable-module-form"
    >
      <Caution>
        A module can execute any transaction from this Safe <strong>without the owners’ signatures</strong>.
        Enable only a module you trust and whose code has been checked.
      </Caution>
      <AddressField
        name="module"
        label="Module address"
        value={module}
        onChange={setModule}
        checked={checked}
        display={display}
        testId="module-address"
      />
    </TxForm>
  );
}

export function DisableModuleForm({ onReview, initial }: FormProps & { initial: { module?: string } }) {
  const { address: safe } = useSafe();
  const { modules, infos } = useModules();
  const display = useErrorDisplay();
  const linked = modules.find((entry) => initial.module !== undefined && sameAddress(entry, initial.module));
  const [module, setModule] = useState<string>(linked ?? '');
  if (modules.length === 0)
    return <EmptyState title="No module is enabled on this Safe" testId="disable-module-unavailable" />;
  const chosen = modules.find((entry) => sameAddress(entry, module));
  const build = () => (chosen ? disableModuleAction(safe, modules, chosen) : notBuilt());
  return (
    <TxForm
      title="Disable module"
      build={build}
      onReview={onReview}
      display={display}
      testId="disable-module-form"
    >
      <LinkedNotFound given={initial.module} found={linked} what="module" />
      <AddressSelect
        label="Module to disable"
        options={infos}
        value={chosen ?? ''}
        onChange={setModule}
        error={display.error('module', chosen ? undefined : 'Choose the module to disable.')}
        testId="module-select"
      />
    </TxForm>
  );
}

export function SetGuardForm({ onReview }: FormProps) {
  const { address: safe, chain, safe: info } = useSafe();
  const display = useErrorDisplay();
  const [guard, setGuard] = useState('');
  const current = info.guard === null ? undefined : (info.guard.value as AddressValue);
  const checked = checkGuard(guard, { safe, current, shortName: chain.shortName });
  const build = () => (checked.ok ? setGuardAction(safe, checked.value) : notBuilt());
  return (
    <TxForm title="Set guard" build={build} onReview={onReview} display={display} testId="set-guard-form">
      <Current label="Current guard" info={info.guard} testId="current-guard" />
      <Caution>
        A guard checks every transaction of this Safe and can refuse any of them, even the one that would
        remove it. A faulty guard can lock the Safe for good: set only a guard whose code has been checked.
      </Caution>
      <AddressField
        name="guard"
        label="Guard address"
        value={guard}
        onChange={setGuard}
        checked={checked}
        display={display}
        testId="guard-address"
      />
    </TxForm>
  );
}

export function RemoveGuardForm({ onReview }: FormProps) {
  const { address: safe, safe: info } = useSafe();
  const display = useErrorDisplay();
  if (info.guard === null)
    return <EmptyState title="This Safe has no guard" testId="remove-guard-unavailable" />;
  const guard = info.guard.value as AddressValue;
  const build = () => removeGuardAction(safe, guard);
  return (
    <TxForm
      title="Remove guard"
      build={build}
      onReview={onReview}
      display={display}
      testId="remove-guard-form"
    >
      <Current label="Guard to remove" info={info.guard} testId="current-guard" />
      <p className={styles.muted}>
        Without a guard, transactions the owners sign are executed without further checks.
      </p>
    </TxForm>
  );
}

export function FallbackHandlerForm({ onReview }: FormProps) {
  const { address: safe, chain, safe: info } = useSafe();
  const display = useErrorDisplay();
  const [handler, setHandler] = useState('');
  const current = info.fallbackHandler === null ? undefined : (info.fallbackHandler.value as AddressValue);
  const checked = checkFallbackHandler(handler, { safe, current, shortName: chain.shortName });
  const build = () => (checked.ok ? setFallbackHandlerAction(safe, checked.value) : notBuilt());
  const canonical = safe141.compatibilityFallbackHandler;
  const isCanonical = current !== undefined && isAddressEqual(current, canonical);
  return (
    <TxForm
      title="Set fallback handler"
      build={build}
      onReview={onReview}
      display={display}
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
        name="handler"
        label="New fallback handler"
        value={handler}
        onChange={setHandler}
        checked={checked}
        display={display}
        testId="fallback-handler-address"
      />
      {!isCanonical && (
        <Button
          size="sm"
          className={styles.back}
          onClick={() => {
            setHandler(canonical);
            display.touch('handler');
          }}
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
