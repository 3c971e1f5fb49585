import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ipForAnvil,
  databaseFailure,
  isDatabaseUnreachable,
  lockStateDir,
  redactUrl,
  secondDevnetChainId,
  seedOffchainDemo,
  startDevnet,
  type Devnet,
  type DevnetManifest,
} from '@countersign/devnet';
import {
  devnetChainConfig,
  initialisePgliteDataDir,
  startGateway,
  type ChainConfig,
  type GatewayLimits,
} from '@countersign/gateway';
import { startWebServer } from '@countersign/web/server';
import { demoAppsCatalogue } from '@countersign/demo-apps/catalogue';
import { startDemoAppsServer } from '@countersign/demo-apps/server';
import { reservePort } from './ports';
import { asStep } from './startSteps';
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
  /** The RPC the browser reads each chain through (CHAIN_RPC_URLS); the devnets' own are added. */
  rpcUrls?: Record<string, string>;
  /** PostgreSQL for the local gateway; without it the embedded database lives in stateDir. */
  databaseUrl?: string;
  /** The PostgreSQL schema for the gateway's tables (DATABASE_SCHEMA); `public` without it. */
  databaseSchema?: string;
  /** Enables WalletConnect in the web app. */
  walletConnectProjectId?: string;
  /** A WalletConnect relay of your own instead of WalletConnect's public one. */
  walletConnectRelayUrl?: string;
  /** WALLETCONNECT_VERIFY: whether WalletConnect's Verify server is asked about dapps. */
  walletConnectVerify?: boolean;
  /** How long a first visit's page may wait for its server render; 0 renders none (see the web server). */
  prerenderBudgetMs?: number;
  /** Test-only: the local gateway serves snapshots of the chain and its store (end-to-end tests). */
  testControl?: boolean;
  /**
   * Also start a second local chain (DEVNET_SECOND_CHAIN): chain id 1338, short name `local2`, the same
   * Safe contracts and the team Safe at the same address; on RPC_PORT + 1 (a free port with 0).
   */
  secondChain?: boolean;
};

export type Stack = {
  webUrl: string;
  gatewayUrl: string;
  /** The demo Safe Apps' origin (listed in the local gateway's catalogue); none with a remote gateway. */
  demoAppsUrl: string | undefined;
  rpcUrl: string | undefined;
  manifest: DevnetManifest | undefined;
  /** The second local chain's manifest, with DEVNET_SECOND_CHAIN. */
  secondManifest: DevnetManifest | undefined;
  manifestPath: string | undefined;
  devnetReused: boolean;
  stop(): Promise<void>;
};

export const defaultStateDir = join(repoRoot, '.countersign/devnet');

/** The second devnet chain's short name in Safe links, as in `local2:0x…`. */
export const secondDevnetShortName = 'local2';

/** The second chain's gateway config: the devnet's, under its own name, short name and colour. */
function secondDevnetChainConfig(manifest: DevnetManifest, options: { explorerUrl: string }): ChainConfig {
  return {
    ...devnetChainConfig(manifest, options),
    chainName: 'Countersign Devnet 2',
    shortName: secondDevnetShortName,
    theme: { textColor: '#ffffff', backgroundColor: '#7c3aed' },
  };
}

/** The decimal chain ids of the devnets started, the main one first. */
const chainIdsOf = (...devnets: (Devnet | undefined)[]) =>
  devnets.flatMap((devnet) => (devnet ? [String(devnet.manifest.chainId)] : []));

const devnetRpcUrls = (...devnets: (Devnet | undefined)[]): Record<string, string> =>
  Object.fromEntries(
    devnets.flatMap((devnet) => (devnet ? [[String(devnet.manifest.chainId), devnet.rpcUrl]] : [])),
  );

/** Starts the second chain in its own folder inside the first one's (so one lock covers both). */
async function startSecondDevnet(
  options: StackOptions,
  rpcHost: string,
  onStep: (step: string) => void,
): Promise<Devnet> {
  const port = options.rpcPort === 0 ? 0 : options.rpcPort + 1;
  return startDevnet({
    onStep,
    host: rpcHost,
    port,
    stateDir: join(options.stateDir, `chain-${secondDevnetChainId}`),
    chainId: secondDevnetChainId,
    seed: 'teamSafeOnly',
  }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (/address already in use/i.test(message)) {
      throw new Error(
        `devnet ${secondDevnetChainId}: port ${port} (RPC_PORT + 1, for DEVNET_SECOND_CHAIN) is in use: stop what listens there, or set RPC_PORT to another port (0 picks free ones)`,
      );
    }
    throw error;
  });
}

/**
 * An error that names the service and the setting behind it, in one line (npm start prints it as is):
 * a busy port, an unreachable database.
 */
function explainFailure(service: string, setting: string, value: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EADDRINUSE' || /address already in use/i.test(message)) {
    return new Error(
      `${service}: ${setting}=${value} is in use: stop what listens there, or set ${setting} to another port (0 picks a free one)`,
    );
  }
  if (code === 'EACCES' && setting.endsWith('_PORT')) {
    return new Error(
      `${service}: ${setting}=${value} may not be bound by this user: set ${setting} above 1023`,
    );
  }
  return error instanceof Error ? error : new Error(`${service}: ${message}`);
}

/**
 * The off-chain demo (proposals, a message) is seeded once per chain and store, recorded by a marker
 * written only after seeding succeeded: a first start that failed after the chain was deployed (a busy
 * port) seeds it on the next start, which finds the chain already there.
 */
function seedMarkerKey(manifest: DevnetManifest, options: StackOptions): string {
  const store = options.databaseUrl
    ? `${redactUrl(options.databaseUrl)}#${options.databaseSchema ?? 'public'}`
    : 'embedded';
  return JSON.stringify({ chainSeededAt: manifest.seededAt, store });
}

function isSeeded(markerPath: string, key: string): boolean {
  return existsSync(markerPath) && readFileSync(markerPath, 'utf8') === key;
}

/**
 * Starts devnet → gateway → web in this process (the chain itself is anvil, a child process that the
 * kernel stops if we die). Each part is stopped again if a later one fails to start. The state folder
 * is locked (one start at a time) while the local devnet and gateway run.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const started: { stop(): Promise<void> }[] = [];
  const stop = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
  };
  try {
    // Held from now until the web server binds it: the gateway is told the web origin first.
    const webReservation = await reservePort(options.webPort, options.host).catch((error: unknown) => {
      throw explainFailure('web', 'WEB_PORT', String(options.webPort), error);
    });
    started.push({ stop: () => webReservation.release().catch(() => undefined) });
    const webPort = webReservation.port;
    const webOrigin = `http://${options.host}:${webPort}`;
    let devnet: Devnet | undefined;
    let secondDevnet: Devnet | undefined;
    let devnetChains: ChainConfig[] = [];
    let demoAppsUrl: string | undefined;
    let gatewayUrl = options.gatewayUrl;
    if (!gatewayUrl) {
      const lock = lockStateDir(options.stateDir);
      started.push({ stop: async () => lock.release() });
      // First, so that the local catalogue can list the apps at their URL. Only with the local
      // gateway: a remote one does not list them.
      const demoApps = await asStep('demo apps server', () =>
        startDemoAppsServer({ host: options.host, port: options.demoAppsPort }),
      ).catch((error: unknown) => {
        throw explainFailure('demo apps', 'DEMO_APPS_PORT', String(options.demoAppsPort), error);
      });
      started.push({ stop: () => demoApps.close() });
      demoAppsUrl = demoApps.url;
      const gatewayDataDir = join(options.stateDir, 'gateway');
      // A new embedded database is a copy of one initialised once per machine (initdb takes seconds),
      // made while the chain starts.
      const rpcHost = await ipForAnvil(options.host);
      // allSettled: a chain that started must be stopped even when another part failed.
      const [first, second, database] = await Promise.allSettled([
        asStep('devnet', (onStep) =>
          startDevnet({ host: rpcHost, port: options.rpcPort, stateDir: options.stateDir, onStep }),
        ).catch((error: unknown) => {
          throw explainFailure('devnet', 'RPC_PORT', String(options.rpcPort), error);
        }),
        options.secondChain
          ? asStep(`devnet ${secondDevnetChainId}`, (onStep) => startSecondDevnet(options, rpcHost, onStep))
          : undefined,
        options.databaseUrl
          ? undefined
          : asStep('embedded database', () =>
              initialisePgliteDataDir(gatewayDataDir, { templateDir: join(repoRoot, '.countersign/cache') }),
            ),
      ]);
      if (first.status === 'fulfilled') started.push(first.value);
      if (second.status === 'fulfilled' && second.value) started.push(second.value);
      for (const result of [first, second, database]) if (result.status === 'rejected') throw result.reason;
      devnet = (first as PromiseFulfilledResult<Devnet>).value;
      secondDevnet = (second as PromiseFulfilledResult<Devnet | undefined>).value;
      const explorerUrl = `${webOrigin}/explorer`;
      devnetChains = [
        devnetChainConfig(devnet.manifest, { explorerUrl }),
        // The explorer's pages for any chain but the first carry its id: /explorer/1338/tx/0x….
        ...(secondDevnet
          ? [
              secondDevnetChainConfig(secondDevnet.manifest, {
                explorerUrl: `${explorerUrl}/${secondDevnet.manifest.chainId}`,
              }),
            ]
          : []),
      ];
      const localGateway = await asStep('gateway', () =>
        startGateway({
          host: options.host,
          port: options.gatewayPort,
          chains: devnetChains,
          corsOrigins: [webOrigin, `http://localhost:${webPort}`, ...(options.corsOrigins ?? [])],
          safeApps: demoAppsCatalogue(demoApps.url, chainIdsOf(devnet, secondDevnet)),
          // Inside the devnet's folder, so that deleting it starts both the chain and the gateway afresh.
          store: options.databaseUrl
            ? { databaseUrl: options.databaseUrl, schema: options.databaseSchema }
            : { dataDir: join(options.stateDir, 'gateway') },
          testControl: options.testControl,
          ...options.gatewayLimits,
        }),
      ).catch((error: unknown) => {
        if (options.databaseUrl && isDatabaseUnreachable(error)) {
          const detail =
            (error instanceof Error && error.message.split('\n')[0]) ||
            ((error as { code?: string }).code ?? 'unreachable');
          throw new Error(
            `gateway: DATABASE_URL=${redactUrl(options.databaseUrl)} ${databaseFailure(error) ?? 'cannot be used'} (${detail}): start PostgreSQL, fix DATABASE_URL, or unset it to use the embedded database`,
          );
        }
        throw explainFailure('gateway', 'GATEWAY_PORT', String(options.gatewayPort), error);
      });
      started.push({ stop: () => localGateway.close() });
      gatewayUrl = localGateway.url;
      // The demo's off-chain part, posted through the gateway's API, once per chain and store.
      const marker = join(options.stateDir, 'offchain-seeded.json');
      const key = seedMarkerKey(devnet.manifest, options);
      if (!isSeeded(marker, key)) {
        const { manifest } = devnet;
        const url = localGateway.url;
        await asStep('off-chain demo (proposals, a message)', () => seedOffchainDemo(manifest, url));
        writeFileSync(marker, key);
      }
    }
    await webReservation.release();
    const web = await asStep('web server', () =>
      startWebServer({
        host: options.host,
        port: webPort,
        gatewayUrl,
        walletConnectProjectId: options.walletConnectProjectId,
        walletConnectRelayUrl: options.walletConnectRelayUrl,
        walletConnectVerify: options.walletConnectVerify,
        prerenderBudgetMs: options.prerenderBudgetMs,
        frameAncestors: options.frameAncestors,
        // The operator of a local stack runs the chains too: the browser reads them at their source.
        rpcUrls: { ...devnetRpcUrls(devnet, secondDevnet), ...options.rpcUrls },
        // …and describes them, so that a Safe on them opens from the chain while the gateway is down.
        chains: devnetChains.map(({ chainId, chainName, shortName, nativeCurrency, l2 }) => ({
          chainId,
          chainName,
          shortName,
          nativeCurrency: {
            name: nativeCurrency.name,
            symbol: nativeCurrency.symbol,
            decimals: nativeCurrency.decimals,
          },
          l2,
        })),
        // The demo apps are on loopback, which /app-manifest otherwise refuses: their origin alone is
        // trusted, not loopback at large.
        appManifestPrivateOrigins: demoAppsUrl ? [new URL(demoAppsUrl).origin] : [],
        devnet: devnet && {
          chainIds: chainIdsOf(devnet, secondDevnet),
          accounts: devnet.manifest.accounts.map((account) => ({
            address: account.address,
            label: `#${account.index} ${account.role}`,
          })),
        },
      }),
    ).catch((error: unknown) => {
      throw explainFailure('web', 'WEB_PORT', String(options.webPort), error);
    });
    started.push({ stop: () => web.close() });
    return {
      webUrl: web.url,
      gatewayUrl,
      demoAppsUrl,
      rpcUrl: devnet?.rpcUrl,
      manifest: devnet?.manifest,
      secondManifest: secondDevnet?.manifest,
      manifestPath: devnet?.manifestPath,
      devnetReused: devnet?.reused ?? false,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
