import { createGatewayClient, type GatewayClient } from '@countersign/gateway-api';
import { runtimeConfig } from './config';

let client: GatewayClient | undefined;

/** The one gateway client, built from the runtime configuration. */
export function getGateway(): GatewayClient {
  client ??= createGatewayClient({ baseUrl: runtimeConfig().gatewayUrl });
  return client;
}
