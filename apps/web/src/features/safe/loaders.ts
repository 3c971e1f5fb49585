import type { LoaderFunction, Params } from 'react-router';
import { loaderServices } from '../../lib/services';
import { chainByShortName } from '../chains';
import type { SafeTarget } from './navigation';
import { safeInfoQueryOptions } from './queries';
import { parseSafeId } from './safeId';

/**
 * Route loaders that start a Safe page's first requests as soon as the URL is known, while the
 * page's code loads: SafeInfo and the view's own first data go out together instead of one after
 * the other as components mount. They never hold the navigation (they return at once) and never
 * fail it: the page asks again and shows any error itself.
 */
async function targetOf(params: Params, context: unknown): Promise<SafeTarget | undefined> {
  const parsed = parseSafeId(params.safeId ?? '');
  if (!parsed.ok || parsed.shortName === undefined) return undefined;
  const { queryClient, gateway } = loaderServices(context);
  const chain = await chainByShortName(queryClient, gateway, parsed.shortName);
  return chain && { chainId: chain.chainId, address: parsed.address, queryClient, gateway };
}

function prefetching(prefetch: (target: SafeTarget) => void): LoaderFunction {
  return ({ params, context }) => {
    void targetOf(params, context).then(
      (target) => target && prefetch(target),
      () => undefined,
    );
    return null;
  };
}

/** The Safe layout route's loader: SafeInfo. */
export const safeLayoutLoader = prefetching(({ chainId, address, queryClient, gateway }) => {
  void queryClient.prefetchQuery(safeInfoQueryOptions(gateway, chainId, address));
});

/** A Safe view's loader: what its preload fetches (the same as hovering its link does). */
export const safeViewLoader = (preload: (target: SafeTarget) => void): LoaderFunction => prefetching(preload);
