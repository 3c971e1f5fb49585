import { z } from 'zod';
import { addressSchema, hexSchema } from './primitives';
import { signatureSchema } from './proposals';

export const delegateSchema = z.object({
  safe: addressSchema.nullable(),
  delegate: addressSchema,
  delegator: addressSchema,
  label: z.string(),
});
export type Delegate = z.infer<typeof delegateSchema>;

export const addDelegateBodySchema = z.object({
  safe: addressSchema.nullable().optional(),
  delegate: addressSchema,
  delegator: addressSchema,
  signature: signatureSchema,
  label: z.string().min(1).max(50),
});
export type AddDelegateBody = z.infer<typeof addDelegateBodySchema>;

export const removeDelegateBodySchema = z
  .object({
    delegator: addressSchema.nullable().optional(),
    safe: addressSchema.nullable().optional(),
    signature: signatureSchema,
  })
  .refine((body) => Boolean(body.delegator) || Boolean(body.safe), {
    message: 'delegator or safe is required',
  });

export const registerDeviceBodySchema = z.object({
  uuid: z.string().uuid().nullable().optional(),
  cloudMessagingToken: z.string().min(1),
  buildNumber: z.string(),
  bundle: z.string(),
  deviceType: z.enum(['ANDROID', 'IOS', 'WEB']),
  version: z.string(),
  timestamp: z.string().regex(/^\d+$/).nullable().optional(),
  safeRegistrations: z.array(
    z.object({
      chainId: z.string().regex(/^\d+$/),
      safes: z.array(addressSchema).min(1),
      signatures: z.array(hexSchema),
    }),
  ),
});
export type RegisterDeviceBody = z.infer<typeof registerDeviceBodySchema>;

export const safeAppSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  description: z.string(),
  chainIds: z.array(z.string()),
  provider: z.object({ url: z.string(), name: z.string() }).nullable(),
  accessControl: z.object({
    type: z.enum(['NO_RESTRICTIONS', 'DOMAIN_ALLOWLIST', 'UNKNOWN']),
    value: z.array(z.string()).nullable(),
  }),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  developerWebsite: z.string().nullable(),
  socialProfiles: z.array(
    z.object({ platform: z.enum(['DISCORD', 'GITHUB', 'TWITTER', 'TELEGRAM', 'UNKNOWN']), url: z.string() }),
  ),
  featured: z.boolean().optional(),
});
export type SafeApp = z.infer<typeof safeAppSchema>;
