import { describe, expect, it } from 'vitest';
import { createGatewayClient, type ChainInfo } from '@countersign/gateway-api';
import { devnetChain, teamSafeAddress } from '../src/testing/fixtures';
import { pageDataHead, requestUrlOf, safeOfPath } from './pageData';

const gatewayUrl = 'http://127.0.0.1:8787/base';
const chains: ChainInfo[] = [devnetChain];
const safePath = `/${devnetChain.shortName}:${teamSafeAddress}`;

describe('the data a page starts with', () => {
  it('finds the Safe of a canonical Safe page only', () => {
    const safe = { chainId: devnetChain.chainId, address: teamSafeAddress };
    expect(safeOfPath(`${safePath}/home`, chains)).toEqual(safe);
    expect(safeOfPath(`${safePath}/transactions/history`, chains)).toEqual(safe);
    expect(safeOfPath(safePath, chains)).toEqual(safe);
    // Pages that redirect first (lower-case address, bare address, other letter case of the short
    // name) and pages that are not a Safe's.
    expect(
      safeOfPath(`/${devnetChain.shortName}:${teamSafeAddress.toLowerCase()}/home`, chains),
    ).toBeUndefined();
    expect(safeOfPath(`/${teamSafeAddress}/home`, chains)).toBeUndefined();
    expect(
      safeOfPath(`/${devnetChain.shortName.toUpperCase()}:${teamSafeAddress}/home`, chains),
    ).toBeUndefined();
    expect(safeOfPath(`/nochain:${teamSafeAddress}/home`, chains)).toBeUndefined();
    expect(safeOfPath('/new-safe', chains)).toBeUndefined();
    expect(safeOfPath('/%E0%A4%A', chains)).toBeUndefined();
    expect(safeOfPath('/', chains)).toBeUndefined();
  });

  it('names exactly the URL the app’s gateway client asks for', async () => {
    const asked: string[] = [];
    const client = createGatewayClient({
      baseUrl: gatewayUrl,
      fetch: (input) => {
        asked.push(String(input));
        return Promise.reject(new Error('offline'));
      },
    });
    await client.getSafeInfo({ chainId: '1337', safeAddress: teamSafeAddress }).catch(() => undefined);
    const noted = await requestUrlOf(gatewayUrl, (c) =>
      c.getSafeInfo({ chainId: '1337', safeAddress: teamSafeAddress }),
    );
    expect(noted).toBe(asked[0]);
    expect(noted).toBe(`${gatewayUrl}/v1/chains/1337/safes/${teamSafeAddress}`);
  });

  it('writes the chains and, on a Safe page, a preload of its SafeInfo', async () => {
    const head = await pageDataHead({
      pathname: `${safePath}/home`,
      gatewayUrl,
      chains: { readAt: 5, chains },
    });
    expect(head).toContain('<script type="application/json" id="countersign-chains" data-read-at="5">');
    expect(head).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${gatewayUrl}/v1/chains/${devnetChain.chainId}/safes/${teamSafeAddress}">`,
    );
    const other = await pageDataHead({ pathname: '/new-safe', gatewayUrl, chains: { readAt: 5, chains } });
    expect(other).toContain('countersign-chains');
    expect(other).not.toContain('preload');
    // No list read yet (the gateway was away): nothing, and the app asks the gateway itself.
    expect(await pageDataHead({ pathname: `${safePath}/home`, gatewayUrl, chains: undefined })).toBe('');
  });
});

describe('the preloads of a first visit', () => {
  it('are the chain and what the view shows first; with that at hand, the SafeInfo alone', async () => {
    const preloads = async (view: string, viewDataAtHand = false) => {
      const head = await pageDataHead({
        pathname: `${safePath}/${view}`,
        gatewayUrl,
        chains: { readAt: 5, chains },
        viewDataAtHand,
      });
      return [
        ...head.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g),
      ].map((match) => match[1]!.replaceAll('&amp;', '&').slice(gatewayUrl.length));
    };
    const safe = `/v1/chains/1337/safes/${teamSafeAddress}`;
    const firstVisit = [safe, '/v1/chains/1337'];
    expect(await preloads('home')).toEqual([
      ...firstVisit,
      `${safe}/balances/usd`,
      `${safe}/transactions/queued`,
    ]);
    expect(await preloads('assets')).toEqual([...firstVisit, `${safe}/balances/usd`]);
    expect(await preloads('transactions/queue')).toEqual([...firstVisit, `${safe}/transactions/queued`]);
    expect(await preloads('messages')).toEqual([...firstVisit, `${safe}/messages`]);
    // The history is asked without a time zone (the app cuts days itself): its first page is known.
    expect(await preloads('transactions/history')).toEqual([...firstVisit, `${safe}/transactions/history`]);
    expect(await preloads('home', true)).toEqual([safe]);
  });
});

describe('the saved-cache cookie', () => {
  it('is read from a Cookie header among others', async () => {
    const { hasSavedCacheMark } = await import('../src/lib/savedCacheMark');
    expect(hasSavedCacheMark('a=1; countersign-saved-cache=1; b=2')).toBe(true);
    expect(hasSavedCacheMark('countersign-saved-cache=')).toBe(false);
    expect(hasSavedCacheMark(undefined)).toBe(false);
  });
});
