import { Link } from 'react-router';
import { explorerAddressPath } from './explorerPaths';

export function AddressLink({ address, testId }: { address: string; testId?: string }) {
  return (
    <Link to={explorerAddressPath(address)} data-testid={testId}>
      <code>{address}</code>
    </Link>
  );
}
