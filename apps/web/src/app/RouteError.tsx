import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ErrorAlert } from './ErrorAlert';

/** Shown by the router when a page throws or its code cannot be loaded. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorAlert
        title={error.status === 404 ? 'Page not found' : `Error ${error.status}`}
        message={error.statusText || 'This page does not exist.'}
      >
        <Link to="/">Go to the start page</Link>
      </ErrorAlert>
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  // A failed dynamic import usually means a new version was deployed: reloading fetches it.
  const isChunkError = /dynamically imported module|Importing a module script failed/i.test(message);
  return (
    <ErrorAlert
      title={isChunkError ? 'Part of the app could not be loaded' : 'Something went wrong'}
      message={message || 'Unknown error.'}
    >
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </ErrorAlert>
  );
}

export function NotFound() {
  return (
    <section className="page">
      <title>Not found · Countersign</title>
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Open a Safe</Link> instead.
      </p>
    </section>
  );
}
