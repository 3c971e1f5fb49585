import { AppsIcon, EmptyState, Page, QueryView } from '../../ui';
import { useSafe } from '../safe';
import { AppsCatalogue, CatalogueSkeleton } from './AppsCatalogue';
import { CustomAppForm } from './host/CustomAppForm';
import { useSafeAppsQuery } from './queries';

/** The chain's Safe Apps catalogue, searchable and filtered by tag. */
export function AppsPage() {
  const { chain } = useSafe();
  const supported = chain.features.includes('SAFE_APPS');
  const query = useSafeAppsQuery(chain.chainId, { enabled: supported });
  return (
    <Page title="Apps" description={`Safe Apps listed for ${chain.chainName}.`} testId="apps-page">
      {supported && <CustomAppForm />}
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
