import type { Collectible } from '@countersign/gateway-api';
import { erc721Abi, getAddress, type Address, type PublicClient } from 'viem';
import type { Queryable } from '../store';
import { logoUrls } from './icons';
import { heldCollectibles, loadTokens } from './store';

type Metadata = Record<string, unknown>;

/**
 * Metadata from a token URI. Only `data:` URIs are read: fetching arbitrary URLs from the gateway
 * would let any token make it call any host. Other URIs are returned as they are.
 */
export function readDataUri(uri: string): Metadata | null {
  const match = /^data:application\/json(;base64)?,(.*)$/s.exec(uri);
  if (!match) return null;
  try {
    const text = match[1]
      ? Buffer.from(match[2] ?? '', 'base64').toString('utf8')
      : decodeURIComponent(match[2] ?? '');
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Metadata)
      : null;
  } catch {
    return null;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * A window of the ERC721 tokens the Safe holds now: those whose last transfer went to it, each
 * checked with the collection's ownerOf. Only the window is asked of the chain, so the work of one
 * request stays the same however many tokens a Safe was sent. `total` counts the candidates (a few
 * may fail their check).
 */
export async function readCollectibles(params: {
  db: Queryable;
  client: PublicClient;
  chainId: string;
  safe: Address;
  trustedOnly: boolean;
  /** The gateway's public origin: collections without a logo get its generated icon. */
  publicOrigin: string;
  window: { offset: number; limit: number };
}): Promise<{ items: Collectible[]; total: number }> {
  const logos = logoUrls(params.publicOrigin, params.chainId);
  const held = await heldCollectibles(params.db, params.chainId, params.safe, {
    trustedOnly: params.trustedOnly,
    ...params.window,
  });
  const tokens = await loadTokens(
    params.db,
    params.chainId,
    held.items.map((c) => c.address),
  );
  const checks = await params.client.multicall({
    allowFailure: true,
    contracts: held.items.flatMap((c) => [
      { address: c.address, abi: erc721Abi, functionName: 'ownerOf', args: [c.id] } as const,
      { address: c.address, abi: erc721Abi, functionName: 'tokenURI', args: [c.id] } as const,
    ]),
  });
  const collectibles: Collectible[] = [];
  held.items.forEach((candidate, i) => {
    const owner = checks[2 * i];
    const uri = checks[2 * i + 1];
    if (owner?.status !== 'success' || getAddress(owner.result as string) !== params.safe) return;
    const tokenUri = uri?.status === 'success' ? (uri.result as string) : null;
    const metadata = tokenUri ? readDataUri(tokenUri) : null;
    const token = tokens.get(candidate.address);
    collectibles.push({
      address: candidate.address,
      tokenName: token?.name ?? '',
      tokenSymbol: token?.symbol ?? '',
      logoUri: logos.of(candidate.address, token?.logoUri),
      id: candidate.id.toString(),
      uri: tokenUri,
      name: text(metadata?.name),
      description: text(metadata?.description),
      imageUri: text(metadata?.image),
      metadata,
    });
  });
  return { items: collectibles, total: held.total };
}
