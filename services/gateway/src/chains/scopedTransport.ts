import { numberToHex, type Transport } from 'viem';
import { NodeCallTimeout } from '../http/errors';
import { currentRequest, whyStopped } from '../http/requestScope';

const cappedMethods = new Set(['eth_call', 'eth_estimateGas']);

/**
 * The node transport with the bounds of the request it answers (see http/requestScope.ts): a call
 * made for a request is refused once the request's deadline passed or its client left, carries the
 * gas cap when it names no gas (or more), and gives up after the call time cap. Calls made outside a
 * request (the indexer's) go through as they are.
 */
export function scopedTransport(transport: Transport): Transport {
  return (options) => {
    const inner = transport(options);
    const request = (async (
      args: Parameters<typeof inner.request>[0],
      requestOptions?: Parameters<typeof inner.request>[1],
    ) => {
      const scope = currentRequest();
      if (!scope) return inner.request(args, requestOptions);
      const done = whyStopped(scope);
      if (done) throw done;
      const capped = cappedMethods.has(args.method)
        ? withGasCap(args.params, scope.limits.callGasCap)
        : args.params;
      const timeout = AbortSignal.timeout(scope.limits.callTimeoutMs);
      const stop = AbortSignal.any([timeout, scope.signal]);
      let onStop: () => void = () => undefined;
      const stopped = new Promise<never>((_, reject) => {
        onStop = () =>
          reject(whyStopped(scope) ?? new NodeCallTimeout(args.method, scope.limits.callTimeoutMs));
        stop.addEventListener('abort', onStop, { once: true });
      });
      try {
        return await Promise.race([inner.request({ ...args, params: capped }, requestOptions), stopped]);
      } finally {
        stop.removeEventListener('abort', onStop);
      }
    }) as typeof inner.request;
    return { ...inner, request };
  };
}

/** The call object of eth_call / eth_estimateGas with its gas at most `cap`. */
function withGasCap(params: unknown, cap: bigint): unknown {
  if (!Array.isArray(params) || typeof params[0] !== 'object' || params[0] === null) return params;
  const call = params[0] as { gas?: unknown };
  const asked =
    typeof call.gas === 'string' && /^0x[0-9a-f]+$/i.test(call.gas) ? BigInt(call.gas) : undefined;
  if (asked !== undefined && asked <= cap) return params;
  return [{ ...call, gas: numberToHex(cap) }, ...params.slice(1)];
}
