import { getAddress, hashMessage, isAddress, isHex, numberToHex, type Address, type Hex } from 'viem';
import {
  isPlainObject,
  isReadRpcMethod,
  MAX_RPC_PARAMS,
  MAX_TRANSACTIONS,
} from '@countersign/safe-apps-bridge';
import { safeMessageContentHash, type SafeMessageContent } from '@countersign/safe-core';
import { messageText } from '../apps';
import type { MessageContent } from '../messages';
import type { TxDraft } from '../tx-flow';

/** A dapp as it names itself in its session: its own words, shown as text and never trusted. */
export type DappOrigin = { name: string; url: string };

/** An error answered to the dapp, in EIP-1193's codes (what a dapp's provider understands). */
export type RpcError = { code: number; message: string };

export const userRejected: RpcError = { code: 4001, message: 'User rejected the request.' };
export const unsupportedMethod = (method: string): RpcError => ({
  code: 4200,
  message: `The method ${JSON.stringify(method.slice(0, 100))} is not supported by this Safe.`,
});
export const invalidParams = (detail: string): RpcError => ({
  code: -32602,
  message: `Invalid params: ${detail}`,
});

/** A request whose params, as JSON, exceed this many characters is refused unread (128 kB). */
export const MAX_REQUEST_PARAMS_LENGTH = 128 * 1024;

/** What Countersign does with one request of a dapp to the Safe. */
export type DappRequest =
  | { kind: 'transaction'; method: 'eth_sendTransaction' | 'wallet_sendCalls'; draft: TxDraft }
  | {
      kind: 'message';
      method: 'personal_sign' | 'eth_sign' | 'eth_signTypedData_v4';
      content: MessageContent;
      /**
       * The hash the dapp will put to the Safe's isValidSignature (EIP-191 of the bytes it sent, or
       * EIP-712 of its typed data): the Safe's signature is answered only once the Safe accepts it for
       * this hash.
       */
      signedHash: Hex;
    }
  /** EIP-5792's wallet_getCallsStatus for the calls answered with this id (the safeTxHash). */
  | { kind: 'callsStatus'; id: Hex }
  /** A read of the chain, on the same allowlist as Safe Apps, forwarded to the chain's node. */
  | { kind: 'read'; method: string; params: unknown[] }
  /** Answered at once without the node or the owner (the Safe's account, the chain's id). */
  | { kind: 'answer'; result: unknown }
  /**
   * A chain switch: answered null and the dapp told with chainChanged. A chain not in the session
   * carries the refusal to answer unless the same Safe is found there and added to the session.
   */
  | { kind: 'switch'; chainId: number; refusal?: RpcError }
  | { kind: 'error'; error: RpcError };

type Context = {
  safe: Address;
  chainId: number;
  dapp: DappOrigin;
  /** The chain's name, for the words of a refused chain switch. */
  chainName?: string;
  /** The session's other chains where this Safe is, which a chain switch may move to. */
  otherChains?: readonly { chainId: number; chainName: string }[];
};

class ParamsError extends Error {}

function readAddress(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false }))
    throw new ParamsError(`${field} is not an address`);
  return getAddress(value);
}

function readValue(value: unknown): bigint {
  if (value === undefined || value === null || value === '0x') return 0n;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value))
    throw new ParamsError('value is not a hex quantity');
  return BigInt(value);
}

function readData(value: unknown): Hex {
  if (value === undefined || value === null) return '0x';
  if (typeof value !== 'string' || !isHex(value, { strict: true }) || value.length % 2 !== 0)
    throw new ParamsError('data is not hex bytes');
  return value;
}

/** One call the Safe makes: never a contract creation (a Safe creates contracts through a factory). */
function readCall(value: unknown): { to: Address; value: bigint; data: Hex } {
  if (!isPlainObject(value)) throw new ParamsError('a call is not an object');
  if (value.to === undefined || value.to === null)
    throw new ParamsError('a call without "to" (contract creation) is not supported');
  return { to: readAddress(value.to, 'to'), value: readValue(value.value), data: readData(value.data) };
}

function checkFrom(from: unknown, safe: Address) {
  if (from === undefined) return;
  if (readAddress(from, 'from') !== safe) throw new ParamsError('"from" is not this Safe');
}

function readChainId(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(value))
    throw new ParamsError('chainId is not a hex quantity');
  return Number(BigInt(value));
}

/** EIP-191's hash of what a dapp asks to sign: its hex as the bytes they spell, anything else as text. */
function personalMessageHash(message: string): Hex {
  return isHex(message, { strict: true }) && message.length % 2 === 0
    ? hashMessage({ raw: message })
    : hashMessage(message);
}

/**
 * A message of bytes that are not text: the Safe's message flow signs its content as text, so the
 * Safe would sign the hex characters rather than the bytes, and the dapp's check would fail. It is
 * refused before any owner signs for nothing.
 */
function checkSignableText(content: string, signedHash: Hex) {
  if (hashMessage(content) !== signedHash)
    throw new ParamsError('the message is bytes that are not text; this Safe signs text and typed data');
}

function readHash(value: unknown, field: string): Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value))
    throw new ParamsError(`${field} is not a 32-byte hex id`);
  return value.toLowerCase() as Hex;
}

/**
 * EIP-5792's capabilities, keyed by hex chain id: a Safe's batch runs atomically (through
 * MultiSendCallOnly), on its own chain only.
 */
function capabilities(params: unknown[], safe: Address, chainId: number): DappRequest {
  const [account, chainIds] = params;
  // Another account than the Safe: EIP-5792 asks for 4100 (unauthorized) when the dapp has no
  // connection with the address, which is so: the session holds only the Safe.
  if (readAddress(account, 'address') !== safe)
    return {
      kind: 'error',
      error: { code: 4100, message: 'The requested account is not the Safe of this session.' },
    };
  const own = numberToHex(chainId);
  if (chainIds !== undefined) {
    if (!Array.isArray(chainIds) || chainIds.length > 100)
      throw new ParamsError('chainIds is a list of hex chain ids');
    const asked = chainIds.map(readChainId);
    if (!asked.includes(chainId)) return { kind: 'answer', result: {} };
  }
  return { kind: 'answer', result: { [own]: { atomic: { status: 'supported' } } } };
}

/**
 * A switch to a chain of the session (the Safe's chain on this request, or another where the same
 * Safe is and the owner approved it) is made; any other carries EIP-3326's 4902, naming the chains
 * the session has, for the host to answer unless it finds the same Safe on that chain.
 */
function switchChain(
  params: unknown[],
  { chainId, chainName, otherChains = [] }: Pick<Context, 'chainId' | 'chainName' | 'otherChains'>,
): DappRequest {
  const [target] = params;
  if (params.length !== 1 || !isPlainObject(target)) throw new ParamsError('params is [{ chainId }]');
  const asked = readChainId(target.chainId);
  if (asked === undefined) throw new ParamsError('chainId is missing');
  if (asked === chainId || otherChains.some((chain) => chain.chainId === asked))
    return { kind: 'switch', chainId: asked };
  const served = [{ chainId, chainName }, ...otherChains].map(({ chainId: id, chainName: name }) =>
    name ? `${name.slice(0, 60)} (${numberToHex(id)})` : numberToHex(id),
  );
  return {
    kind: 'switch',
    chainId: asked,
    refusal: {
      code: 4902,
      message: `This Safe is not served on chain ${numberToHex(asked)} here: Countersign serves it on ${served.join(', ')} only.`,
    },
  };
}

/** The JSON length of a request's params, or undefined when they cannot be written as JSON (cycles, bigints). */
function paramsLength(params: unknown): number | undefined {
  try {
    return JSON.stringify(params)?.length ?? 0;
  } catch {
    return undefined;
  }
}

const transactionTitle = (dapp: DappOrigin, count: number) =>
  count === 1 ? `Transaction from ${dapp.name}` : `${count} transactions from ${dapp.name}`;

function mapRequest(method: string, params: unknown[], context: Context): DappRequest {
  const { safe, chainId, dapp } = context;
  const origin = { name: dapp.name, url: dapp.url };
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return { kind: 'answer', result: [safe] };
    case 'eth_sendTransaction': {
      const tx = params[0];
      if (params.length !== 1 || !isPlainObject(tx)) throw new ParamsError('params is [transaction]');
      checkFrom(tx.from, safe);
      const call = readCall(tx);
      return {
        kind: 'transaction',
        method,
        draft: { title: transactionTitle(dapp, 1), actions: [call], origin },
      };
    }
    case 'wallet_sendCalls': {
      const request = params[0];
      if (params.length !== 1 || !isPlainObject(request)) throw new ParamsError('params is [{ calls }]');
      checkFrom(request.from, safe);
      const requested = readChainId(request.chainId);
      if (requested !== undefined && requested !== chainId)
        throw new ParamsError('chainId is not the Safe’s chain');
      const calls = request.calls;
      if (!Array.isArray(calls) || calls.length === 0 || calls.length > MAX_TRANSACTIONS)
        throw new ParamsError(`calls is a list of 1 to ${MAX_TRANSACTIONS} calls`);
      const actions = calls.map(readCall);
      return {
        kind: 'transaction',
        method,
        draft: { title: transactionTitle(dapp, actions.length), actions, origin },
      };
    }
    case 'personal_sign': {
      const [message, account] = params;
      if (typeof message !== 'string') throw new ParamsError('params is [message, address]');
      if (account !== undefined) checkFrom(account, safe);
      const content = messageText(message);
      const signedHash = personalMessageHash(message);
      checkSignableText(content, signedHash);
      return { kind: 'message', method, content, signedHash };
    }
    case 'eth_sign': {
      // The JSON-RPC spec's eth_sign: personal_sign's EIP-191 prefixed message, its params reversed.
      // Its bytes are read as personal_sign's are (text when they are text, hex otherwise): the Safe's
      // message flow hashes its content as text, so the hex of text bytes would be signed as those hex
      // characters, and the dapp's check of the bytes would fail.
      const [account, data] = params;
      if (params.length !== 2) throw new ParamsError('params is [address, data]');
      checkFrom(account, safe);
      const bytes = readData(data);
      const content = messageText(bytes);
      const signedHash = hashMessage({ raw: bytes });
      checkSignableText(content, signedHash);
      return { kind: 'message', method, content, signedHash };
    }
    case 'eth_signTypedData_v4': {
      const [account, typedData] = params;
      checkFrom(account, safe);
      let content: unknown = typedData;
      if (typeof typedData === 'string') {
        try {
          content = JSON.parse(typedData);
        } catch {
          throw new ParamsError('the typed data is not JSON');
        }
      }
      if (
        !isPlainObject(content) ||
        !isPlainObject(content.types) ||
        !isPlainObject(content.domain) ||
        !isPlainObject(content.message)
      )
        throw new ParamsError('the typed data lacks its types, domain or message');
      let signedHash: Hex;
      try {
        signedHash = safeMessageContentHash(content as unknown as SafeMessageContent);
      } catch {
        throw new ParamsError('the typed data cannot be hashed (EIP-712)');
      }
      return { kind: 'message', method, content: content as unknown as MessageContent, signedHash };
    }
    case 'wallet_getCapabilities':
      return capabilities(params, safe, chainId);
    case 'wallet_getCallsStatus': {
      if (params.length !== 1) throw new ParamsError('params is [id]');
      return { kind: 'callsStatus', id: readHash(params[0], 'id') };
    }
    case 'wallet_switchEthereumChain':
      return switchChain(params, context);
    default:
      if (isReadRpcMethod(method)) {
        if (params.length > MAX_RPC_PARAMS)
          throw new ParamsError(`at most ${MAX_RPC_PARAMS} params are taken`);
        return { kind: 'read', method, params };
      }
      return { kind: 'error', error: unsupportedMethod(method) };
  }
}

/**
 * What a dapp's request asks of the Safe: a transaction for the one review, a message for the Safe
 * message flow, a read of the chain (Safe Apps' allowlist), an answer, or an error to send back.
 * Malformed requests become an error answer: they never throw and never end the session.
 */
export function mapDappRequest(
  request: { method: unknown; params?: unknown; chainId?: unknown },
  context: Context,
): DappRequest {
  const { method } = request;
  if (typeof method !== 'string' || method.length === 0 || method.length > 100)
    return { kind: 'error', error: invalidParams('the method is not a name') };
  if (request.chainId !== undefined && request.chainId !== `eip155:${context.chainId}`)
    return {
      kind: 'error',
      error: { code: 4901, message: 'This session serves only the Safe’s own chain.' },
    };
  const params = request.params === undefined ? [] : request.params;
  if (!Array.isArray(params)) return { kind: 'error', error: invalidParams('params is not a list') };
  // Measured before anything reads them: an oversized request is refused unread.
  const length = paramsLength(params);
  if (length === undefined) return { kind: 'error', error: invalidParams('the params are not JSON') };
  if (length > MAX_REQUEST_PARAMS_LENGTH)
    return { kind: 'error', error: invalidParams('the params exceed 128 kB') };
  try {
    return mapRequest(method, params, context);
  } catch (error) {
    if (error instanceof ParamsError) return { kind: 'error', error: invalidParams(error.message) };
    return { kind: 'error', error: invalidParams('the request could not be read') };
  }
}
