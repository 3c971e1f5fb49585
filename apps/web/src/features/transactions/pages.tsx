import { PlaceholderPage } from '../safe';

// Placeholders until the views are built.
export function QueuePage() {
  return <PlaceholderPage title="Queue" description="Transactions waiting for confirmations or execution." />;
}

export function HistoryPage() {
  return <PlaceholderPage title="History" description="Everything the Safe executed and received." />;
}

export function TransactionPage() {
  return (
    <PlaceholderPage
      title="Transaction"
      description="A transaction’s details, confirmations and parameters."
    />
  );
}
