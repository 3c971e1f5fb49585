/**
 * Serves the built web app: `WEB_PORT` (default 5173), `WEB_HOST` (default 127.0.0.1),
 * `GATEWAY_URL` (default http://127.0.0.1:8787), `WALLETCONNECT_PROJECT_ID` and
 * `WALLETCONNECT_RELAY_URL` (optional), `WEB_PRERENDER_BUDGET_MS` (default 250; 0 renders no page on
 * the server), `APP_MANIFEST_PRIVATE_ORIGINS` (comma-separated origins whose Safe App manifests are
 * read although not public, default none), `FRAME_ANCESTORS` (comma-separated origins of the Safe
 * wallets that may frame the app, default none), `CHAIN_RPC_URLS` (`chainId=url` entries: the RPC the
 * browser reads each chain through, default the gateway's). Stops on SIGINT/SIGTERM.
 */
import { parseChainRpcUrls } from './chainRpcUrls';
import { parseOriginList } from './origins';
import { startWebServer } from './server';

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`WEB_PORT must be a port number (0-65535), got "${value}"`);
  }
  return port;
}

function parseOnOff(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new Error(`${name} must be "on" or "off", got "${value}"`);
}

function parseBudget(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0) {
    throw new Error(`WEB_PRERENDER_BUDGET_MS must be a whole number of milliseconds, got "${value}"`);
  }
  return ms;
}

try {
  const server = await startWebServer({
    host: process.env.WEB_HOST || undefined,
    port: parsePort(process.env.WEB_PORT ?? '5173'),
    gatewayUrl: process.env.GATEWAY_URL || 'http://127.0.0.1:8787',
    walletConnectProjectId: process.env.WALLETCONNECT_PROJECT_ID,
    walletConnectRelayUrl: process.env.WALLETCONNECT_RELAY_URL,
    walletConnectVerify: parseOnOff('WALLETCONNECT_VERIFY', process.env.WALLETCONNECT_VERIFY),
    prerenderBudgetMs: parseBudget(process.env.WEB_PRERENDER_BUDGET_MS),
    appManifestPrivateOrigins: parseOriginList(
      'APP_MANIFEST_PRIVATE_ORIGINS',
      process.env.APP_MANIFEST_PRIVATE_ORIGINS,
    ),
    frameAncestors: parseOriginList('FRAME_ANCESTORS', process.env.FRAME_ANCESTORS),
    rpcUrls: parseChainRpcUrls(process.env.CHAIN_RPC_URLS),
  });
  console.log(`web: ${server.url}`);

  const stop = () => {
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Run by npm, whose shell does not pass a SIGTERM on: stop when that parent is gone.
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop();
  }, 500);
  watch.unref();
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  const port = process.env.WEB_PORT ?? '5173';
  console.error(
    code === 'EADDRINUSE'
      ? `web: WEB_PORT=${port} is in use: stop what listens there, or set WEB_PORT to another port (0 picks a free one)`
      : `web: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
