import { Alert, ButtonLink, Section } from '../../ui';
import { needingAttention } from './health';
import { useSafeHealth } from './useSafeHealth';
import styles from './Settings.module.css';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** The Safe's health report: each finding, why it matters, what to do and the form that does it. */
export function SecuritySection() {
  const health = useSafeHealth({ contractOwners: true, factory: true });
  const attention = needingAttention(health.findings).length;
  const notChecked = [
    ...(health.chainFailed
      ? [
          'The chain did not answer: the owners, threshold, modules, guard and version below are the gateway’s claim.',
        ]
      : []),
    ...(health.chainPending ? ['Reading the Safe from the chain…'] : []),
    ...(health.contractOwnersFailed ? ['Whether owners are contracts could not be checked.'] : []),
    ...(health.factoryPending ? ['Checking which factory created this Safe…'] : []),
    ...(!health.queueChecked
      ? ['The queue is not loaded yet: conflicts and nonce gaps are not checked.']
      : []),
  ];
  return (
    <div className={styles.section} data-testid="settings-security">
      <Section title="Security check" id="settings-security-report">
        <p data-testid="security-summary">
          {attention === 0
            ? 'Nothing in this Safe’s setup needs attention.'
            : `${attention} ${plural(attention, 'thing', 'things')} in this Safe’s setup ${plural(attention, 'needs', 'need')} attention.`}{' '}
          {health.source === 'chain' ? 'Read from the Safe contract on the chain.' : ''}
        </p>
        {notChecked.map((line) => (
          <p key={line} className={styles.muted} data-testid="security-not-checked">
            {line}
          </p>
        ))}
        <ul className={styles.list} data-testid="security-findings">
          {health.findings.map((finding) => (
            <li key={finding.id} data-testid={`security-finding-${finding.id}`} data-tone={finding.tone}>
              <Alert
                tone={finding.tone}
                // A report the reader opened: read in order, not announced over what they are reading.
                role="note"
                title={finding.title}
                actions={
                  finding.action && (
                    <ButtonLink to={finding.action.to} size="sm">
                      {finding.action.label}
                    </ButtonLink>
                  )
                }
              >
                <p>{finding.why}</p>
                {finding.tone !== 'ok' && (
                  <p>
                    <strong>What to do:</strong> {finding.todo}
                  </p>
                )}
              </Alert>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
