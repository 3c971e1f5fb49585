import type { SafeApp, SafeAppConfig, TransactionSummary } from '@countersign/gateway-api';
import { z } from 'zod';

const normalise = (url: string) => url.replace(/\/+$/, '');

/** What a proposal's origin must hold to name an app; anything else it holds does not matter. */
const originSchema = z.object({ url: z.string().min(1) });

/** The Safe Apps this gateway lists (from configuration), per chain. */
export class SafeAppCatalogue {
  private readonly apps: readonly SafeApp[];

  constructor(apps: readonly SafeAppConfig[]) {
    this.apps = apps.map((app) => ({ ...app, featured: app.featured ?? false }));
  }

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
    let parsed: unknown;
    try {
      parsed = JSON.parse(origin);
    } catch {
      return null;
    }
    const result = originSchema.safeParse(parsed);
    if (!result.success) return null;
    const [app] = this.list(chainId, result.data.url);
    return app ? { name: app.name, url: app.url, logoUri: app.iconUrl } : null;
  }
}
