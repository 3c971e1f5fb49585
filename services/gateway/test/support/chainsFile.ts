import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { safe141 } from '@countersign/safe-core';
import type { ChainConfig } from '../../src/chains/chainConfig';

/** Writes a chains file (GATEWAY_CHAINS_FILE) with the least each chain needs, into `dir`. */
export function chainsFile(
  dir: string,
  chains: Array<{ chainId: string; chainName: string; rpcUrl: string }>,
): string {
  const configs = chains.map((chain): Partial<ChainConfig> => ({
    ...chain,
    shortName: chain.chainName.toLowerCase(),
    blockExplorerUriTemplate: { address: '{{address}}', txHash: '{{txHash}}', api: '' },
    features: [],
    recommendedMasterCopyVersion: '1.4.1',
    masterCopies: [{ address: safe141.safe, version: '1.4.1' }],
  }));
  const path = join(dir, 'chains.json');
  writeFileSync(path, JSON.stringify(configs));
  return path;
}
