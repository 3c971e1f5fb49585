import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { readDataBlock } from '../lib/dataBlock';

/**
 * A Safe page the web server rendered (app/prerender.tsx): its markup goes into #root and shows
 * before any script has run; the data it was rendered from comes with it, in a data block, so the
 * app's own first render shows the same and replaces it without a change.
 */
export type PrerenderedPage = {
  /** What goes into the page's <head>: its <title>, preloads of the images it shows. */
  head: string;
  /** The markup of #root. */
  html: string;
  /** The query cache it was rendered from (TanStack Query's dehydrated form). */
  data: DehydratedState;
};

export const PRERENDERED_DATA_ID = 'countersign-prerendered-data';

/**
 * The envelope hydrate() relies on. The answers inside were checked by the server's own gateway
 * client, the same code as the app's, before it rendered them.
 */
const dehydratedSchema = z.looseObject({
  // The server runs no mutation.
  mutations: z.array(z.never()),
  queries: z.array(
    z.looseObject({
      queryKey: z.array(z.unknown()),
      queryHash: z.string(),
      dehydratedAt: z.number(),
      state: z.object({
        status: z.literal('success'),
        fetchStatus: z.literal('idle'),
        data: z.unknown(),
        dataUpdatedAt: z.number(),
        dataUpdateCount: z.number(),
        error: z.null(),
        errorUpdatedAt: z.number(),
        errorUpdateCount: z.number(),
        fetchFailureCount: z.number(),
        fetchFailureReason: z.null(),
        fetchMeta: z.null(),
        isInvalidated: z.boolean(),
      }),
    }),
  ),
});

/**
 * Puts the data of a server-rendered page into the cache (where the cache holds older answers;
 * a newer one is kept). Returns whether the page brought any.
 */
export function hydratePrerenderedData(queryClient: QueryClient, doc: Document = document): boolean {
  const parsed = z.safeParse(dehydratedSchema, readDataBlock(PRERENDERED_DATA_ID, doc));
  if (!parsed.success) return false;
  hydrate(queryClient, { mutations: [], queries: parsed.data.queries } satisfies DehydratedState);
  return true;
}
