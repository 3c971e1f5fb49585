import type { SafeApp, TransactionSummary } from '@countersign/gateway-api';

const normalise = (url: string) => url.replace(/\/+$/, '');

/** The Safe Apps this gateway lists (from configuration), per chain. */
export class SafeAppCatalogue {
  constructor(private readonly apps: readonly SafeApp[]) {}

  /** The chain's apps, or only the one at `url` (a trailing slash makes no difference). */
  list(chainId: string, url?: string): SafeApp[] {
    const wanted = url ? normalise(url) : undefined;
    return this.apps.filter(
      (app) => app.chainIds.includes(chainId) && (wanted === undefined || normalise(app.url) === wanted),
    );
  }

  /**
   * The app a transaction was proposed from: the proposal's origin is JSON such as
   * `{"url","name","note"}`, and its url must be an app of the chain's catalogue.
   */
  appOfOrigin(chainId: string, origin: string | null): TransactionSummary['safeAppInfo'] {
    if (!origin) return null;
    let url: unknown;
    try {
      url = (JSON.parse(origin) as { url?: unknown } | null)?.url;
    } catch {
      return null;
    }
    if (typeof url !== 'string' || url === '') return null;
    const [app] = this.list(chainId, url);
    return app ? { name: app.name, url: app.url, logoUri: app.iconUrl } : null;
  }
}
