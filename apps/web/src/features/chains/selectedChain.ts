import type { ChainInfo } from '@countersign/gateway-api';

/** The remembered chain, or the first one when nothing valid is remembered. */
export function pickChain(chains: readonly ChainInfo[] | undefined, storedChainId: string | null) {
  if (chains === undefined) return undefined;
  return chains.find((chain) => chain.chainId === storedChainId) ?? chains[0];
}

/** Short names are matched exactly first, then ignoring case (`ETH:0x…` still opens eth). */
export function findChainByShortName(chains: readonly ChainInfo[], shortName: string): ChainInfo | undefined {
  return (
    chains.find((chain) => chain.shortName === shortName) ??
    chains.find((chain) => chain.shortName.toLowerCase() === shortName.toLowerCase())
  );
}

export function unknownShortNameMessage(shortName: string, chains: readonly ChainInfo[]): string {
  const known = chains.map((chain) => chain.shortName);
  return known.length === 0
    ? `Unknown chain short name "${shortName}": the gateway lists no chains.`
    : `Unknown chain short name "${shortName}". Known short names: ${known.join(', ')}.`;
}
