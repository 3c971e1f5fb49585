import { PlaceholderPage } from '../safe';

// Placeholders until the views are built.
export function MessagesPage() {
  return (
    <PlaceholderPage title="Messages" description="Off-chain messages the owners signed or are signing." />
  );
}

export function MessagePage() {
  return <PlaceholderPage title="Message" description="A message’s content, hashes and confirmations." />;
}
