import type { SafeApp } from '@countersign/gateway-api';
import { isHttpUrl } from '../../lib/urls';

/** What the catalogue shows of the gateway's Safe Apps: which apps, in which order, found how. */

const withoutTrailingSlashes = (value: string) => value.replace(/\/+$/, '');

/**
 * Whether the app may be offered on this origin: an app without restrictions everywhere, an
 * allow-listed app only where the origin is on its list (compared exactly, trailing slashes
 * aside), and an access type this client does not know nowhere.
 */
export function isAllowedHere(app: Pick<SafeApp, 'accessControl'>, origin: string): boolean {
  const { type, value } = app.accessControl;
  if (type === 'NO_RESTRICTIONS') return true;
  if (type !== 'DOMAIN_ALLOWLIST') return false;
  const here = withoutTrailingSlashes(origin);
  return (value ?? []).some((allowed) => withoutTrailingSlashes(allowed) === here);
}

/** The app's tags, each once, without blanks. */
export function tagsOf(app: Pick<SafeApp, 'tags'>): string[] {
  return [...new Set(app.tags.map((tag) => tag.trim()).filter(Boolean))];
}

/** Every word of the search is in the app's name, description or tags (any letter case). */
export function matchesAppSearch(app: SafeApp, search: string): boolean {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [app.name, app.description, ...app.tags].join('\n').toLocaleLowerCase();
  return words.every((word) => text.includes(word));
}

export type TagCount = { tag: string; count: number };

/** How many of `apps` carry each tag, the most used first. */
export function countTags(apps: readonly SafeApp[]): TagCount[] {
  const counts = new Map<string, number>();
  for (const app of apps) for (const tag of tagsOf(app)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || collator.compare(a.tag, b.tag));
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Featured apps first, then by name. */
export function orderApps(apps: readonly SafeApp[]): SafeApp[] {
  return [...apps].sort(
    (a, b) => Number(b.featured === true) - Number(a.featured === true) || collator.compare(a.name, b.name),
  );
}

export type CatalogueView = {
  /** The apps this origin may offer, in catalogue order. */
  allowed: SafeApp[];
  /** Those matching the search and the chosen tags. */
  shown: SafeApp[];
  /** Tags of the apps matching the search, with how many carry each. */
  tags: TagCount[];
};

/**
 * The catalogue as the filters leave it. Tags combine with "or" (an app with any chosen tag), the
 * search with "and" (every word); tag counts follow the search, so a chip says what choosing it gives.
 */
export function viewCatalogue(
  apps: readonly SafeApp[],
  { origin, search, tags }: { origin: string; search: string; tags: ReadonlySet<string> },
): CatalogueView {
  const allowed = orderApps(apps.filter((app) => isAllowedHere(app, origin)));
  const found = allowed.filter((app) => matchesAppSearch(app, search));
  const shown = tags.size === 0 ? found : found.filter((app) => tagsOf(app).some((tag) => tags.has(tag)));
  const counts = countTags(found);
  // A chosen tag stays on screen (with 0) so it can be turned off again.
  for (const tag of tags) if (!counts.some((entry) => entry.tag === tag)) counts.push({ tag, count: 0 });
  return { allowed, shown, tags: counts };
}

/** How a feature of an app reads: the one Countersign knows by name, the others as the gateway says. */
export function featureLabel(feature: string): string {
  return feature === 'BATCHED_TRANSACTIONS' ? 'Batched transactions' : feature;
}

export const socialPlatformLabels: Record<SafeApp['socialProfiles'][number]['platform'], string> = {
  TWITTER: 'X (Twitter)',
  GITHUB: 'GitHub',
  DISCORD: 'Discord',
  TELEGRAM: 'Telegram',
  UNKNOWN: 'Link',
};

/** `value` when it is an http(s) URL: the only kind the catalogue turns into a link or an image. */
export function httpUrlOrUndefined(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && isHttpUrl(trimmed) ? trimmed : undefined;
}

/** The host an app runs on, to show beside its name; undefined when its URL is not http(s). */
export function appHost(url: string): string | undefined {
  const value = httpUrlOrUndefined(url);
  return value === undefined ? undefined : new URL(value).host;
}
