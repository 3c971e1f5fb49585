import { QueryClient } from '@tanstack/react-query';
import type { GatewayClient } from '@countersign/gateway-api';
import type { RuntimeConfig } from '../lib/config';
import type { AppServices } from '../lib/services';

/** Where the fake gateway says it is: a loopback port nothing listens on. */
const fakeGatewayUrl = 'http://127.0.0.1:9';

/**
 * A gateway client for component tests: the methods a test gives (read when called, so a test may
 * replace one later), every other method rejecting with its name, so a request nobody expected
 * fails the test instead of reaching a network.
 */
export function fakeGateway(methods: Partial<GatewayClient> = {}): GatewayClient {
  return new Proxy(methods, {
    get(target, name) {
      if (name in target) return target[name as keyof GatewayClient];
      if (name === 'baseUrl') return fakeGatewayUrl;
      // Not a promise: nothing awaits the client itself.
      if (typeof name !== 'string' || name === 'then') return undefined;
      return () => Promise.reject(new Error(`The fake gateway has no ${name}()`));
    },
  }) as GatewayClient;
}

export const testConfig: RuntimeConfig = {
  gatewayUrl: fakeGatewayUrl,
  walletConnectProjectId: undefined,
  walletConnectRelayUrl: undefined,
};

/** The services a test renders with: a fresh query client that does not retry, and the given gateway. */
export function testServices({
  gateway = fakeGateway(),
  config = { ...testConfig, gatewayUrl: gateway.baseUrl },
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
}: Partial<AppServices> = {}): AppServices {
  return { gateway, config, queryClient };
}
