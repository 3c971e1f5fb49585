import * as z from 'zod/mini';
import {
  grantPermissions,
  revokePermission,
  type Permission,
  type PermissionRequest,
  type SafeSettings,
} from '@countersign/safe-apps-bridge';
import { storedState, useStoredState } from '../../../lib/storedState';

// zod/mini sets no language for its messages: English, unless one is set already.
if (!z.core.globalConfig.localeError) z.config(z.locales.en());

/**
 * What Countersign remembers of each Safe App, by its origin, in this browser (localStorage, shared
 * by every tab): the permissions the user granted, the app's off-chain signing setting, when the user
 * accepted to run it although it is not in the catalogue, and the name it showed then.
 */
export type StoredApp = {
  origin: string;
  /** The app's name as last shown (its manifest's or the catalogue's); text only. */
  name: string;
  permissions: Permission[];
  /** Messages are signed off-chain (the default) or by an on-chain transaction through SignMessageLib. */
  offChainSigning: boolean;
  /** When the user accepted to run this app although it is not in the catalogue (ms since 1970). */
  acceptedAt?: number;
};

export const SAFE_APPS_STORAGE_KEY = 'countersign.safe-apps';
const MAX_APPS = 200;
const MAX_NAME = 100;

const originSchema = z.string().check(
  z.maxLength(300),
  z.refine((value) => toAppOrigin(value) === value),
);
const permissionSchema = z.object({
  invoker: z.string().check(z.maxLength(300)),
  parentCapability: z.enum(['requestAddressBook']),
  date: z.optional(z.number().check(z.nonnegative())),
  caveats: z.optional(
    z.array(z.object({ type: z.string(), value: z.optional(z.unknown()), name: z.optional(z.string()) })),
  ),
});
const storedAppSchema = z.object({
  origin: originSchema,
  name: z.catch(z.string().check(z.maxLength(MAX_NAME)), ''),
  permissions: z.catch(z.array(permissionSchema), []),
  offChainSigning: z.catch(z.boolean(), true),
  acceptedAt: z.catch(z.optional(z.number().check(z.nonnegative())), undefined),
});
const storedListSchema = z.object({ version: z.literal(1), apps: z.array(z.unknown()) });

/** An http(s) URL's origin, or undefined for anything else (Safe Apps run from http(s) only). */
export function toAppOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function parseApps(stored: unknown): StoredApp[] | undefined {
  const list = storedListSchema.safeParse(stored);
  if (!list.success) return undefined;
  const apps: StoredApp[] = [];
  for (const entry of list.data.apps.slice(0, MAX_APPS)) {
    const app = storedAppSchema.safeParse(entry);
    if (!app.success || apps.some((other) => other.origin === app.data.origin)) continue;
    apps.push({
      ...app.data,
      // A permission counts only for the origin it was granted to.
      permissions: app.data.permissions.filter((permission) => permission.invoker === app.data.origin),
    });
  }
  return apps;
}

const storedApps = storedState<StoredApp[]>(SAFE_APPS_STORAGE_KEY, {
  fallback: [],
  parse: parseApps,
  serialize: (apps) => ({ version: 1, apps }),
});

const blank = (origin: string): StoredApp => ({ origin, name: '', permissions: [], offChainSigning: true });

export function storedApp(origin: string): StoredApp {
  return storedApps.get().find((app) => app.origin === origin) ?? blank(origin);
}

function update(origin: string, change: (app: StoredApp) => StoredApp): StoredApp {
  const apps = storedApps.get();
  const next = change(apps.find((app) => app.origin === origin) ?? blank(origin));
  storedApps.set([...apps.filter((app) => app.origin !== origin), next].slice(-MAX_APPS));
  return next;
}

const cleanName = (name: string) =>
  name
    .replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, MAX_NAME);

export const appPermissions = (origin: string): Permission[] => storedApp(origin).permissions;

export function grantAppPermissions(
  origin: string,
  name: string,
  request: PermissionRequest[],
): Permission[] {
  return update(origin, (app) => ({
    ...app,
    name: cleanName(name) || app.name,
    permissions: grantPermissions(app.permissions, origin, request, Date.now()),
  })).permissions;
}

export function revokeAppPermission(origin: string, method: string): void {
  update(origin, (app) => ({ ...app, permissions: revokePermission(app.permissions, method) }));
}

export function setAppSettings(origin: string, settings: SafeSettings): { offChainSigning: boolean } {
  const next = update(origin, (app) => ({
    ...app,
    offChainSigning: settings.offChainSigning ?? app.offChainSigning,
  }));
  return { offChainSigning: next.offChainSigning };
}

export function acceptUnknownApp(origin: string, name: string): void {
  update(origin, (app) => ({ ...app, name: cleanName(name) || app.name, acceptedAt: Date.now() }));
}

/** Forgets everything about the app: permissions, settings, and the acceptance of an unknown app. */
export function forgetApp(origin: string): void {
  storedApps.update((apps) => apps.filter((app) => app.origin !== origin));
}

export function useStoredApps(): StoredApp[] {
  return useStoredState(storedApps);
}

export function useStoredApp(origin: string | undefined): StoredApp | undefined {
  const apps = useStoredApps();
  return origin === undefined ? undefined : (apps.find((app) => app.origin === origin) ?? undefined);
}
