import {
  decodeFunctionData,
  getAddress,
  isAddress,
  parseAbi,
  size,
  slice,
  toFunctionSelector,
  type AbiFunction,
  type Hex,
} from 'viem';
import { decodeMultiSend } from './multiSend';

/** The calls Countersign decodes without any outside service: a Safe's own settings, tokens, batches. */
export const knownCallsAbi = parseAbi([
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function removeOwner(address prevOwner, address owner, uint256 _threshold)',
  'function swapOwner(address prevOwner, address oldOwner, address newOwner)',
  'function changeThreshold(uint256 _threshold)',
  'function changeMasterCopy(address _masterCopy)',
  'function enableModule(address module)',
  'function disableModule(address prevModule, address module)',
  'function setGuard(address guard)',
  'function setModuleGuard(address moduleGuard)',
  'function setFallbackHandler(address handler)',
  'function approveHash(bytes32 hashToApprove)',
  'function transfer(address to, uint256 value)',
  'function transferFrom(address from, address to, uint256 value)',
  'function approve(address spender, uint256 value)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
  'function multiSend(bytes transactions)',
  'function signMessage(bytes _data)',
  'function migrateSingleton()',
  'function migrateWithFallbackHandler()',
  'function migrateL2Singleton()',
  'function migrateL2WithFallbackHandler()',
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce)',
]);

/** The Safe's own settings methods: a self-call to one of these is a settings change. */
export const safeSettingsMethods = new Set([
  'setFallbackHandler',
  'addOwnerWithThreshold',
  'removeOwner',
  'swapOwner',
  'changeThreshold',
  'changeMasterCopy',
  'enableModule',
  'disableModule',
  'setGuard',
  'setModuleGuard',
]);

export type DecodedCall = {
  method: string;
  parameters: { name: string; type: string; value: unknown; valueDecoded?: DecodedBatchEntry[] | null }[];
  accuracy: 'FULL_MATCH';
  /** Set when the method came from an ABI the caller supplied for the callee, not from knownCallsAbi. */
  source?: 'supplied-abi';
};

/** The ABI someone (a user, an address book) supplies for a contract, by its address; none if unknown. */
export type AbiLookup = (address: string) => readonly AbiFunction[] | undefined;

export type DecodeOptions = {
  /** The contract called: its supplied ABI decodes what knownCallsAbi does not. */
  to?: string;
  abiFor?: AbiLookup;
};

export type DecodedBatchEntry = {
  operation: 0 | 1;
  to: string;
  value: string;
  data: Hex | null;
  dataDecoded: DecodedCall | null;
};

/** JSON-friendly values: numbers as decimal strings, addresses checksummed, arrays and tuples element-wise. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && isAddress(value, { strict: false })) return getAddress(value);
  if (Array.isArray(value)) return value.map(plain);
  // A tuple decoded with named components.
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  return value;
}

/** `data` as a call of one of `abi`'s functions, its arguments JSON-friendly; undefined if none. */
function decodeWith(abi: readonly AbiFunction[], data: Hex) {
  let decoded;
  try {
    decoded = decodeFunctionData({ abi, data });
  } catch {
    return undefined;
  }
  const args = (decoded.args ?? []) as readonly unknown[];
  // Overloads share a name: the one decoded is the one whose selector the data starts with.
  const fn = abi.find(
    (item) =>
      item.name === decoded.functionName &&
      item.inputs.length === args.length &&
      toFunctionSelector(item) === slice(data, 0, 4),
  );
  if (!fn) return undefined;
  const parameters = fn.inputs.map((input, i) => ({
    name: input.name ?? `arg${i}`,
    type: input.type,
    value: plain(args[i]),
  }));
  return { method: decoded.functionName, parameters };
}

/**
 * Decodes calldata of a known method, MultiSend batches included (each entry decoded in turn); a
 * method knownCallsAbi lacks is looked up in the ABI supplied for the callee (`options`). A supplied
 * ABI never overrides a known method: the same selector is the same signature.
 * Returns null for empty data or a method nothing here knows.
 */
export function decodeCall(data: Hex | null | undefined, options: DecodeOptions = {}): DecodedCall | null {
  if (!data || size(data) < 4) return null;
  const known = decodeWith(knownCallsAbi as readonly AbiFunction[], data);
  if (known) {
    if (known.method === 'multiSend') {
      const entries = decodeBatch(data, options.abiFor);
      if (entries && known.parameters[0]) Object.assign(known.parameters[0], { valueDecoded: entries });
    }
    return { ...known, accuracy: 'FULL_MATCH' };
  }
  const supplied = options.to === undefined ? undefined : options.abiFor?.(options.to);
  const decoded = supplied && decodeWith(supplied, data);
  return decoded ? { ...decoded, accuracy: 'FULL_MATCH', source: 'supplied-abi' } : null;
}

/** A multiSend call's transactions, each with its own calldata decoded; null if it is not one. */
export function decodeBatch(data: Hex, abiFor?: AbiLookup): DecodedBatchEntry[] | null {
  try {
    return decodeMultiSend(data).map((tx) => ({
      operation: tx.operation,
      to: tx.to,
      value: tx.value.toString(),
      data: tx.data === '0x' ? null : tx.data,
      dataDecoded: decodeCall(tx.data, { to: tx.to, abiFor }),
    }));
  } catch {
    return null;
  }
}
