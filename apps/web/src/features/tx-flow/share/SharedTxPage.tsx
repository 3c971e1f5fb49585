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
  // The address bar holds the transaction (a reload, a bookmark or a new link opens it); what was
  // opened from a file or another tool's link is put there too, and which tool it came from is kept
  // while the address bar still holds it.
  const [source, setSource] = useState<{ fragment: string; tool: string } | undefined>();
  const fromLink = useMemo(
    () => (location.hash.length > 1 ? parseSharedTxFragment(location.hash) : undefined),
    [location.hash],
  );
  const shared = fromLink?.ok ? fromLink.value : undefined;
  const tool = source && `#${source.fragment}` === location.hash ? source.tool : undefined;
  const open = (next: SharedTx, from = tool ?? 'Countersign') => {
    const fragment = sharedTxFragment(next);
    setSource({ fragment, tool: from });
    void navigate(paths.shared(fragment), { replace: true });
  };

  return (
    <Page
      title="Shared transaction"
      description="A Safe transaction and its signatures from a link or a file, checked here against the Safe contract."
      testId="shared-tx-page"
    >
      {fromLink && !fromLink.ok && (
        <Alert tone="danger" title="This link cannot be opened" role="alert" testId="shared-unreadable">
          {fromLink.error}
        </Alert>
      )}
      {tool && tool !== 'Countersign' && (
        <p data-testid="shared-source">
          Read from a {tool} link: checked here like any other. This page&apos;s own link below carries it on.
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
