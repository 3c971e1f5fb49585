import { PlaceholderPage } from '../safe';

// Placeholders until the views are built.
export function AppsPage() {
  return <PlaceholderPage title="Apps" description="Safe Apps that run inside Countersign." />;
}

export function OpenAppPage() {
  return <PlaceholderPage title="App" description="A Safe App running in a sandboxed frame." />;
}
