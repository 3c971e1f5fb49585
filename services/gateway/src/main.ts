import { onParentExit } from '@countersign/devnet/parentDeath';
import { gatewayConfigFromEnv } from './config';
import { gatewayLog } from './ops/log';
import { startGateway, type Gateway } from './server';
import { explainStartFailure, rpcWarnings } from './startChecks';

/** Runs the gateway on its own: `npm start -w @countersign/gateway`. */
const config = gatewayConfigFromEnv();
const log = gatewayLog(config.logFormat);
// Asked while the gateway starts; a chain whose RPC is down or another chain still lets it start.
void rpcWarnings(config.chains).then((warnings) => warnings.forEach((warning) => log.info(warning)));
let gateway: Gateway;
try {
  gateway = await startGateway(config);
} catch (error) {
  const explained = explainStartFailure(error, config);
  if (!explained) throw error;
  // A log collector reads every line as JSON: the text lines are for a terminal.
  if (log.format === 'json') log.error(explained);
  else console.error(`gateway: ${explained}`);
  process.exit(1);
}
if (log.format === 'json') log.info(`listening on ${gateway.url}`);
else console.log(`gateway: ${gateway.url}`);
let stopping = false;
/**
 * SIGTERM (an orchestrator, `kill`) or SIGINT (Ctrl-C): a graceful stop (see Gateway.close), then
 * exit 0; exit 1 if it failed. A second signal while stopping exits at once.
 */
const stop = async (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
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
// `npm start -w` runs this under `sh -c`: a SIGTERM to npm ends npm and the shell, not this process.
onParentExit(() => void stop('parent exited'));
