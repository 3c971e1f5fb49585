import { gatewayConfigFromEnv } from './config';
import { startGateway } from './server';

/** Runs the gateway on its own: `npm start -w @countersign/gateway`. */
const config = gatewayConfigFromEnv();
const gateway = await startGateway(config);
console.log(`gateway: ${gateway.url}`);
const stop = async () => {
  await gateway.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
