export { createGatewayApp, type GatewayAppOptions } from './app';
export { startGateway, type Gateway, type GatewayOptions } from './server';
export { initialisePgliteDataDir, openDatabase, type Database, type StoreOptions } from './store';
export {
  gatewayConfigFromEnv,
  gatewayLimitsFromEnv,
  defaultGatewayPort,
  defaultWebPort,
  type GatewayConfig,
  type GatewayLimits,
} from './config';
export { chainConfigSchema, type ChainConfig } from './chains/chainConfig';
export { devnetChainConfig, devnetShortName } from './chains/devnetChain';
export { gatewayNodeFlags } from './nodeFlags';
