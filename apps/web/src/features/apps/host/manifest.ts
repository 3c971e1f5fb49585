import * as z from 'zod/mini';
import { queryOptions } from '@tanstack/react-query';
import { toAppOrigin } from './appStore';

/**
 * A custom app's manifest.json (name, description, icons), read from beside the app. Untrusted:
 * only strings are kept, cut to a length a page can show, and an icon only as an http(s) URL.
 */
export type AppManifest = { name: string; description: string; iconUrl: string | null };

const MAX_NAME = 100;
const MAX_DESCRIPTION = 500;

const clip = (value: string, max: number) => {
  const text = value.replace(/\p{Cc}+/gu, ' ').trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

const manifestSchema = z.object({
  name: z.catch(z.optional(z.string()), undefined),
  short_name: z.catch(z.optional(z.string()), undefined),
  description: z.catch(z.optional(z.string()), undefined),
  iconPath: z.catch(z.optional(z.string()), undefined),
  icons: z.catch(
    z.optional(z.array(z.object({ src: z.string(), sizes: z.optional(z.string()) }))),
    undefined,
  ),
});

/** The app's URL without its query and hash, and with one trailing slash: where its files are. */
export function appBaseUrl(appUrl: string): string {
  const url = new URL(appUrl);
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/*$/, '/');
}

function iconOf(raw: z.infer<typeof manifestSchema>, base: string): string | null {
  const candidates = [raw.iconPath, ...(raw.icons ?? []).map((icon) => icon.src)];
  for (const candidate of candidates) {
    if (candidate === undefined || candidate === '') continue;
    try {
      const url = new URL(candidate, base).href;
      if (toAppOrigin(url) !== undefined) return url;
    } catch {
      // Not a URL: the next one.
    }
  }
  return null;
}

/** Reads a manifest's JSON; null when it has no name at all. */
export function readManifest(json: unknown, appUrl: string): AppManifest | null {
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) return null;
  const name = clip(parsed.data.name ?? parsed.data.short_name ?? '', MAX_NAME);
  if (name === '') return null;
  return {
    name,
    description: clip(parsed.data.description ?? '', MAX_DESCRIPTION),
    iconUrl: iconOf(parsed.data, appBaseUrl(appUrl)),
  };
}

/** At most this much of a manifest is read. */
const MAX_MANIFEST_BYTES = 100_000;

/**
 * The app's manifest, or null when it has none that reads. Countersign's own server reads it (its
 * /app-manifest): this page may connect only to its gateway and its chains, not to apps' sites.
 */
export async function fetchManifest(appUrl: string, signal?: AbortSignal): Promise<AppManifest | null> {
  const response = await fetch(`/app-manifest?url=${encodeURIComponent(appBaseUrl(appUrl))}`, {
    signal,
    credentials: 'omit',
  });
  if (!response.ok) return null;
  const text = await response.text();
  if (text.length > MAX_MANIFEST_BYTES) return null;
  try {
    return readManifest(JSON.parse(text), appUrl);
  } catch {
    return null;
  }
}

export const manifestQueryOptions = (appUrl: string) =>
  queryOptions({
    queryKey: ['safe-app-manifest', appBaseUrl(appUrl)] as const,
    queryFn: ({ signal }) => fetchManifest(appUrl, AbortSignal.any([signal, AbortSignal.timeout(8_000)])),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
