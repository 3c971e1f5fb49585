import { Link } from 'react-router';
import { EmptyState, Page } from '../../ui';

export function NotFoundInExplorer() {
  return (
    <Page title="Not found" heading="Page not found">
      <EmptyState title="The explorer shows addresses (/explorer/address/0x…) and transactions (/explorer/tx/0x…).">
        <Link to="/">Open a Safe</Link> instead.
      </EmptyState>
    </Page>
  );
}
