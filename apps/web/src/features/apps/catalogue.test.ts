import { describe, expect, it } from 'vitest';
import {
  appHost,
  countTags,
  featureLabel,
  httpUrlOrUndefined,
  isAllowedHere,
  matchesAppSearch,
  orderApps,
  viewCatalogue,
} from './catalogue';
import { safeApp } from './safeAppFixture';

const here = 'http://127.0.0.1:5173';
const allowList = (...value: string[]) => ({ type: 'DOMAIN_ALLOWLIST' as const, value });

describe('isAllowedHere', () => {
  it('shows an app without restrictions everywhere', () => {
    expect(isAllowedHere(safeApp(), here)).toBe(true);
  });

  it('shows an allow-listed app only where this origin is on its list', () => {
    expect(isAllowedHere({ accessControl: allowList('http://127.0.0.1:4106', here) }, here)).toBe(true);
    expect(isAllowedHere({ accessControl: allowList('http://127.0.0.1:4106') }, here)).toBe(false);
    expect(isAllowedHere({ accessControl: { type: 'DOMAIN_ALLOWLIST', value: null } }, here)).toBe(false);
    expect(isAllowedHere({ accessControl: allowList() }, here)).toBe(false);
  });

  it('compares origins exactly, trailing slashes aside', () => {
    expect(isAllowedHere({ accessControl: allowList(`${here}/`) }, here)).toBe(true);
    expect(isAllowedHere({ accessControl: allowList(here) }, `${here}//`)).toBe(true);
    for (const near of [
      'http://127.0.0.1:5174',
      'https://127.0.0.1:5173',
      'http://localhost:5173',
      `${here}/app`,
      'http://127.0.0.1',
    ])
      expect(isAllowedHere({ accessControl: allowList(near) }, here), near).toBe(false);
  });

  it('never shows an app whose access type this client does not know', () => {
    expect(isAllowedHere({ accessControl: { type: 'UNKNOWN', value: [here] } }, here)).toBe(false);
  });
});

describe('search and tags', () => {
  const swap = safeApp({ id: 1, name: 'Swapper', description: 'Trade tokens', tags: ['DeFi', 'DEX'] });
  const vault = safeApp({ id: 2, name: 'Vault', description: 'Earn yield on deposits', tags: ['DeFi'] });
  const nft = safeApp({ id: 3, name: 'Gallery', description: 'NFT viewer', tags: ['NFT', ' NFT ', ''] });
  const hidden = safeApp({
    id: 4,
    name: 'Partner swap',
    tags: ['DEX'],
    accessControl: allowList('https://127.0.0.1:4107'),
  });
  const apps = [swap, vault, nft, hidden];

  it('matches every word of the search in name, description or tags, in any letter case', () => {
    expect(matchesAppSearch(swap, 'swap')).toBe(true);
    expect(matchesAppSearch(swap, 'TOKENS')).toBe(true);
    expect(matchesAppSearch(swap, 'dex')).toBe(true);
    expect(matchesAppSearch(swap, 'trade dex')).toBe(true);
    expect(matchesAppSearch(swap, 'trade nft')).toBe(false);
    expect(matchesAppSearch(swap, '   ')).toBe(true);
  });

  it('counts each tag once per app, the most used first', () => {
    expect(countTags([swap, vault, nft])).toEqual([
      { tag: 'DeFi', count: 2 },
      { tag: 'DEX', count: 1 },
      { tag: 'NFT', count: 1 },
    ]);
  });

  it('leaves out apps restricted to other origins, then filters by search and by any chosen tag', () => {
    const all = viewCatalogue(apps, { origin: here, search: '', tags: new Set() });
    expect(all.allowed.map((app) => app.name)).toEqual(['Gallery', 'Swapper', 'Vault']);
    expect(all.shown).toEqual(all.allowed);
    expect(all.tags).toEqual([
      { tag: 'DeFi', count: 2 },
      { tag: 'DEX', count: 1 },
      { tag: 'NFT', count: 1 },
    ]);

    const tagged = viewCatalogue(apps, { origin: here, search: '', tags: new Set(['DEX', 'NFT']) });
    expect(tagged.shown.map((app) => app.name)).toEqual(['Gallery', 'Swapper']);

    const searched = viewCatalogue(apps, { origin: here, search: 'yield', tags: new Set(['NFT']) });
    expect(searched.shown).toEqual([]);
    // Counts follow the search; a chosen tag without matches stays so that it can be turned off.
    expect(searched.tags).toEqual([
      { tag: 'DeFi', count: 1 },
      { tag: 'NFT', count: 0 },
    ]);
  });

  it('puts featured apps first, then orders by name', () => {
    const featured = safeApp({ id: 9, name: 'Zed', featured: true });
    expect(orderApps([vault, featured, swap]).map((app) => app.name)).toEqual(['Zed', 'Swapper', 'Vault']);
  });
});

describe('card values', () => {
  it('names the batched transactions feature and keeps others as they are', () => {
    expect(featureLabel('BATCHED_TRANSACTIONS')).toBe('Batched transactions');
    expect(featureLabel('SOME_NEW_FEATURE')).toBe('SOME_NEW_FEATURE');
  });

  it('keeps only http(s) URLs for links and images', () => {
    expect(httpUrlOrUndefined('https://127.0.0.1:4107/a')).toBe('https://127.0.0.1:4107/a');
    expect(httpUrlOrUndefined(' http://127.0.0.1:4107 ')).toBe('http://127.0.0.1:4107');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '//127.0.0.1:4107',
      'x',
      '',
      null,
    ])
      expect(httpUrlOrUndefined(bad), String(bad)).toBeUndefined();
    expect(appHost('https://127.0.0.1:8443/path')).toBe('127.0.0.1:8443');
    expect(appHost('javascript:alert(1)')).toBeUndefined();
  });
});
