import { join } from 'node:path';
import { seedOffchainDemo, startDevnet, type Devnet, type DevnetManifest } from '@countersign/devnet';
import {
  devnetChainConfig,
  initialisePgliteDataDir,
  startGateway,
  type GatewayLimits,
} from '@countersign/gateway';
import { startWebServer } from '@countersign/web/server';
import { demoAppsCatalogue } from '@countersign/demo-apps/catalogue';
import { startDemoAppsServer } from '@countersign/demo-apps/server';
import { reservePort } from './ports';
import { repoRoot } from './webBuild';

export type StackOptions = {
  host: string;
  rpcPort: number;
  gatewayPort: number;
  webPort: number;
  /** The demo Safe Apps' own port (another origin than the web app's, as third-party apps are). */
  demoAppsPort: number;
  /** Where the devnet keeps its chain and manifest between runs. */
  stateDir: string;
  /** A gateway to use instead of the local devnet and gateway (e.g. Safe's production gateway). */
  gatewayUrl?: string;
  /** Extra origins allowed to call the local gateway. */
  corsOrigins?: string[];
  /** The local gateway's request limits and proxy settings (GATEWAY_MAX_BODY_BYTES and the rest). */
  gatewayLimits?: GatewayLimits;
  /** Origins of the Safe wallets that may frame the app (FRAME_ANCESTORS). */
  frameAncestors?: string[];
  /** PostgreSQL for the local gateway; without it the embedded database lives in stateDir. */
  databaseUrl?: string;
  /** Enables WalletConnect in the web app. */
  walletConnectProjectId?: string;
  /** A WalletConnect relay of your own instead of WalletConnect's public one. */
  walletConnectRelayUrl?: string;
  /** How long a first visit's page may wait for its server render; 0 renders none (see the web server). */
  prerenderBudgetMs?: number;
  /** Test-only: the local gateway serves snapshots of the chain and its store (end-to-end tests). */
  testControl?: boolean;
};

export type Stack = {
  webUrl: string;
  gatewayUrl: string;
  /** The demo Safe Apps' origin (listed in the local gateway's catalogue). */
  demoAppsUrl: string;
  rpcUrl: string | undefined;
  manifest: DevnetManifest | undefined;
  manifestPath: string | undefined;
  devnetReused: boolean;
  stop(): Promise<void>;
};

export const defaultStateDir = join(repoRoot, '.countersign/devnet');

/**
 * Starts devnet → gateway → web in this process (the chain itself is anvil, a child process that the
 * kernel stops if we die). Each part is stopped again if a later one fails to start.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const started: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  };
  try {
    // Held from now until the web server binds it: the gateway is told the web origin first.
    const webReservation = await reservePort(options.webPort, options.host);
    started.push({ stop: () => webReservation.release().catch(() => undefined) });
    const webPort = webReservation.port;
    const webOrigin = `http://${options.host}:${webPort}`;
    // First, so that the local catalogue can list the apps at their URL.
    const demoApps = await startDemoAppsServer({ host: options.host, port: options.demoAppsPort });
    started.push({ stop: () => demoApps.close() });
    let devnet: Devnet | undefined;
    let gatewayUrl = options.gatewayUrl;
    if (!gatewayUrl) {
      const gatewayDataDir = join(options.stateDir, 'gateway');
      // A new embedded database is a copy of one initialised once per machine (initdb takes seconds),
      // made while the chain starts.
      const [startedDevnet] = await Promise.all([
        startDevnet({ host: options.host, port: options.rpcPort, stateDir: options.stateDir }),
        options.databaseUrl
          ? undefined
          : initialisePgliteDataDir(gatewayDataDir, { templateDir: join(repoRoot, '.countersign/cache') }),
      ]);
      devnet = startedDevnet;
      started.push(devnet);
      const localGateway = await startGateway({
        host: options.host,
        port: options.gatewayPort,
        chains: [devnetChainConfig(devnet.manifest, { explorerUrl: `${webOrigin}/explorer` })],
        corsOrigins: [webOrigin, `http://localhost:${webPort}`, ...(options.corsOrigins ?? [])],
        safeApps: demoAppsCatalogue(demoApps.url, [String(devnet.manifest.chainId)]),
        // Inside the devnet's folder, so that deleting it starts both the chain and the gateway afresh.
        store: options.databaseUrl
          ? { databaseUrl: options.databaseUrl }
          : { dataDir: join(options.stateDir, 'gateway') },
        testControl: options.testControl,
        ...options.gatewayLimits,
      });
      started.push({ stop: () => localGateway.close() });
      gatewayUrl = localGateway.url;
      // A freshly seeded chain gets the demo's off-chain part too, posted through the gateway's API.
      if (!devnet.reused) await seedOffchainDemo(devnet.manifest, gatewayUrl);
    }
    await webReservation.release();
    const web = await startWebServer({
      host: options.host,
      port: webPort,
      gatewayUrl,
      walletConnectProjectId: options.walletConnectProjectId,
      walletConnectRelayUrl: options.walletConnectRelayUrl,
      prerenderBudgetMs: options.prerenderBudgetMs,
      frameAncestors: options.frameAncestors,
      // The demo apps are on loopback, which /app-manifest otherwise refuses: their origin alone is
      // trusted, not loopback at large.
      appManifestPrivateOrigins: [new URL(demoApps.url).origin],
      devnet: devnet && {
        chainId: String(devnet.manifest.chainId),
        accounts: devnet.manifest.accounts.map((account) => ({
          address: account.address,
          label: `#${account.index} ${account.role}`,
        })),
      },
    });
    started.push({ stop: () => web.close() });
    return {
      webUrl: web.url,
      gatewayUrl,
      demoAppsUrl: demoApps.url,
      rpcUrl: devnet?.rpcUrl,
      manifest: devnet?.manifest,
      manifestPath: devnet?.manifestPath,
      devnetReused: devnet?.reused ?? false,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
