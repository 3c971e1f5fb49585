import { Alert, Section } from '../../ui';
import { useSafe } from '../safe';
import { ContractAddress } from './ContractAddress';
import styles from './Settings.module.css';

const none = <p className={styles.muted}>None</p>;

/** The contracts that act on the Safe besides its owners: modules, the guard, the fallback handler. */
export function ModulesSection() {
  const { safe, chain } = useSafe();
  const modules = safe.modules ?? [];
  return (
    <div className={styles.section} data-testid="settings-modules">
      <Section title={`Modules (${modules.length})`} id="settings-module-list">
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
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Guard" id="settings-guard">
        <Alert tone="warn" role="note">
          <p>A guard checks every transaction of this Safe and can block it, even one the owners signed.</p>
        </Alert>
        <div className={styles.single} data-testid="settings-guard">
          {safe.guard === null ? none : <ContractAddress info={safe.guard} chain={chain} />}
        </div>
      </Section>

      <Section title="Fallback handler" id="settings-fallback-handler">
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
