import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { SafeApp } from '@countersign/gateway-api';
import { Alert, AppsIcon, Button, ButtonLink, Loading, Page, RemoteImage } from '../../../ui';
import { useSafe } from '../../safe';
import { isAllowedHere } from '../catalogue';
import { useSafeAppsQuery } from '../queries';
import { AppFrame } from './AppFrame';
import { acceptUnknownApp, toAppOrigin, useStoredApp } from './appStore';
import { manifestQueryOptions } from './manifest';
import type { HostedApp } from './useAppHost';
import styles from './host.module.css';

/** A longer app URL is cut on screen (it comes from a link anyone can craft). */
const MAX_SHOWN_URL = 300;
const shown = (url: string) => (url.length > MAX_SHOWN_URL ? `${url.slice(0, MAX_SHOWN_URL)}…` : url);

const sameApp = (a: string, b: string) => {
  const normal = (url: string) => {
    try {
      const parsed = new URL(url);
      parsed.hash = '';
      return parsed.href.replace(/\/+$/, '');
    } catch {
      return url;
    }
  };
  return normal(a) === normal(b);
};

/** The catalogue's entry for an app URL, when the catalogue lists it and allows it here. */
export function findCatalogueApp(apps: readonly SafeApp[] | undefined, appUrl: string): SafeApp | undefined {
  return apps?.find((app) => sameApp(app.url, appUrl) && isAllowedHere(app, window.location.origin));
}

/**
 * /:safeId/apps/open?appUrl=…: runs a Safe App beside this Safe. An app of the chain's catalogue opens
 * at once; any other (a custom app, a shared link) first shows who it is (its manifest's name, as
 * text) and a warning the user accepts once per app origin.
 */
export function OpenAppPage() {
  const { chain, paths } = useSafe();
  const [params] = useSearchParams();
  const appUrl = params.get('appUrl')?.trim() ?? '';
  const origin = appUrl === '' ? undefined : toAppOrigin(appUrl);
  const supported = chain.features.includes('SAFE_APPS');
  const catalogue = useSafeAppsQuery(chain.chainId, { enabled: supported && origin !== undefined });
  const listed = findCatalogueApp(catalogue.data, appUrl);
  const checkingCatalogue = supported && catalogue.isPending;
  const manifest = useQuery({
    ...manifestQueryOptions(origin === undefined ? 'https://invalid.invalid/' : appUrl),
    enabled: origin !== undefined && !checkingCatalogue && listed === undefined,
  });
  const stored = useStoredApp(origin);

  const back = (
    <ButtonLink to={paths.apps} size="sm" data-testid="back-to-apps">
      All apps
    </ButtonLink>
  );

  // An app on Countersign's own origin would, with allow-same-origin, reach this page: never framed.
  if (origin === undefined || origin === window.location.origin) {
    return (
      <Page title="App" heading="Open a Safe App" actions={back} testId="open-app-page">
        <Alert
          tone="danger"
          role="alert"
          title="This is not an app Countersign can open"
          testId="app-url-invalid"
        >
          {appUrl === '' ? (
            <p>The link names no app (its appUrl is missing).</p>
          ) : origin !== undefined ? (
            <p>
              Safe Apps run from their own site, never from Countersign’s (
              <span className={styles.url} data-testid="requested-app-url">
                {shown(appUrl)}
              </span>
              ).
            </p>
          ) : (
            <p>
              Safe Apps run from http(s) addresses only. The link asked for{' '}
              <span className={styles.url} data-testid="requested-app-url">
                {shown(appUrl)}
              </span>
              .
            </p>
          )}
        </Alert>
      </Page>
    );
  }

  if (checkingCatalogue || (listed === undefined && manifest.isPending && stored?.acceptedAt === undefined)) {
    return (
      <Page title="App" heading="Opening the app…" actions={back} testId="open-app-page">
        <Loading label="Loading the app’s details" />
      </Page>
    );
  }

  const host = new URL(appUrl).host;
  const app: HostedApp = listed
    ? { url: appUrl, origin, name: listed.name.trim() || host, safeAppId: listed.id }
    : { url: appUrl, origin, name: manifest.data?.name || stored?.name || host, safeAppId: null };
  const iconUrl = listed ? listed.iconUrl : (manifest.data?.iconUrl ?? null);
  const description = listed ? listed.description : (manifest.data?.description ?? '');
  // No manifest, one without a name, or no answer in time: the user should know the name is the host's.
  const manifestUnread = listed === undefined && (manifest.data === null || manifest.isError);

  const header = (
    <div className={styles.appTitle}>
      <RemoteImage src={iconUrl} size={32} fallback={<AppsIcon size={24} />} testId="open-app-icon" />
      <span className={styles.appName} data-testid="open-app-name">
        {app.name}
      </span>
    </div>
  );

  if (listed === undefined && stored?.acceptedAt === undefined) {
    return (
      <Page title={app.name} heading={header} actions={back} testId="open-app-page">
        <div className={styles.warning} data-testid="unknown-app-warning">
          <Alert tone="warn" role="alert" title="This app is not in Countersign’s catalogue">
            <p>
              It runs from <span className={styles.url}>{shown(appUrl)}</span>. Anyone can publish an app and
              give it any name: open it only if you trust where it comes from. It can read this Safe’s
              address, owners and balances, and it can ask you to sign transactions and messages; every
              request is shown to you for review first.
            </p>
            {manifestUnread && (
              <p data-testid="unknown-app-no-manifest">
                Countersign could not read this app’s manifest (manifest.json), so its name and icon are
                unknown.
              </p>
            )}
            {description !== '' && (
              <p>
                It describes itself as: <span data-testid="unknown-app-description">{description}</span>
              </p>
            )}
          </Alert>
          <div className={styles.bar}>
            <ButtonLink to={paths.apps}>Back to the apps</ButtonLink>
            <Button
              variant="primary"
              onClick={() => acceptUnknownApp(origin, app.name)}
              data-testid="unknown-app-accept"
            >
              I understand, open the app
            </Button>
          </div>
        </div>
      </Page>
    );
  }

  return (
    <Page title={app.name} heading={header} actions={back} testId="open-app-page">
      <p className={styles.host} data-testid="open-app-host">
        {host}
      </p>
      <AppFrame app={app} />
    </Page>
  );
}
