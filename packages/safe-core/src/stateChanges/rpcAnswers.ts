import { isAddress, isHex, type Address, type Hex } from 'viem';

/**
 * The parts of the node's answers the readers use, checked field by field: an answer that does not
 * have this shape is refused rather than half read.
 */
export type SimulatedLog = { address: Address; topics: Hex[]; data: Hex };
export type SimulatedCall = { status: 'success' | 'failure'; returnData: Hex; logs: SimulatedLog[] };
export type SimulatedBlock = { calls: SimulatedCall[] };

/** Per account, the storage slots the prestate tracer reports (diff mode: only what changed). */
export type PrestateAccount = { balance?: bigint; storage?: Record<string, Hex> };
export type PrestateDiff = {
  pre: Record<string, PrestateAccount>;
  post: Record<string, PrestateAccount>;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readLog(value: unknown): SimulatedLog {
  if (!isObject(value)) throw new Error('a log is not an object');
  const { address, topics, data } = value;
  if (typeof address !== 'string' || !isAddress(address, { strict: false })) {
    throw new Error('a log has no address');
  }
  if (!Array.isArray(topics) || !topics.every((topic) => isHex(topic)))
    throw new Error('a log has bad topics');
  if (!isHex(data)) throw new Error('a log has no data');
  return { address, topics: topics as Hex[], data };
}

function readCall(value: unknown): SimulatedCall {
  if (!isObject(value)) throw new Error('a call result is not an object');
  const { status, returnData, logs, error } = value;
  if (status !== '0x1' && status !== '0x0') throw new Error('a call result has no status');
  // anvil gives a revert's data as the call's returnData; geth leaves that empty and puts it in error.data.
  const errorData = isObject(error) && isHex(error.data) ? error.data : undefined;
  const data =
    status === '0x0' && errorData && (returnData ?? '0x') === '0x' ? errorData : (returnData ?? '0x');
  if (!isHex(data)) throw new Error('a call result has no return data');
  if (logs !== undefined && !Array.isArray(logs)) throw new Error('a call result has bad logs');
  return {
    status: status === '0x1' ? 'success' : 'failure',
    returnData: data,
    logs: (logs ?? []).map(readLog),
  };
}

/** The blocks of an eth_simulateV1 answer, each with its calls' status, return data and logs. */
export function readSimulateV1Answer(answer: unknown): SimulatedBlock[] {
  if (!Array.isArray(answer)) throw new Error('the answer is not a list of blocks');
  return answer.map((block) => {
    if (!isObject(block) || !Array.isArray(block.calls)) throw new Error('a block has no calls');
    return { calls: block.calls.map(readCall) };
  });
}

function readAccounts(value: unknown): PrestateDiff['pre'] {
  if (!isObject(value)) throw new Error('the prestate diff has no accounts');
  const accounts: PrestateDiff['pre'] = {};
  for (const [address, account] of Object.entries(value)) {
    if (!isObject(account) || !isAddress(address, { strict: false })) continue;
    const { balance, storage } = account;
    if (balance !== undefined && !isHex(balance)) throw new Error('the prestate diff has a bad balance');
    if (
      storage !== undefined &&
      (!isObject(storage) || !Object.entries(storage).every(([slot, word]) => isHex(slot) && isHex(word)))
    ) {
      throw new Error('the prestate diff has bad storage');
    }
    accounts[address.toLowerCase()] = {
      ...(balance !== undefined ? { balance: BigInt(balance) } : {}),
      ...(storage !== undefined ? { storage: storage as Record<string, Hex> } : {}),
    };
  }
  return accounts;
}

/** A debug_traceCall prestate-tracer answer in diff mode. */
export function readPrestateDiff(answer: unknown): PrestateDiff {
  if (!isObject(answer)) throw new Error('the prestate diff is not an object');
  return { pre: readAccounts(answer.pre), post: readAccounts(answer.post) };
}
