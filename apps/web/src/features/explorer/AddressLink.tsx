import { Link } from 'react-router';

/** An address on the same devnet chain as the page it is on: /explorer[/1338]/address/0x…. */
export function AddressLink({ address, testId }: { address: string; testId?: string }) {
  // Relative to the page's own path (…/tx/0x…), so it keeps the page's chain segment, if any.
  return (
    <Link to={`../../address/${encodeURIComponent(address)}`} relative="path" data-testid={testId}>
      <code>{address}</code>
    </Link>
  );
}
