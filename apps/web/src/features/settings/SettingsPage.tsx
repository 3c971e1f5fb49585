import { Suspense, type ComponentType } from 'react';
import { Navigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useGateway } from '../../lib/ServicesProvider';
import { Alert, ButtonLink, Loading, Page, TabNav, type TabItem } from '../../ui';
import { useSafe } from '../safe';
import { DelegatesSection } from './DelegatesSection';
import { ModulesSection } from './ModulesSection';
import { NetworkSection } from './NetworkSection';
import { NotificationsSection } from './NotificationsSection';
import { delegatesQueryOptions } from '../safe';
import { sectionOf, sectionTabs, type OwnSection, type SuppliedSection } from './sections';
import { SecuritySection } from './SecuritySection';
import { SetupSection } from './SetupSection';

const ownViews: Record<OwnSection, ComponentType> = {
  setup: SetupSection,
  modules: ModulesSection,
  security: SecuritySection,
  network: NetworkSection,
  delegates: DelegatesSection,
  notifications: NotificationsSection,
};

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

/**
 * /:safeId/settings and /:safeId/settings/:section: the Safe's settings, a tab per section: this
 * feature's own and those `supplied` by the features that own them.
 */
export function SettingsPage({ supplied = [] }: { supplied?: readonly SuppliedSection[] }) {
  const { section: param } = useParams();
  const { paths, chain, address } = useSafe();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const sections = sectionTabs(supplied);
  const section = sectionOf(sections, param);

  // Setup is the settings' own URL; /settings/setup (Safe{Wallet}'s) leads there.
  if (param === 'setup') return <Navigate replace to={paths.settings()} />;

  const tabs: TabItem[] = sections.map(({ id, label }) => ({
    to: paths.settings(id),
    label,
    end: true,
    testId: `settings-tab-${id}`,
    onIntent:
      id === 'delegates'
        ? () => void queryClient.prefetchInfiniteQuery(delegatesQueryOptions(gateway, chain.chainId, address))
        : undefined,
  }));
  const View =
    section === undefined
      ? undefined
      : (supplied.find((other) => other.id === section)?.Component ?? ownViews[section as OwnSection]);
  const label = sections.find((tab) => tab.id === section)?.label;
  return (
    <Page
      title={label === undefined ? 'Settings' : `${label} · Settings`}
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
            {sections.map((tab) => tab.label).join(', ')}.
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
