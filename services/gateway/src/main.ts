import { gatewayConfigFromEnv } from './config';
import { gatewayLog } from './ops/log';
import { startGateway } from './server';

/** Runs the gateway on its own: `npm start -w @countersign/gateway`. */
const config = gatewayConfigFromEnv();
const gateway = await startGateway(config);
console.log(`gateway: ${gateway.url}`);
let stopping = false;
/**
 * SIGTERM (an orchestrator, `kill`) or SIGINT (Ctrl-C): a graceful stop (see Gateway.close), then
 * exit 0; exit 1 if it failed. A second signal while stopping exits at once.
 */
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) process.exit(1);
  stopping = true;
  const log = gatewayLog(config.logFormat);
  log.info(`${signal}: stopping`);
  try {
    await gateway.close();
  } catch (error) {
    log.error('stopping failed', error);
    process.exit(1);
  }
  log.info('stopped');
  process.exit(0);
};
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
