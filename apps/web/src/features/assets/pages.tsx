import { PlaceholderPage } from '../safe';

// Placeholders until the views are built.
export function BalancesPage() {
  return (
    <PlaceholderPage
      title="Assets"
      description="Balances in fiat and token units, hidden tokens and currency choice."
    />
  );
}

export function CollectiblesPage() {
  return <PlaceholderPage title="Collectibles" description="The Safe’s NFTs, with their metadata." />;
}
