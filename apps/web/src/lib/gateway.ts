import { createGatewayClient, type GatewayClient } from '@countersign/gateway-api';
import { readRuntimeConfig } from '../app/config';

let client: GatewayClient | undefined;

/**
 * The one gateway client, built from the runtime configuration. main.tsx renders the configuration
 * error screen instead of the app when the configuration is invalid, so this does not throw in practice.
 */
export function getGateway(): GatewayClient {
  if (client === undefined) {
    const config = readRuntimeConfig();
    if (!config.ok) throw new Error(config.message);
    client = createGatewayClient({ baseUrl: config.config.gatewayUrl });
  }
  return client;
}
