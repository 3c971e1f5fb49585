import { Link, Navigate, useLocation } from 'react-router';
import { ErrorAlert, Page } from '../../ui';
import { legacyLinkTarget } from './legacyLinks';

/** A Safe{Wallet} link (…/balances?safe=eth:0x…): on to Countersign's URL for the same view. */
export function LegacyRedirect() {
  const { pathname, search } = useLocation();
  const target = legacyLinkTarget(pathname, search);
  if (target.ok) return <Navigate replace to={target.path} />;
  return (
    <Page title="Link not understood">
      <ErrorAlert title="This link cannot be opened" message={target.error}>
        <Link to="/">Open a Safe</Link>
      </ErrorAlert>
    </Page>
  );
}
