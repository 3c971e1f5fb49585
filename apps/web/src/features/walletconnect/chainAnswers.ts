import { isHex, type Address, type Hex } from 'viem';
import type { GatewayClient } from '@countersign/gateway-api';
import { isValidSignatureCalls } from '@countersign/safe-core';
import { isGatewayStatus } from '../../lib/gatewayErrors';
import { rpcRequest } from '../chains';
import { callsStatusOf, receiptSchema, unknownBundleId, type CallsStatus } from './callsStatus';
import type { RpcError } from './requests';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * wallet_getCallsStatus: the Safe transaction from the gateway, then, once it names the transaction
 * that executed it, that transaction's receipt from the chain's node (see callsStatus.ts).
 */
export async function readCallsStatus(params: {
  gateway: GatewayClient;
  rpcUrl: string;
  chainId: number;
  safe: Address;
  id: Hex;
}): Promise<{ status: CallsStatus } | { error: RpcError }> {
  const { gateway, rpcUrl, chainId, safe, id } = params;
  let tx: Awaited<ReturnType<GatewayClient['getTransaction']>>;
  try {
    tx = await gateway.getTransaction({ chainId: String(chainId), id });
  } catch (error) {
    if (isGatewayStatus(error, 404) || isGatewayStatus(error, 400)) return { error: unknownBundleId };
    return { error: { code: -32603, message: `The gateway could not be asked: ${errorText(error)}` } };
  }
  if (tx.txHash === null) return callsStatusOf({ id, safe, chainId, tx, receipt: null });
  let answer: unknown;
  try {
    answer = await rpcRequest(rpcUrl, 'eth_getTransactionReceipt', [tx.txHash]);
  } catch (error) {
    return { error: { code: -32603, message: errorText(error) } };
  }
  if (answer === null) return callsStatusOf({ id, safe, chainId, tx, receipt: null });
  const receipt = receiptSchema.safeParse(answer);
  if (!receipt.success)
    return { error: { code: -32603, message: 'The chain’s node answered a receipt that cannot be read.' } };
  return callsStatusOf({ id, safe, chainId, tx, receipt: receipt.data });
}

/**
 * Whether the Safe accepts `signature` for the message hash `hash`: one of the two forms of its
 * EIP-1271 isValidSignature (served by its fallback handler) returns its magic value, asked by
 * eth_call through the chain's RPC. A call that fails counts as not accepted.
 */
export async function safeAcceptsSignature(params: {
  rpcUrl: string;
  safe: Address;
  hash: Hex;
  signature: string;
}): Promise<boolean> {
  if (!isHex(params.signature, { strict: true })) return false;
  const calls = isValidSignatureCalls({
    safe: params.safe,
    contentHash: params.hash,
    signatures: params.signature as Hex,
  });
  const answers = await Promise.all(
    calls.map((call) =>
      rpcRequest(params.rpcUrl, 'eth_call', [{ to: call.to, data: call.data }, 'latest']).then(
        (result) => {
          // A bytes4 comes back as one 32-byte word: the four bytes, then zeros.
          const word = typeof result === 'string' ? result.toLowerCase() : '';
          return (
            word.length === 66 && word.startsWith(call.expect.toLowerCase()) && /^0*$/.test(word.slice(10))
          );
        },
        () => false,
      ),
    ),
  );
  return answers.some(Boolean);
}
