import type { SafeApp } from '@countersign/gateway-api';

/** A Safe App in the gateway's shape, for tests. */
export function safeApp(overrides: Partial<SafeApp> = {}): SafeApp {
  return {
    id: 1,
    url: 'https://app.example',
    name: 'Example',
    iconUrl: null,
    description: '',
    chainIds: ['1337'],
    provider: null,
    accessControl: { type: 'NO_RESTRICTIONS', value: null },
    tags: [],
    features: [],
    developerWebsite: null,
    socialProfiles: [],
    featured: false,
    ...overrides,
  };
}
