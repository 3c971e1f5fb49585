import { PlaceholderPage } from '../safe';

// Placeholders until the views are built.
export function SettingsPage() {
  return (
    <PlaceholderPage
      title="Settings"
      description="Owners, threshold, modules and the chain’s configuration."
    />
  );
}
