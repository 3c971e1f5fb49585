import type { SafeApp } from '@countersign/gateway-api';

/** A demo app of this workspace: where it is served (`/<slug>/`) and how it describes itself. */
export type DemoApp = {
  slug: string;
  /** Catalogue id: fixed, so links and remembered permissions survive a restart. */
  id: number;
  name: string;
  description: string;
  tags: string[];
  features: string[];
  /** Listed in the gateway's catalogue; the test app is not (it opens as a custom app). */
  listed: boolean;
};

export const demoApps: readonly DemoApp[] = [
  {
    slug: 'tx-builder',
    id: 9001,
    name: 'Transaction Builder (demo)',
    description:
      'Compose a batch of contract calls from an ABI with typed inputs and send it to your Safe as one transaction.',
    tags: ['Infrastructure', 'Transaction Builder'],
    features: ['BATCHED_TRANSACTIONS'],
    listed: true,
  },
  {
    slug: 'signer',
    id: 9002,
    name: 'Message Signer (demo)',
    description: 'Sign a text message or EIP-712 typed data with your Safe through the Safe Apps provider.',
    tags: ['Signing'],
    features: [],
    listed: true,
  },
  {
    slug: 'test-app',
    id: 9003,
    name: 'Safe Apps SDK test app',
    description: 'Calls every Safe Apps SDK and provider method and shows the answers (end-to-end tests).',
    tags: ['Testing'],
    features: ['BATCHED_TRANSACTIONS'],
    listed: false,
  },
];

const trim = (origin: string) => origin.replace(/\/+$/, '');

/** The app's URL under the demo apps' origin (with its trailing slash, as Safe{Wallet} lists apps). */
export const demoAppUrl = (origin: string, slug: string) => `${trim(origin)}/${slug}/`;

/** The app's manifest.json, in the shape Safe{Wallet} reads (name, description, iconPath) and a web app manifest's icons. */
export function demoAppManifest(app: DemoApp) {
  return {
    name: app.name,
    description: app.description,
    iconPath: 'icon.svg',
    icons: [{ src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}

/** The listed demo apps as the local gateway's catalogue serves them, for these chains. */
export function demoAppsCatalogue(origin: string, chainIds: readonly string[]): SafeApp[] {
  return demoApps
    .filter((app) => app.listed)
    .map((app) => ({
      id: app.id,
      url: demoAppUrl(origin, app.slug),
      name: app.name,
      iconUrl: `${demoAppUrl(origin, app.slug)}icon.svg`,
      description: app.description,
      chainIds: [...chainIds],
      provider: null,
      accessControl: { type: 'NO_RESTRICTIONS', value: null },
      tags: app.tags,
      features: app.features,
      developerWebsite: null,
      socialProfiles: [],
      featured: false,
    }));
}
