import { PlaceholderPage } from '../safe';

// Placeholder until the view is built.
export function AddressBookPage() {
  return <PlaceholderPage title="Address book" description="Your names for addresses on this chain." />;
}
