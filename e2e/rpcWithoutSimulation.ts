import { startRpcInterceptor } from '@countersign/devnet';
import { namingRpc, webAppOnHostileGateway } from './hostileGateway';

/** The methods a node without simulation does not serve. */
const refused = new Set(['eth_simulateV1', 'debug_traceCall']);

/**
 * A chain RPC on loopback that forwards to the devnet's node everything but eth_simulateV1 and
 * debug_traceCall, which it answers as a node without them does (-32601): the review must then run
 * the transaction in the browser.
 */
export async function rpcWithoutSimulation(upstream: string) {
  const rpc = await startRpcInterceptor(upstream, (call) =>
    typeof call.method === 'string' && refused.has(call.method)
      ? { error: { code: -32601, message: `the method ${call.method} does not exist/is not available` } }
      : undefined,
  );
  return { url: rpc.url, refusals: rpc.intercepted, close: rpc.close };
}

/**
 * A web server whose gateway names, as the chain's RPC, one without eth_simulateV1 and
 * debug_traceCall (rpcWithoutSimulation in front of `rpcUrl`): its reviews run the in-browser EVM.
 */
export async function webAppOnChainWithoutSimulation(gatewayUrl: string, rpcUrl: string) {
  const rpc = await rpcWithoutSimulation(rpcUrl);
  const app = await webAppOnHostileGateway(gatewayUrl, (gateway) => namingRpc(gateway, rpc.url));
  return {
    web: app.web,
    rpc,
    stop: async () => {
      await app.stop();
      await rpc.close();
    },
  };
}
