import { Suspense, type ComponentType } from 'react';
import { Navigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useGateway } from '../../lib/ServicesProvider';
import { Alert, ButtonLink, Loading, Page, TabNav, type TabItem } from '../../ui';
import { AppsSettingsSection } from '../apps';
import { useSafe } from '../safe';
import { DelegatesSection } from './DelegatesSection';
import { ModulesSection } from './ModulesSection';
import { NetworkSection } from './NetworkSection';
import { NotificationsSection } from './NotificationsSection';
import { delegatesQueryOptions } from '../safe';
import { builtSections, sectionLabels, sectionOf, type BuiltSection } from './sections';
import { SetupSection } from './SetupSection';

const sectionViews: Record<BuiltSection, ComponentType> = {
  setup: SetupSection,
  modules: ModulesSection,
  network: NetworkSection,
  delegates: DelegatesSection,
  notifications: NotificationsSection,
  apps: AppsSettingsSection,
};

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/** /:safeId/settings and /:safeId/settings/:section: the Safe's settings, a tab per section. */
export function SettingsPage() {
  const { section: param } = useParams();
  const { paths, chain, address } = useSafe();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const section = sectionOf(param);

  // Setup is the settings' own URL; /settings/setup (Safe{Wallet}'s) leads there.
  if (param === 'setup') return <Navigate replace to={paths.settings()} />;

  const tabs: TabItem[] = builtSections.map((id) => ({
    to: paths.settings(id),
    label: sectionLabels[id],
    end: true,
    testId: `settings-tab-${id}`,
    onIntent:
      id === 'delegates'
        ? () => void queryClient.prefetchInfiniteQuery(delegatesQueryOptions(gateway, chain.chainId, address))
        : undefined,
  }));
  const View = section === undefined ? undefined : sectionViews[section];
  return (
    <Page
      title={section === undefined ? 'Settings' : `${sectionLabels[section]} · Settings`}
      heading="Settings"
      testId="settings-page"
    >
      <TabNav label="Settings sections" items={tabs} />
      {View === undefined ? (
        <Alert
          tone="warn"
          role="alert"
          title="No such settings section"
          testId="settings-not-found"
          actions={
            <ButtonLink to={paths.settings()} size="sm">
              Open the setup
            </ButtonLink>
          }
        >
          <p>
            The settings have no section called “{clip(param ?? '')}”. The sections are{' '}
            {builtSections.map((id) => sectionLabels[id]).join(', ')}.
          </p>
        </Alert>
      ) : (
        <Suspense fallback={<Loading label="Loading the section" />}>
          <View />
        </Suspense>
      )}
    </Page>
  );
}
