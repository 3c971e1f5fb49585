import * as z from 'zod/mini';
import { deferred } from './deferred';
import { pageSchema } from './common';
import { openEnum, orNull } from './lenient';
import { addressSchema, hexSchema } from './primitives';
import { signatureSchema } from './proposals';

/** A delegate: an address allowed to propose for its delegator, on one Safe or (safe null) on all. */
export const delegateSchema = deferred(() =>
  z.object({
    safe: orNull(addressSchema),
    delegate: addressSchema,
    delegator: addressSchema,
    label: z.string(),
  }),
);
export type Delegate = z.infer<typeof delegateSchema>;

/** `GET /v2/chains/{c}/delegates`. */
export const delegatePageSchema = deferred(() => pageSchema(delegateSchema));
export type DelegatePage = z.infer<typeof delegatePageSchema>;

export const addDelegateBodySchema = deferred(() =>
  z.object({
    safe: z.optional(z.nullable(addressSchema)),
    delegate: addressSchema,
    delegator: addressSchema,
    signature: signatureSchema,
    label: z.string().check(z.minLength(1), z.maxLength(50)),
  }),
);
export type AddDelegateBody = z.infer<typeof addDelegateBodySchema>;

export const removeDelegateBodySchema = deferred(() =>
  z
    .object({
      delegator: z.optional(z.nullable(addressSchema)),
      safe: z.optional(z.nullable(addressSchema)),
      signature: signatureSchema,
    })
    .check(
      z.refine((body) => Boolean(body.delegator) || Boolean(body.safe), {
        message: 'delegator or safe is required',
      }),
    ),
);
export type RemoveDelegateBody = z.infer<typeof removeDelegateBodySchema>;

/**
 * What one registration may name: each Safe is read from the chain and each signature recovered, so
 * the lists are bounded (the Safe{Wallet} apps register a handful of Safes at a time).
 */
export const registrationLimits = { chains: 20, safesPerChain: 50, signaturesPerChain: 10 } as const;

/** The body of `POST /v1/register/notifications` (validated by the gateway service). */
export const registerDeviceBodySchema = deferred(() =>
  z.object({
    uuid: z.optional(z.nullable(z.string().check(z.uuid()))),
    cloudMessagingToken: z.string().check(z.minLength(1), z.maxLength(4096)),
    buildNumber: z.string().check(z.maxLength(100)),
    bundle: z.string().check(z.maxLength(200)),
    deviceType: z.enum(['ANDROID', 'IOS', 'WEB']),
    version: z.string().check(z.maxLength(100)),
    timestamp: z.optional(z.nullable(z.string().check(z.regex(/^\d{1,12}$/)))),
    safeRegistrations: z
      .array(
        z.object({
          chainId: z.string().check(z.regex(/^\d{1,20}$/)),
          safes: z.array(addressSchema).check(z.minLength(1), z.maxLength(registrationLimits.safesPerChain)),
          signatures: z
            .array(hexSchema.check(z.maxLength(2 + 2 * 65)))
            .check(z.maxLength(registrationLimits.signaturesPerChain)),
        }),
      )
      .check(z.maxLength(registrationLimits.chains)),
  }),
);
export type RegisterDeviceBody = z.input<typeof registerDeviceBodySchema>;

/**
 * A Safe App of `GET /v1/chains/{c}/safe-apps`. Access-control types and social platforms this client
 * does not know read as UNKNOWN; tags and features are open lists of strings.
 */
export const safeAppSchema = deferred(() =>
  z.object({
    id: z.number().check(z.int()),
    url: z.string(),
    name: z.string(),
    iconUrl: orNull(z.string()),
    description: z.string(),
    chainIds: z.array(z.string()),
    provider: orNull(z.object({ url: z.string(), name: z.string() })),
    accessControl: z.object({
      type: openEnum(['NO_RESTRICTIONS', 'DOMAIN_ALLOWLIST', 'UNKNOWN'], 'UNKNOWN'),
      value: orNull(z.array(z.string())),
    }),
    tags: z.array(z.string()),
    features: z.array(z.string()),
    developerWebsite: orNull(z.string()),
    socialProfiles: z.array(
      z.object({
        platform: openEnum(['DISCORD', 'GITHUB', 'TWITTER', 'TELEGRAM', 'UNKNOWN'], 'UNKNOWN'),
        url: z.string(),
      }),
    ),
    // Required by the Client Gateway's schema; gateways from before it was sent meant "not featured".
    featured: z._default(z.boolean(), false),
  }),
);
export const safeAppsSchema = deferred(() => z.array(safeAppSchema));
export type SafeApp = z.infer<typeof safeAppSchema>;
/** A Safe App as a gateway's catalogue is configured: one left unmarked is not featured. */
export type SafeAppConfig = Omit<SafeApp, 'featured'> & { featured?: boolean };
