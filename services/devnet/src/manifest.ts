import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/);

export const devnetManifestSchema = z.object({
  version: z.literal(1),
  chainId: z.number().int().positive(),
  rpcUrl: z.string().url(),
  /** ISO time the chain was first deployed and seeded. */
  seededAt: z.string(),
  contracts: z.object({
    singletonFactory: address,
    multicall3: address,
    safeL2: address,
    safe: address,
    safeProxyFactory: address,
    compatibilityFallbackHandler: address,
    multiSend: address,
    multiSendCallOnly: address,
    signMessageLib: address,
    createCall: address,
    simulateTxAccessor: address,
  }),
  tokens: z.array(
    z.object({
      type: z.enum(['ERC20', 'ERC721']),
      address,
      name: z.string(),
      symbol: z.string(),
      decimals: z.number().int().nonnegative(),
    }),
  ),
  accounts: z.array(z.object({ index: z.number().int(), role: z.string(), address, privateKey })),
  safes: z.array(
    z.object({
      name: z.string(),
      address,
      owners: z.array(address),
      threshold: z.number().int().positive(),
    }),
  ),
  modules: z.array(z.object({ safe: address, module: address })),
});
export type DevnetManifest = z.infer<typeof devnetManifestSchema>;

export function readManifest(path: string): DevnetManifest {
  return devnetManifestSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

export function writeManifest(path: string, manifest: DevnetManifest): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(devnetManifestSchema.parse(manifest), null, 2)}\n`);
  renameSync(temp, path);
}

/**
 * Where every devnet has its price feeds (DevPriceFeed, a Chainlink-shaped stand-in): fixed
 * addresses, put in place with their code like BatchReader, on a new devnet and a saved one alike.
 */
export const devnetPriceFeeds = {
  native: '0xFEeD000000000000000000000000000000000001',
  DEV: '0xfeEd000000000000000000000000000000000002',
} as const;
