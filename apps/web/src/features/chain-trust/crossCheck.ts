import { getAddress, type Address, type Hex } from 'viem';
import { getBlock, getBlockNumber, getChainId, readContract } from 'viem/actions';
import { safeAbi } from '@countersign/safe-core';
import { chainReader } from '../../lib/chainReader';
import type { RpcSource } from '../../lib/rpcSources';

/** What one RPC answers about the chain and the Safe, at one block. */
export type SourceFacts = {
  chainId: string;
  blockHash: Hex;
  /** Absent where the Safe's contract did not answer at that block (not deployed yet, say). */
  safe?: { owners: Address[]; threshold: number; nonce: number };
};

export type SourceAnswer = { source: RpcSource; facts: SourceFacts } | { source: RpcSource; error: string };

/** One fact the sources answer differently, with each source's answer. */
export type SourceDisagreement = { what: string; answers: { source: RpcSource; value: string }[] };

export type RpcAgreement = {
  /** The block the sources were compared at (absent where the chain ids already differ). */
  block?: bigint;
  answers: SourceAnswer[];
  disagreements: SourceDisagreement[];
};

const message = (error: unknown): string => {
  const text =
    error instanceof Error
      ? ((error as { shortMessage?: string }).shortMessage ?? error.message)
      : String(error);
  return (text.split('\n')[0] ?? '').slice(0, 200);
};

type Head = { source: RpcSource; chainId: string; head: bigint };

/**
 * Asks every source the same questions and compares the answers: the chain id, then, at one block
 * every source has (a block behind the lowest head, so that a node a block behind is no
 * disagreement), that block's hash and the Safe's owners, threshold and nonce.
 */
export async function compareRpcSources(sources: readonly RpcSource[], safe: Address): Promise<RpcAgreement> {
  const read: Head[] = [];
  const unread: SourceAnswer[] = [];
  await Promise.all(
    sources.map(async (source) => {
      try {
        const client = chainReader(source.url);
        const [chainId, head] = await Promise.all([
          getChainId(client),
          getBlockNumber(client, { cacheTime: 0 }),
        ]);
        read.push({ source, chainId: String(chainId), head });
      } catch (error) {
        unread.push({ source, error: message(error) });
      }
    }),
  );
  // In the sources' order, whichever answered first.
  const order = (item: { source: RpcSource }) => sources.indexOf(item.source);
  read.sort((a, b) => order(a) - order(b));
  unread.sort((a, b) => order(a) - order(b));
  if (new Set(read.map((head) => head.chainId)).size > 1) {
    return {
      answers: unread,
      disagreements: [
        { what: 'Chain id', answers: read.map(({ source, chainId }) => ({ source, value: chainId })) },
      ],
    };
  }
  if (read.length < 2) return { answers: unread, disagreements: [] };
  const lowest = read.reduce((low, { head }) => (head < low ? head : low), read[0]?.head ?? 0n);
  const block = lowest > 0n ? lowest - 1n : 0n;
  const answers: SourceAnswer[] = [
    ...(await Promise.all(
      read.map(async ({ source, chainId }): Promise<SourceAnswer> => {
        try {
          return { source, facts: await factsAt(source.url, chainId, safe, block) };
        } catch (error) {
          return { source, error: message(error) };
        }
      }),
    )),
    ...unread,
  ];
  return { block, answers, disagreements: disagreementsOf(answers) };
}

async function factsAt(
  url: string,
  chainId: string,
  safe: Address,
  blockNumber: bigint,
): Promise<SourceFacts> {
  const client = chainReader(url);
  const read = <const Name extends 'getOwners' | 'getThreshold' | 'nonce'>(functionName: Name) =>
    readContract(client, { address: safe, abi: safeAbi, functionName, blockNumber });
  const [block, owners, threshold, nonce] = await Promise.all([
    getBlock(client, { blockNumber }),
    read('getOwners').catch(() => undefined),
    read('getThreshold').catch(() => undefined),
    read('nonce').catch(() => undefined),
  ]);
  if (!block.hash) throw new Error(`Block ${blockNumber} has no hash`);
  return {
    chainId,
    blockHash: block.hash,
    ...(owners !== undefined && threshold !== undefined && nonce !== undefined
      ? {
          safe: {
            owners: owners.map((owner) => getAddress(owner)),
            threshold: Number(threshold),
            nonce: Number(nonce),
          },
        }
      : {}),
  };
}

const ownersText = (owners: readonly Address[]) =>
  owners.length === 0
    ? 'none'
    : [...owners].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).join(', ');

/** The facts the answering sources state differently, each with every source's answer. */
export function disagreementsOf(answers: readonly SourceAnswer[]): SourceDisagreement[] {
  const facts = answers.flatMap((answer) => ('facts' in answer ? [answer] : []));
  const questions: [string, (facts: SourceFacts) => string][] = [
    ['Block hash', (facts) => facts.blockHash.toLowerCase()],
    ['Safe contract', (facts) => (facts.safe ? 'answers' : 'does not answer')],
    ['Owners', (facts) => (facts.safe ? ownersText(facts.safe.owners) : '—')],
    ['Threshold', (facts) => (facts.safe ? String(facts.safe.threshold) : '—')],
    ['Nonce', (facts) => (facts.safe ? String(facts.safe.nonce) : '—')],
  ];
  const found: SourceDisagreement[] = [];
  for (const [what, valueOf] of questions) {
    const values = facts.map(({ source, facts: answered }) => ({ source, value: valueOf(answered) }));
    if (new Set(values.map((answer) => answer.value)).size > 1) found.push({ what, answers: values });
  }
  return found;
}
