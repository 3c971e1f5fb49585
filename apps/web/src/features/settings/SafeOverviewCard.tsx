import { ButtonLink, Card, Stat, StatGrid } from '../../ui';
import { thresholdLabel, useSafe } from '../safe';
import { VersionStateBadge } from './VersionState';
import styles from './Settings.module.css';

/** The Safe's setup at a glance, for the Home page: owners, threshold, version and nonce. */
export function SafeOverviewCard() {
  const { safe, paths } = useSafe();
  return (
    <Card className={styles.overview} testId="safe-overview-card">
      <div className={styles.overviewHeader}>
        <h2>Setup</h2>
        <ButtonLink to={paths.settings()} size="sm" variant="ghost">
          Settings
        </ButtonLink>
      </div>
      <StatGrid>
        <Stat label="Owners" testId="overview-owners">
          {safe.owners.length}
        </Stat>
        <Stat label="Threshold" testId="overview-threshold">
          {thresholdLabel(safe)}
        </Stat>
        <Stat label="Version">
          <span data-testid="overview-version">{safe.version ?? 'Unknown'}</span>
          <VersionStateBadge state={safe.implementationVersionState} testId="overview-version-state" />
        </Stat>
        <Stat label="Nonce" testId="overview-nonce">
          {safe.nonce}
        </Stat>
      </StatGrid>
    </Card>
  );
}
