import { createGatewayClient, type GatewayClient } from '@countersign/gateway-api';
import { runtimeConfig } from './config';

let client: { baseUrl: string; gateway: GatewayClient } | undefined;

/**
 * The one gateway client, built from the runtime configuration (built again only if that changes,
 * which happens on the web server when it renders pages for more than one configuration).
 */
export function getGateway(): GatewayClient {
  const { gatewayUrl } = runtimeConfig();
  if (client?.baseUrl !== gatewayUrl)
    client = { baseUrl: gatewayUrl, gateway: createGatewayClient({ baseUrl: gatewayUrl }) };
  return client.gateway;
}
