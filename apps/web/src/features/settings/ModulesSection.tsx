import { Alert, ButtonLink, PlusIcon, Section } from '../../ui';
import { versionAtLeast } from '@countersign/safe-core';
import { useChainSafeState, useSafe } from '../safe';
import { ContractAddress } from './ContractAddress';
import styles from './Settings.module.css';

const none = <p className={styles.muted}>None</p>;

/**
 * The contracts that act on the Safe besides its owners: modules, the guard, the module guard (Safe
 * 1.5.0, read from the chain: the gateway does not serve it), the fallback handler.
 */
export function ModulesSection() {
  const { safe, chain, paths } = useSafe();
  const modules = safe.modules ?? [];
  const { state } = useChainSafeState();
  const hasModuleGuards = state !== undefined && versionAtLeast(state.version, '1.5.0');
  return (
    <div className={styles.section} data-testid="settings-modules">
      <Section
        title={`Modules (${modules.length})`}
        id="settings-module-list"
        actions={
          <ButtonLink
            to={paths.newTransactionOf('enable-module')}
            size="sm"
            icon={<PlusIcon />}
            data-testid="settings-enable-module"
          >
            Enable module
          </ButtonLink>
        }
      >
        <Alert tone="warn" role="note">
          <p>
            A module can execute transactions from this Safe without the owners’ signatures. Keep only modules
            you trust.
          </p>
        </Alert>
        {modules.length === 0 ? (
          <div data-testid="settings-module-none">{none}</div>
        ) : (
          <ul className={styles.list} data-testid="settings-module-list">
            {modules.map((module) => (
              <li key={module.value} className={styles.item} data-testid="settings-module">
                <ContractAddress info={module} chain={chain} />
                <span className={styles.itemActions}>
                  <ButtonLink
                    to={paths.newTransactionOf('disable-module', { module: module.value })}
                    size="sm"
                    variant="ghost"
                    data-testid="settings-disable-module"
                  >
                    Disable<span className="visually-hidden"> module {module.value}</span>
                  </ButtonLink>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section
        title="Guard"
        id="settings-guard"
        actions={
          <>
            <ButtonLink to={paths.newTransactionOf('set-guard')} size="sm" data-testid="settings-set-guard">
              {safe.guard === null ? 'Set guard' : 'Change guard'}
            </ButtonLink>
            {safe.guard !== null && (
              <ButtonLink
                to={paths.newTransactionOf('remove-guard')}
                size="sm"
                variant="danger"
                data-testid="settings-remove-guard"
              >
                Remove guard
              </ButtonLink>
            )}
          </>
        }
      >
        <Alert tone="warn" role="note">
          <p>A guard checks every transaction of this Safe and can block it, even one the owners signed.</p>
        </Alert>
        <div className={styles.single} data-testid="settings-guard">
          {safe.guard === null ? none : <ContractAddress info={safe.guard} chain={chain} />}
        </div>
      </Section>

      {hasModuleGuards && (
        <Section
          title="Module guard"
          id="settings-module-guard"
          actions={
            <>
              <ButtonLink
                to={paths.newTransactionOf('set-module-guard')}
                size="sm"
                data-testid="settings-set-module-guard"
              >
                {state.moduleGuard === null ? 'Set module guard' : 'Change module guard'}
              </ButtonLink>
              {state.moduleGuard !== null && (
                <ButtonLink
                  to={paths.newTransactionOf('remove-module-guard')}
                  size="sm"
                  variant="danger"
                  data-testid="settings-remove-module-guard"
                >
                  Remove module guard
                </ButtonLink>
              )}
            </>
          }
        >
          <p className={styles.muted}>
            Checks every transaction a module makes and can block it. Read from the Safe contract on the
            chain.
          </p>
          <div className={styles.single} data-testid="settings-module-guard">
            {state.moduleGuard === null ? (
              none
            ) : (
              <ContractAddress info={{ value: state.moduleGuard, name: null, logoUri: null }} chain={chain} />
            )}
          </div>
        </Section>
      )}

      <Section
        title="Fallback handler"
        id="settings-fallback-handler"
        actions={
          <ButtonLink
            to={paths.newTransactionOf('fallback-handler')}
            size="sm"
            data-testid="settings-change-fallback-handler"
          >
            Change fallback handler
          </ButtonLink>
        }
      >
        <p className={styles.muted}>
          Answers calls the Safe itself does not implement, such as checking its message signatures
          (EIP-1271).
        </p>
        <div className={styles.single} data-testid="settings-fallback-handler">
          {safe.fallbackHandler === null ? (
            none
          ) : (
            <ContractAddress info={safe.fallbackHandler} chain={chain} />
          )}
        </div>
      </Section>
    </div>
  );
}
