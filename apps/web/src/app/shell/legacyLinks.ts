import { parseSafeId, safePaths, type SafePaths } from '../../features/safe';

/**
 * Safe{Wallet} links (app.safe.global/…?safe=eth:0x…) mapped to Countersign's own URL for the same
 * view, keeping the query parameters the view needs. Owners paste these from chats every day.
 */
const legacyViews: Record<string, (paths: SafePaths, query: URLSearchParams) => string> = {
  '/home': (p) => p.home,
  '/balances': (p) => p.assets,
  '/balances/nfts': (p) => p.collectibles,
  '/transactions': (p) => p.queue,
  '/transactions/queue': (p) => p.queue,
  '/transactions/history': (p) => p.history,
  '/transactions/tx': (p, q) => {
    const id = q.get('id');
    return id ? p.transaction(id) : p.history;
  },
  '/transactions/messages': (p) => p.messages,
  '/transactions/msg': (p, q) => {
    const hash = q.get('messageHash');
    return hash ? p.message(hash) : p.messages;
  },
  '/apps': (p) => p.apps,
  '/apps/custom': (p) => p.apps,
  '/apps/open': (p, q) => {
    const appUrl = q.get('appUrl');
    return appUrl ? p.openApp(appUrl) : p.apps;
  },
  '/address-book': (p) => p.addressBook,
  '/settings': (p) => p.settings(),
  '/settings/setup': (p) => p.settings(),
  '/settings/modules': (p) => p.settings('modules'),
  '/settings/notifications': (p) => p.settings('notifications'),
  '/settings/safe-apps': (p) => p.settings('apps'),
  '/settings/appearance': (p) => p.settings(),
  '/settings/data': (p) => p.settings(),
  '/settings/security': (p) => p.settings(),
  '/settings/environment-variables': (p) => p.settings('network'),
};

/** The Safe{Wallet} paths understood (for the routing test: each must reach the redirect). */
export const legacyLinkPaths = Object.keys(legacyViews);

export type LegacyTarget = { ok: true; path: string } | { ok: false; error: string };

export function legacyLinkTarget(pathname: string, search: string): LegacyTarget {
  const view = legacyViews[pathname.replace(/\/+$/, '') || '/'];
  const query = new URLSearchParams(search);
  const safe = query.get('safe');
  if (view === undefined)
    return { ok: false, error: 'This Safe{Wallet} link names a view Countersign does not have.' };
  if (safe === null || safe.trim() === '') {
    return {
      ok: false,
      error: 'This link does not say which Safe to open: it has no ?safe=shortName:0x… parameter.',
    };
  }
  const parsed = parseSafeId(safe);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  if (parsed.shortName === undefined) {
    return {
      ok: false,
      error: `This link names the Safe without its chain. Safe{Wallet} links write it as shortName:0x…, e.g. eth:${parsed.address}.`,
    };
  }
  return { ok: true, path: view(safePaths(parsed.shortName, parsed.address), query) };
}
