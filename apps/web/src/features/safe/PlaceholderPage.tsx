import { EmptyState, Page } from '../../ui';

/** A view of the navigation that is not built yet: said plainly, never a 404. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <Page title={title} testId="placeholder-page">
      <EmptyState title={`${title} is coming to Countersign`}>{description}</EmptyState>
    </Page>
  );
}
