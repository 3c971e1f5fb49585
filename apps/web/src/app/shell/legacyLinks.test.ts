import { describe, expect, it } from 'vitest';
import { legacyLinkTarget } from './legacyLinks';

const safe = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const base = `/eth:${safe}`;
const go = (path: string, query: string) => legacyLinkTarget(path, query);

describe('Safe{Wallet} links', () => {
  it.each([
    ['/home', `?safe=eth:${safe}`, `${base}/home`],
    ['/balances', `?safe=eth:${safe}`, `${base}/assets`],
    ['/balances/nfts', `?safe=eth:${safe}`, `${base}/assets/collectibles`],
    ['/transactions/queue', `?safe=eth:${safe}`, `${base}/transactions/queue`],
    ['/transactions/history', `?safe=eth:${safe}`, `${base}/transactions/history`],
    ['/transactions/messages', `?safe=eth:${safe}`, `${base}/messages`],
    ['/apps', `?safe=eth:${safe}`, `${base}/apps`],
    ['/settings/setup', `?safe=eth:${safe}`, `${base}/settings`],
    ['/settings/modules', `?safe=eth:${safe}`, `${base}/settings/modules`],
    ['/address-book', `?safe=eth:${safe}`, `${base}/address-book`],
  ])('%s%s opens %s', (path, query, expected) => {
    expect(go(path, query)).toEqual({ ok: true, path: expected });
  });

  it('keeps the transaction id, encoded as one path segment', () => {
    const id = `multisig_${safe}_0x${'ab'.repeat(32)}`;
    expect(go('/transactions/tx', `?safe=eth:${safe}&id=${id}`)).toEqual({
      ok: true,
      path: `${base}/transactions/${id}`,
    });
  });

  it('keeps the app URL of an app link', () => {
    const appUrl = 'https://apps.example.com/tx-builder?x=1&y=2';
    const result = go('/apps/open', `?safe=eth:${safe}&appUrl=${encodeURIComponent(appUrl)}`);
    expect(result).toEqual({ ok: true, path: `${base}/apps/open?appUrl=${encodeURIComponent(appUrl)}` });
  });

  it('checksums the address and accepts a trailing slash', () => {
    expect(go('/balances/', `?safe=eth:${safe.toLowerCase()}`)).toEqual({ ok: true, path: `${base}/assets` });
  });

  it('explains a link without a Safe, with a malformed one, or without a chain', () => {
    expect(go('/home', '')).toMatchObject({
      ok: false,
      error: expect.stringContaining('does not say which Safe'),
    });
    expect(go('/home', '?safe=eth:0x12')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not a valid address'),
    });
    expect(go('/home', `?safe=${safe}`)).toMatchObject({
      ok: false,
      error: expect.stringContaining('without its chain'),
    });
  });

  it('explains a Safe{Wallet} path it does not know', () => {
    expect(go('/transactions/somewhere', `?safe=eth:${safe}`)).toMatchObject({
      ok: false,
      error: expect.stringContaining('names a view Countersign does not have'),
    });
  });
});
