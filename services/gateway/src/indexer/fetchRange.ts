import {
  decodeAbiParameters,
  getAddress,
  pad,
  parseEventLogs,
  toEventSelector,
  type Address,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import { safeAbi, safeProxyFactoryAbi } from '@countersign/safe-core';

export const transferTopic = toEventSelector('Transfer(address,address,uint256)');

export type BlockInfo = { number: bigint; hash: Hex; parentHash: Hex; timestampMs: number };

/** What one pass of the indexer read from the chain for blocks [from, to]. */
export type ChainRange = {
  from: bigint;
  to: bigint;
  blocks: Map<bigint, BlockInfo>;
  /** Safes created through a watched factory in this range. */
  creations: ReturnType<typeof parseEventLogs<typeof safeProxyFactoryAbi>>;
  /** Every event a known (or just created) Safe emitted. */
  safeEvents: ReturnType<typeof parseEventLogs<typeof safeAbi>>;
  /** ERC20/ERC721 Transfer logs from or to a known Safe. */
  tokenTransfers: Log[];
  /** The sender of each transaction that created a Safe. */
  creators: Map<Hex, Address>;
  /**
   * The salt nonce of each Safe created by a 1.5.0 L2 factory method, which says it in an event
   * (`${txHash}:${proxy}`, lower case); other creations do not.
   */
  saltNonces?: Map<string, string>;
};

const uniqueLogs = (logs: Log[]) => {
  const seen = new Set<string>();
  return logs.filter((log) => {
    const key = `${log.transactionHash}:${log.logIndex}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** Reads the logs the indexer needs for a block range, the blocks they are in, the last (and first) one. */
export async function fetchRange(
  client: PublicClient,
  params: {
    from: bigint;
    to: bigint;
    factories: readonly Address[];
    knownSafes: readonly Address[];
    firstBlock?: boolean;
  },
): Promise<ChainRange> {
  const { from, to } = params;
  // No address at all would ask the node for every log in the range.
  const factoryLogs =
    params.factories.length > 0
      ? await client.getLogs({ address: [...params.factories], fromBlock: from, toBlock: to })
      : [];
  const creations = parseEventLogs({
    abi: safeProxyFactoryAbi,
    logs: factoryLogs,
    eventName: 'ProxyCreation',
  });
  const saltNonces = new Map<string, string>();
  for (const log of parseEventLogs({
    abi: safeProxyFactoryAbi,
    logs: factoryLogs,
    eventName: ['ProxyCreationL2', 'ChainSpecificProxyCreationL2'],
  }))
    saltNonces.set(creationKey(log.transactionHash, log.args.proxy), log.args.saltNonce.toString());
  const safes = [...new Set([...params.knownSafes, ...creations.map((c) => getAddress(c.args.proxy))])];

  let safeEvents: ChainRange['safeEvents'] = [];
  let tokenTransfers: Log[] = [];
  if (safes.length > 0) {
    const padded = safes.map((safe) => pad(safe, { size: 32 }).toLowerCase() as Hex);
    const [ownLogs, fromSafe, toSafe] = await Promise.all([
      client.getLogs({ address: safes, fromBlock: from, toBlock: to }),
      client.request({
        method: 'eth_getLogs',
        params: [
          {
            fromBlock: `0x${from.toString(16)}`,
            toBlock: `0x${to.toString(16)}`,
            topics: [transferTopic, padded],
          },
        ],
      }),
      client.request({
        method: 'eth_getLogs',
        params: [
          {
            fromBlock: `0x${from.toString(16)}`,
            toBlock: `0x${to.toString(16)}`,
            topics: [transferTopic, null, padded],
          },
        ],
      }),
    ]);
    safeEvents = parseEventLogs({ abi: safeAbi, logs: ownLogs });
    tokenTransfers = uniqueLogs([...fromSafe, ...toSafe].map(formatRawLog)).filter(
      (log) => log.topics.length === 3 || log.topics.length === 4,
    );
  }

  const blockNumbers = new Set<bigint>(params.firstBlock ? [from, to] : [to]);
  for (const log of [...creations, ...safeEvents, ...tokenTransfers]) {
    if (log.blockNumber !== null) blockNumbers.add(log.blockNumber);
  }
  const blocks = new Map<bigint, BlockInfo>();
  await Promise.all(
    [...blockNumbers].map(async (number) => {
      const block = await client.getBlock({ blockNumber: number });
      blocks.set(number, {
        number,
        hash: block.hash,
        parentHash: block.parentHash,
        timestampMs: Number(block.timestamp) * 1000,
      });
    }),
  );

  const creators = new Map<Hex, Address>();
  await Promise.all(
    [...new Set(creations.map((c) => c.transactionHash))].map(async (hash) => {
      const tx = await client.getTransaction({ hash });
      creators.set(hash, getAddress(tx.from));
    }),
  );

  return { from, to, blocks, creations, safeEvents, tokenTransfers, creators, saltNonces };
}

/** How a creation is found among ChainRange's saltNonces. */
export const creationKey = (txHash: Hex, proxy: Address) => `${txHash}:${proxy}`.toLowerCase();

type RawLog = {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: Hex;
  logIndex: Hex;
  removed?: boolean;
};

function formatRawLog(raw: unknown): Log {
  const log = raw as RawLog;
  return {
    address: getAddress(log.address),
    topics: log.topics as [Hex, ...Hex[]],
    data: log.data,
    blockNumber: BigInt(log.blockNumber),
    blockHash: log.blockHash,
    transactionHash: log.transactionHash,
    transactionIndex: Number(log.transactionIndex),
    logIndex: Number(log.logIndex),
    removed: log.removed ?? false,
  };
}

/** additionalInfo of SafeMultiSigTransaction: abi.encode(nonce, msg.sender, threshold). */
export function decodeAdditionalInfo(data: Hex): { nonce: bigint; sender: Address; threshold: bigint } {
  const [nonce, sender, threshold] = decodeAbiParameters(
    [{ type: 'uint256' }, { type: 'address' }, { type: 'uint256' }],
    data,
  );
  return { nonce, sender, threshold };
}
