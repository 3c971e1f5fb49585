import { decodeFunctionData, getAddress, isAddress, parseAbi, size, type AbiFunction, type Hex } from 'viem';
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
};

export type DecodedBatchEntry = {
  operation: 0 | 1;
  to: string;
  value: string;
  data: Hex | null;
  dataDecoded: DecodedCall | null;
};

/** JSON-friendly values: numbers as decimal strings, addresses checksummed, arrays element-wise. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && isAddress(value, { strict: false })) return getAddress(value);
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

/**
 * Decodes calldata of a known method, MultiSend batches included (each entry decoded in turn).
 * Returns null for empty data or a method it does not know.
 */
export function decodeCall(data: Hex | null | undefined): DecodedCall | null {
  if (!data || size(data) < 4) return null;
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: knownCallsAbi, data });
  } catch {
    return null;
  }
  const fn: AbiFunction | undefined = (knownCallsAbi as readonly AbiFunction[]).find(
    (item) => item.name === decoded.functionName && item.inputs.length === (decoded.args?.length ?? 0),
  );
  if (!fn) return null;
  const args = (decoded.args ?? []) as readonly unknown[];
  const parameters = fn.inputs.map((input, i) => ({
    name: input.name ?? `arg${i}`,
    type: input.type,
    value: plain(args[i]),
  }));
  if (decoded.functionName === 'multiSend') {
    const entries = decodeBatch(data);
    if (entries && parameters[0]) Object.assign(parameters[0], { valueDecoded: entries });
  }
  return { method: decoded.functionName, parameters, accuracy: 'FULL_MATCH' };
}

/** A multiSend call's transactions, each with its own calldata decoded; null if it is not one. */
export function decodeBatch(data: Hex): DecodedBatchEntry[] | null {
  try {
    return decodeMultiSend(data).map((tx) => ({
      operation: tx.operation,
      to: tx.to,
      value: tx.value.toString(),
      data: tx.data === '0x' ? null : tx.data,
      dataDecoded: decodeCall(tx.data),
    }));
  } catch {
    return null;
  }
}
