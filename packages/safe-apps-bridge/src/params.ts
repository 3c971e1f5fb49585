import * as z from 'zod/mini';
import { BridgeError, bridgeErrors } from './errors';
import type {
  AppTransaction,
  AppTypedData,
  Hex,
  PermissionRequest,
  RpcCallParams,
  SafeSettings,
  SendTransactionsParams,
  TypedDataField,
} from './types';
import { restrictedMethods } from './types';

// zod/mini sets no language for its messages: English, unless one is set already.
if (!z.core.globalConfig.localeError) z.config(z.locales.en());

/**
 * Reading each method's params: everything from an app is untrusted. Each reader returns the params
 * in the form the handlers take, or throws a BridgeError with the specification's text.
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;
const DECIMAL = /^(?:0|[1-9][0-9]*)$/;
const HEX_NUMBER = /^0x[0-9a-fA-F]{1,64}$/;
const MAX_UINT256 = 2n ** 256n - 1n;
/** More calls than any batch a Safe could execute in one block. */
export const MAX_TRANSACTIONS = 256;
/** RPC params an allowed read method takes are few (eth_getLogs takes one filter object). */
export const MAX_RPC_PARAMS = 8;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const plainObject = z.custom<Record<string, unknown>>(isPlainObject);

const invalid = (method: string, detail: string) =>
  new BridgeError(bridgeErrors.invalidParams(method, detail));

/** The read methods an app may ask the chain's node for; everything else is refused, never forwarded. */
export const readRpcMethods = [
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'net_version',
] as const;
const readRpcSet: ReadonlySet<string> = new Set(readRpcMethods);
export const isReadRpcMethod = (call: string) => readRpcSet.has(call);

export const SET_SETTINGS_CALL = 'safe_setSettings';

/** A quantity as an app may write it: a decimal or hex string, a safe integer, or nothing (0). */
function readQuantity(value: unknown): bigint | undefined {
  if (value === undefined || value === null || value === '') return 0n;
  let read: bigint | undefined;
  if (typeof value === 'number') read = Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
  else if (typeof value === 'bigint') read = value;
  else if (typeof value === 'string' && (DECIMAL.test(value) ? value.length <= 78 : HEX_NUMBER.test(value)))
    read = BigInt(value);
  return read !== undefined && read >= 0n && read <= MAX_UINT256 ? read : undefined;
}

function readTransaction(value: unknown, index: number): AppTransaction {
  const number = index + 1;
  if (!isPlainObject(value)) throw invalid('sendTransactions', `transaction #${number} is not an object`);
  const { to, value: amount, data } = value;
  if (typeof to !== 'string' || !ADDRESS.test(to))
    throw invalid('sendTransactions', `transaction #${number} has no valid "to" address`);
  const read = readQuantity(amount);
  if (read === undefined)
    throw invalid('sendTransactions', `transaction #${number} has an invalid value (a whole number of wei)`);
  if (!(
    data === undefined ||
    data === null ||
    data === '' ||
    (typeof data === 'string' && HEX_BYTES.test(data))
  ))
    throw invalid('sendTransactions', `transaction #${number} has invalid data (hex bytes)`);
  return { to: to as Hex, value: read, data: (typeof data === 'string' && data !== '' ? data : '0x') as Hex };
}

/** `{ txs: [{to, value, data}], params?: { safeTxGas? } }`; safeTxGas may be a hex string. */
export function readSendTransactions(params: unknown): SendTransactionsParams {
  const txs = isPlainObject(params) ? params.txs : undefined;
  if (!Array.isArray(txs) || txs.length === 0) throw new BridgeError(bridgeErrors.noTransactions);
  if (txs.length > MAX_TRANSACTIONS)
    throw invalid('sendTransactions', `at most ${MAX_TRANSACTIONS} transactions are sent at once`);
  const read: SendTransactionsParams = { txs: txs.map(readTransaction) };
  const options = isPlainObject(params) ? params.params : undefined;
  if (options !== undefined && options !== null) {
    if (!isPlainObject(options)) throw invalid('sendTransactions', 'params is not an object');
    const gas = options.safeTxGas;
    if (gas !== undefined && gas !== null) {
      const value = readQuantity(gas);
      if (value === undefined || value > BigInt(Number.MAX_SAFE_INTEGER))
        throw invalid('sendTransactions', 'safeTxGas is not a whole number');
      read.safeTxGas = Number(value);
    }
  }
  return read;
}

/** `{ safeTxHash }`: 32 bytes of hex; anything else (an empty hash first of all) is "Invalid safeTxHash". */
export function readGetTxBySafeTxHash(params: unknown): { safeTxHash: Hex } {
  const hash = isPlainObject(params) ? params.safeTxHash : undefined;
  if (typeof hash !== 'string' || !HASH.test(hash)) throw new BridgeError(bridgeErrors.invalidSafeTxHash);
  return { safeTxHash: hash.toLowerCase() as Hex };
}

const currencySchema = z.string().check(z.regex(/^[A-Za-z]{2,10}$/));

/** `{ currency }`, 'usd' when none is given. */
export function readGetSafeBalances(params: unknown): { currency: string } {
  if (params === undefined || params === null) return { currency: 'usd' };
  if (!isPlainObject(params)) throw invalid('getSafeBalances', 'params is not an object');
  const { currency } = params;
  if (currency === undefined || currency === null || currency === '') return { currency: 'usd' };
  const parsed = currencySchema.safeParse(currency);
  if (!parsed.success) throw invalid('getSafeBalances', 'currency is not a fiat code such as "usd"');
  return { currency: parsed.data.toLowerCase() };
}

/** A bare message hash (32 bytes of hex), as the SDK sends it. */
export function readGetOffChainSignature(params: unknown): { messageHash: Hex } {
  if (typeof params !== 'string' || !HASH.test(params))
    throw invalid('getOffChainSignature', 'the message hash is 32 bytes of hex');
  return { messageHash: params.toLowerCase() as Hex };
}

/** `{ message }`: the text (or hex) to sign. */
export function readSignMessage(params: unknown): { message: string } {
  const message = isPlainObject(params) ? params.message : undefined;
  if (typeof message !== 'string') throw invalid('signMessage', 'message is not a string');
  return { message };
}

const fieldSchema = z.object({ name: z.string(), type: z.string().check(z.minLength(1)) });

/** The one type no other type refers to (EIP712Domain aside), or undefined when that is not one type. */
export function findPrimaryType(types: Record<string, TypedDataField[]>): string | undefined {
  const names = Object.keys(types).filter((name) => name !== 'EIP712Domain');
  const used = new Set<string>();
  for (const name of names)
    for (const field of types[name] ?? []) used.add(field.type.replace(/(\[[0-9]*\])+$/, ''));
  const roots = names.filter((name) => !used.has(name));
  return roots.length === 1 ? roots[0] : undefined;
}

/**
 * `{ typedData: { domain, types, message, primaryType? } }`: "Invalid typed data" without domain,
 * types and message as objects; "Please specify primaryType" when none is given and no single one
 * is found.
 */
export function readSignTypedMessage(params: unknown): { typedData: AppTypedData } {
  const typedData = isPlainObject(params) ? params.typedData : undefined;
  if (!isPlainObject(typedData)) throw new BridgeError(bridgeErrors.invalidTypedData);
  const { domain, types, message, primaryType } = typedData;
  if (!plainObject.safeParse(domain).success || !isPlainObject(types) || !isPlainObject(message))
    throw new BridgeError(bridgeErrors.invalidTypedData);
  const readTypes: Record<string, TypedDataField[]> = Object.create(null) as Record<string, TypedDataField[]>;
  for (const [name, fields] of Object.entries(types)) {
    const parsed = z.array(fieldSchema).safeParse(fields);
    if (!parsed.success) throw new BridgeError(bridgeErrors.invalidTypedData);
    readTypes[name] = parsed.data;
  }
  let primary: string | undefined;
  if (primaryType === undefined || primaryType === null) primary = findPrimaryType(readTypes);
  else if (typeof primaryType === 'string' && Object.hasOwn(readTypes, primaryType)) primary = primaryType;
  else throw new BridgeError(bridgeErrors.invalidTypedData);
  if (primary === undefined) throw new BridgeError(bridgeErrors.specifyPrimaryType);
  return {
    typedData: {
      domain: domain as Record<string, unknown>,
      types: { ...readTypes },
      message,
      primaryType: primary,
    },
  };
}

/** `{ call, params }`: the call's name is checked against the allowlist by the caller. */
export function readRpcCall(params: unknown): RpcCallParams {
  if (!isPlainObject(params) || typeof params.call !== 'string' || params.call.length > 100)
    throw invalid('rpcCall', 'call is not a method name');
  const args = params.params ?? [];
  if (!Array.isArray(args)) throw invalid('rpcCall', 'params is not an array');
  if (args.length > MAX_RPC_PARAMS) throw invalid('rpcCall', `at most ${MAX_RPC_PARAMS} params are taken`);
  return { call: params.call, params: args };
}

const settingsSchema = z.object({ offChainSigning: z.optional(z.boolean()) });

/** safe_setSettings' params: `[{ offChainSigning? }]`. */
export function readSettings(args: unknown[]): SafeSettings {
  const parsed = settingsSchema.safeParse(args[0]);
  if (args.length !== 1 || !parsed.success || !isPlainObject(args[0]))
    throw invalid('safe_setSettings', 'params is [{ offChainSigning: boolean }]');
  return parsed.data.offChainSigning === undefined ? {} : { offChainSigning: parsed.data.offChainSigning };
}

const restrictedSet: ReadonlySet<string> = new Set(restrictedMethods);

/**
 * wallet_requestPermissions' params: a non-empty list whose entries each name restricted methods
 * only (requestAddressBook); anything else is "Permissions request is invalid".
 */
export function readPermissionRequest(params: unknown): PermissionRequest[] {
  const invalidRequest = () => new BridgeError(bridgeErrors.permissionsRequestInvalid);
  if (!Array.isArray(params) || params.length === 0 || params.length > restrictedMethods.length * 4)
    throw invalidRequest();
  return params.map((entry: unknown) => {
    if (!isPlainObject(entry)) throw invalidRequest();
    const keys = Object.keys(entry);
    if (keys.length === 0 || !keys.every((key) => restrictedSet.has(key))) throw invalidRequest();
    const request: PermissionRequest = {};
    for (const method of restrictedMethods) if (Object.hasOwn(entry, method)) request[method] = {};
    return request;
  });
}
