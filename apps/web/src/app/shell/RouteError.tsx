import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, EmptyState, ErrorAlert, Page } from '../../ui';

/** Shown by the router when a page throws or its code cannot be loaded. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return (
      <Page title={error.status === 404 ? 'Not found' : `Error ${error.status}`}>
        <ErrorAlert
          title={error.status === 404 ? 'Page not found' : `Error ${error.status}`}
          message={error.statusText || 'This page does not exist.'}
        >
          <Link to="/">Go to the start page</Link>
        </ErrorAlert>
      </Page>
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  // A failed dynamic import usually means a new version was deployed: reloading fetches it.
  const isChunkError = /dynamically imported module|Importing a module script failed/i.test(message);
  return (
    <Page title="Something went wrong">
      <ErrorAlert
        title={isChunkError ? 'Part of the app could not be loaded' : 'Something went wrong'}
        message={message || 'Unknown error.'}
      >
        <Button size="sm" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </ErrorAlert>
    </Page>
  );
}

export function NotFound() {
  return (
    <Page title="Not found" heading="Page not found">
      <EmptyState title="There is nothing at this address.">
        <Link to="/">Open a Safe</Link> instead.
      </EmptyState>
    </Page>
  );
}
