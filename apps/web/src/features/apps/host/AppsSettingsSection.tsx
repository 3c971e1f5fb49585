import { restrictedMethodDescriptions, type RestrictedMethod } from '@countersign/safe-apps-bridge';
import { Button, Card, DateTime, EmptyState, Section } from '../../../ui';
import { forgetApp, revokeAppPermission, setAppSettings, useStoredApps, type StoredApp } from './appStore';
import styles from './host.module.css';

const describe = (method: string) =>
  method in restrictedMethodDescriptions ? restrictedMethodDescriptions[method as RestrictedMethod] : method;

/**
 * Settings → Safe Apps: what each app that ran here may do, kept in this browser by app origin: its
 * permissions (each revocable), how it signs messages, and whether it was accepted although it is
 * not in the catalogue. Names come from the apps and are shown as text.
 */
export function AppsSettingsSection() {
  const apps = useStoredApps();
  return (
    <div className={styles.prompt} data-testid="settings-apps">
      <Section title="Safe Apps" id="settings-apps-list">
        {apps.length === 0 ? (
          <EmptyState title="No Safe App has asked for anything yet" testId="settings-apps-empty">
            Permissions you grant to Safe Apps, and their settings, appear here. They are kept in this browser
            only.
          </EmptyState>
        ) : (
          <ul className={styles.settingsList}>
            {apps.map((app) => (
              <li key={app.origin}>
                <AppSettings app={app} />
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function AppSettings({ app }: { app: StoredApp }) {
  const checkboxId = `offchain-${app.origin}`;
  return (
    <Card>
      <div className={styles.prompt} data-testid="settings-app" data-origin={app.origin}>
        <div className={styles.settingsRow}>
          <div>
            <p className={styles.appName} data-testid="settings-app-name">
              {app.name || app.origin}
            </p>
            <p className={styles.host}>{app.origin}</p>
          </div>
          <Button size="sm" onClick={() => forgetApp(app.origin)} data-testid="settings-app-forget">
            Forget this app
          </Button>
        </div>
        {app.permissions.length === 0 ? (
          <p className={styles.hint}>No permissions granted.</p>
        ) : (
          <ul className={styles.settingsList} aria-label={`Permissions of ${app.name || app.origin}`}>
            {app.permissions.map((permission) => (
              <li
                key={permission.parentCapability}
                className={styles.settingsRow}
                data-testid="settings-app-permission"
              >
                <span>
                  {describe(permission.parentCapability)}
                  {permission.date !== undefined && (
                    <span className={styles.hint}>
                      {' '}
                      · granted <DateTime value={permission.date} />
                    </span>
                  )}
                </span>
                <Button
                  size="sm"
                  onClick={() => revokeAppPermission(app.origin, permission.parentCapability)}
                  data-testid="settings-app-revoke"
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
        <label htmlFor={checkboxId} className={styles.settingsRow}>
          <span>
            <input
              id={checkboxId}
              type="checkbox"
              checked={app.offChainSigning}
              onChange={(event) => setAppSettings(app.origin, { offChainSigning: event.target.checked })}
              data-testid="settings-app-offchain"
            />{' '}
            Sign messages off-chain
          </span>
          <span className={styles.hint}>
            {app.offChainSigning
              ? 'Owners sign the app’s messages without a transaction.'
              : 'Each message is signed by an on-chain transaction (SignMessageLib), reviewed first.'}
          </span>
        </label>
        {app.acceptedAt !== undefined && (
          <p className={styles.hint}>
            Not in the catalogue; you accepted to run it <DateTime value={app.acceptedAt} />.
          </p>
        )}
      </div>
    </Card>
  );
}
