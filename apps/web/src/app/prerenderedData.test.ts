// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { dataBlockElement } from '../lib/dataBlock';
import { createAppQueryClient } from '../lib/queryClient';
import { safeInfoQueryOptions } from '../features/safe';
import { fakeGateway, teamSafe, teamSafeAddress } from '../testing';
import { PRERENDERED_DATA_ID, hydratePrerenderedData } from './prerenderedData';

const infoKey = safeInfoQueryOptions(fakeGateway(), '1337', teamSafeAddress).queryKey;

/** What the server's renderer sends: its cache, dehydrated, holding the Safe's SafeInfo. */
function serverState(info = teamSafe, updatedAt = Date.now()): DehydratedState {
  const server = createAppQueryClient();
  server.setQueryData(infoKey, info, { updatedAt });
  return dehydrate(server);
}

function pageWith(value: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.head.innerHTML = dataBlockElement(PRERENDERED_DATA_ID, value);
  return doc;
}

describe('the data a server-rendered page brings', () => {
  it('fills the cache with what the page was rendered from, through JSON and back', () => {
    const client = createAppQueryClient();
    const hostile = {
      ...teamSafe,
      implementation: { ...teamSafe.implementation, name: '</script><b>x</b> $&' },
    };
    expect(hydratePrerenderedData(client, pageWith(serverState(hostile)))).toBe(true);
    expect(client.getQueryData(infoKey)).toEqual(hostile);
  });

  it('keeps an answer in the cache newer than the page', () => {
    const client = createAppQueryClient();
    const newer = { ...teamSafe, nonce: 99 };
    client.setQueryData(infoKey, newer, { updatedAt: Date.now() });
    expect(hydratePrerenderedData(client, pageWith(serverState(teamSafe, Date.now() - 60_000)))).toBe(true);
    expect(client.getQueryData(infoKey)).toEqual(newer);
  });

  it('ignores a block that is missing, not JSON or not a cache of answers', () => {
    const client = createAppQueryClient();
    expect(hydratePrerenderedData(client, document.implementation.createHTMLDocument('none'))).toBe(false);
    const notJson = document.implementation.createHTMLDocument('page');
    notJson.head.innerHTML = `<script type="application/json" id="${PRERENDERED_DATA_ID}">{not json</script>`;
    expect(hydratePrerenderedData(client, notJson)).toBe(false);
    expect(hydratePrerenderedData(client, pageWith({ queries: 'all' }))).toBe(false);
    // A query that failed or is still loading is not data to show.
    const state = serverState();
    const failed = {
      ...state,
      queries: state.queries.map((query) => ({ ...query, state: { ...query.state, status: 'error' } })),
    };
    expect(hydratePrerenderedData(client, pageWith(failed))).toBe(false);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
