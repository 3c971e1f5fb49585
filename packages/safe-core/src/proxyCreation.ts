import { getAddress, isAddressEqual, size, slice, type Address, type Hex } from 'viem';

/**
 * ProxyCreation(address,address): 1.4.1 indexes the proxy (topic 1), 1.3.0 indexes nothing (the
 * proxy is the data's first word). One selector for both, written out (test/precomputed.test.ts
 * hashes it again).
 */
export const proxyCreationTopic = '0x4f51faf6c4561ff95f067657e43439f0f856d97c04d9ec9070a6199ad418e235';

type ReceiptLog = { address: Address; topics: readonly Hex[]; data: Hex };

const addressOfWord = (word: Hex | undefined): Address | undefined =>
  word !== undefined && size(word) === 32 ? getAddress(slice(word, 12)) : undefined;

/**
 * The contract whose ProxyCreation event in a transaction's logs names `proxy`: the factory that
 * created it, as the chain records it. Undefined when no log of these logs created it.
 */
export function proxyFactoryOfLogs(logs: readonly ReceiptLog[], proxy: Address): Address | undefined {
  for (const log of logs) {
    if (log.topics[0] !== proxyCreationTopic) continue;
    const created =
      log.topics.length === 2
        ? addressOfWord(log.topics[1])
        : size(log.data) >= 32
          ? addressOfWord(slice(log.data, 0, 32))
          : undefined;
    if (created && isAddressEqual(created, proxy)) return getAddress(log.address);
  }
  return undefined;
}
