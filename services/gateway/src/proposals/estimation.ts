import type { EstimationBody } from '@countersign/gateway-api';
import { getAddress, type Address, type Hex } from 'viem';
import type { ServedChain } from '../chains/registry';
import { unprocessable } from '../http/errors';
import { spendCallBudget } from '../http/requestScope';

/**
 * The safeTxGas of the inner call, estimated as the Safe would make it. A delegate call runs the
 * target's code in the Safe, which a plain estimate cannot model: Safe 1.4.1 accepts safeTxGas 0 (use
 * all gas), so say 0.
 */
export async function estimateSafeTxGas(
  chain: ServedChain,
  safe: Address,
  call: EstimationBody,
): Promise<bigint> {
  if (call.operation !== 0) return 0n;
  spendCallBudget();
  try {
    return await chain.client.estimateGas({
      account: safe,
      to: getAddress(call.to),
      value: BigInt(call.value),
      data: (call.data ?? '0x') as Hex,
    });
  } catch {
    throw unprocessable('The transaction would fail: its estimate reverted');
  }
}
