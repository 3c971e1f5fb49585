import { getAddress, isAddress, isHex, type Address, type Hex } from 'viem';
import {
  isPlainObject,
  isReadRpcMethod,
  MAX_RPC_PARAMS,
  MAX_TRANSACTIONS,
} from '@countersign/safe-apps-bridge';
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

/** What Countersign does with one request of a dapp to the Safe. */
export type DappRequest =
  | { kind: 'transaction'; method: 'eth_sendTransaction' | 'wallet_sendCalls'; draft: TxDraft }
  | { kind: 'message'; method: 'personal_sign' | 'eth_signTypedData_v4'; content: MessageContent }
  /** A read of the chain, on the same allowlist as Safe Apps, forwarded to the chain's node. */
  | { kind: 'read'; method: string; params: unknown[] }
  /** Answered at once without the node or the owner (the Safe's account, the chain's id). */
  | { kind: 'answer'; result: unknown }
  | { kind: 'error'; error: RpcError };

type Context = { safe: Address; chainId: number; dapp: DappOrigin };

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

const transactionTitle = (dapp: DappOrigin, count: number) =>
  count === 1 ? `Transaction from ${dapp.name}` : `${count} transactions from ${dapp.name}`;

function mapRequest(method: string, params: unknown[], { safe, chainId, dapp }: Context): DappRequest {
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
      return { kind: 'message', method, content: messageText(message) };
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
      return { kind: 'message', method, content: content as unknown as MessageContent };
    }
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
  try {
    return mapRequest(method, params, context);
  } catch (error) {
    if (error instanceof ParamsError) return { kind: 'error', error: invalidParams(error.message) };
    return { kind: 'error', error: invalidParams('the request could not be read') };
  }
}
