import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Page } from '../../../ui';
import { useSafe } from '../../safe';
import { OpenShared } from './OpenShared';
import { SharedTxView } from './SharedTxView';
import { parseSharedTxFragment, sharedTxFragment, type SharedTx } from './sharedTx';

/**
 * /{safe}/shared#tx=…: a transaction handed over by link or file, checked against the chain here
 * (no gateway needed), then signed, shared again, sent to the gateway or executed.
 */
export function SharedTxPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { paths } = useSafe();
  const [opened, setOpened] = useState<{ shared: SharedTx; tool: string } | undefined>();
  const fromLink = useMemo(
    () => (location.hash.length > 1 ? parseSharedTxFragment(location.hash) : undefined),
    [location.hash],
  );
  const shared = opened?.shared ?? (fromLink?.ok ? fromLink.value : undefined);
  const open = (next: SharedTx, tool = opened?.tool ?? 'Countersign') => {
    setOpened({ shared: next, tool });
    // The address bar holds the link too: a reload, or a bookmark, opens the same transaction.
    void navigate(paths.shared(sharedTxFragment(next)), { replace: true });
  };

  return (
    <Page
      title="Shared transaction"
      description="A Safe transaction and its signatures from a link or a file, checked here against the Safe contract."
      testId="shared-tx-page"
    >
      {fromLink && !fromLink.ok && opened === undefined && (
        <Alert tone="danger" title="This link cannot be opened" role="alert" testId="shared-unreadable">
          {fromLink.error}
        </Alert>
      )}
      {opened && opened.tool !== 'Countersign' && (
        <p data-testid="shared-source">
          Read from a {opened.tool} link: checked here like any other. This page&apos;s own link below carries
          it on.
        </p>
      )}
      {shared ? (
        <SharedTxView key={sharedTxFragment(shared)} shared={shared} onChange={(next) => open(next)} />
      ) : (
        <OpenShared onOpen={open} />
      )}
    </Page>
  );
}
