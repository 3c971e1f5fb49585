import { useSearchParams } from 'react-router';
import { AppsIcon, ButtonLink, EmptyState, Page, QueryView } from '../../ui';
import { useSafe } from '../safe';
import { OPENING_NOTE } from './AppCard';
import { AppsCatalogue, CatalogueSkeleton } from './AppsCatalogue';
import { useSafeAppsQuery } from './queries';
import styles from './pages.module.css';

/** The chain's Safe Apps catalogue, searchable and filtered by tag. */
export function AppsPage() {
  const { chain } = useSafe();
  const supported = chain.features.includes('SAFE_APPS');
  const query = useSafeAppsQuery(chain.chainId, { enabled: supported });
  return (
    <Page title="Apps" description={`Safe Apps listed for ${chain.chainName}.`} testId="apps-page">
      {supported ? (
        <QueryView
          query={query}
          loadingLabel="Loading Safe Apps"
          skeleton={<CatalogueSkeleton />}
          errorTitle="The Safe Apps could not be loaded"
          isEmpty={(apps) => apps.length === 0}
          empty={
            <EmptyState
              icon={<AppsIcon size={32} />}
              title={`No Safe Apps on ${chain.chainName}`}
              testId="apps-empty"
            >
              The gateway lists no Safe Apps for this chain. Apps appear here once its catalogue has some.
            </EmptyState>
          }
        >
          {(apps) => (
            <AppsCatalogue apps={apps} chainName={chain.chainName} origin={window.location.origin} />
          )}
        </QueryView>
      ) : (
        <EmptyState
          icon={<AppsIcon size={32} />}
          title={`Safe Apps are not enabled on ${chain.chainName}`}
          testId="apps-unsupported"
        >
          The gateway's configuration of this chain does not include Safe Apps.
        </EmptyState>
      )}
    </Page>
  );
}

/** A longer app URL is cut on screen (it comes from a link anyone can craft). */
const MAX_SHOWN_URL = 2000;

/** Where a Safe App will run; until the Safe Apps host exists, it says so and names the app asked for. */
export function OpenAppPage() {
  const { paths } = useSafe();
  const [params] = useSearchParams();
  const appUrl = params.get('appUrl');
  return (
    <Page title="App" heading="Open a Safe App" testId="open-app-page">
      <EmptyState
        icon={<AppsIcon size={32} />}
        title={OPENING_NOTE}
        testId="open-app-placeholder"
        action={<ButtonLink to={paths.apps}>Browse the apps</ButtonLink>}
      >
        {appUrl ? (
          <>
            <p>Countersign cannot run Safe Apps yet. The link asked for this app:</p>
            <code className={styles.url} data-testid="requested-app-url">
              {appUrl.length > MAX_SHOWN_URL ? `${appUrl.slice(0, MAX_SHOWN_URL)}…` : appUrl}
            </code>
          </>
        ) : (
          <p>Countersign cannot run Safe Apps yet, and this link names no app (its appUrl is missing).</p>
        )}
      </EmptyState>
    </Page>
  );
}
