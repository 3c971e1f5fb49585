import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { getAddress } from 'viem';
import { multicall3Address, safe141, singletonFactoryAddress } from '@countersign/safe-core';
import { devAccountRoles, devAccounts } from './accounts';
import { startAnvil, type Anvil } from './anvil';
import { devnetClients } from './clients';
import { loadArtifacts } from './contracts/compile';
import {
  deploySafe150Contracts,
  deploySafeContracts,
  deployTokens,
  installMulticall3,
  installPriceFeeds,
} from './deploy';
import { readManifest, writeManifest, type DevnetManifest } from './manifest';
import { seedDemoScenario, seedTeamSafeOnly } from './scenario';

export const devnetChainId = 1337;

/** The opt-in second devnet chain (DEVNET_SECOND_CHAIN), for the web app's chain switch. */
export const secondDevnetChainId = 1338;

export type DevnetOptions = {
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * Where the chain state and the manifest live. With it, a restart reuses the saved chain instead of
   * redeploying; without it, the chain is ephemeral (tests).
   */
  stateDir?: string;
  /** The chain id; devnetChainId by default. The Safe contracts are at the same addresses on any. */
  chainId?: number;
  /**
   * What is seeded on a fresh chain: the whole demo (the default), or only the team Safe funded with ETH
   * (an extra chain, whose Safe shares the main chain's address). Tokens come with the demo only.
   */
  seed?: 'demo' | 'teamSafeOnly';
  /**
   * Empty blocks mined on a fresh chain before anything is deployed: a long chain for the indexer's
   * catch-up benchmark. Its anvil keeps the last 256 states only (see AnvilOptions.keepStates), so
   * the blocks whose state an indexer reads (owners after a change) must come later, as they do.
   */
  emptyBlocksFirst?: number;
  /** Told each step as it begins ("deploying the Safe contracts"): what a start that stalls names. */
  onStep?: (step: string) => void;
};

export type Devnet = {
  manifest: DevnetManifest;
  rpcUrl: string;
  anvil: Anvil;
  /** True when the chain was loaded from stateDir rather than deployed and seeded now. */
  reused: boolean;
  manifestPath: string | undefined;
  stop(): Promise<void>;
};

function manifestPathOf(stateDir: string) {
  return join(stateDir, 'manifest.json');
}

/** Starts anvil and makes sure the Safe contracts and the demo scenario are on it. */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  const chainId = options.chainId ?? devnetChainId;
  const fullDemo = (options.seed ?? 'demo') === 'demo';
  const stateDir = options.stateDir;
  const stateFile = stateDir ? join(stateDir, 'anvil-state.json') : undefined;
  const manifestPath = stateDir ? manifestPathOf(stateDir) : undefined;
  let saved: DevnetManifest | undefined;
  if (stateDir && stateFile && manifestPath) {
    mkdirSync(stateDir, { recursive: true });
    if (existsSync(stateFile) && existsSync(manifestPath)) {
      try {
        saved = readManifest(manifestPath);
      } catch {
        saved = undefined;
      }
    }
    // A state file without a manifest is a chain whose seeding never finished: start over.
    if (!saved) rmSync(stateFile, { force: true });
  }

  const step = options.onStep ?? (() => undefined);
  step('starting anvil');
  const anvil = await startAnvil({
    host: options.host,
    port: options.port ?? 0,
    chainId,
    stateFile,
    stateIntervalSeconds: stateFile ? 5 : undefined,
    // A fresh chain starts in the past so the demo history can be spread over several days.
    genesisTimestamp: saved || !fullDemo ? undefined : Math.floor(Date.now() / 1000) - 4 * 86_400,
    keepStates: options.emptyBlocksFirst ? 256 : undefined,
  });
  try {
    const clients = devnetClients(chainId, anvil.rpcUrl);
    if (saved) step('checking the saved chain');
    if (saved && saved.chainId === chainId && (await isIntact(clients, saved))) {
      step('bringing the saved chain up to date');
      // A devnet saved before Safe 1.5.0 was part of it gets it now.
      const funder = devAccounts()[0]?.account.address;
      if (funder) await deploySafe150Contracts(clients, funder);
      // And its price feeds, which came later still.
      await installPriceFeeds(clients, loadArtifacts());
      const manifest = {
        ...saved,
        rpcUrl: anvil.rpcUrl,
        // The accounts' roles as this version names them, and the Safes' names without what the
        // chain says of them now (an older devnet wrote "Legacy Safe (1.3.0, 2 of 3)").
        accounts: saved.accounts.map((entry) => ({
          ...entry,
          role: devAccountRoles[entry.index] ?? entry.role,
        })),
        safes: saved.safes.map((safe) => ({ ...safe, name: safe.name.replace(/ \([^)]*\)$/, '') })),
      };
      if (manifestPath) writeManifest(manifestPath, manifest);
      return { manifest, rpcUrl: anvil.rpcUrl, anvil, reused: true, manifestPath, stop: () => anvil.stop() };
    }
    if (saved)
      throw new Error(`The saved devnet in ${stateDir} is damaged; delete that folder to start afresh`);

    // In steps that each answer well within the clients' 10 s timeout (past some 60,000 blocks,
    // anvil 1.7 takes about 4 ms a block even so).
    for (let left = options.emptyBlocksFirst ?? 0; left > 0; left -= 500)
      await clients.test.mine({ blocks: Math.min(left, 500) });

    const accounts = devAccounts();
    const deployer = accounts[0]?.account.address;
    if (!deployer) throw new Error('No deployer account');
    const artifacts = loadArtifacts();
    step('deploying the Safe contracts');
    await deploySafeContracts(clients, deployer);
    await installMulticall3(clients, artifacts);
    await installPriceFeeds(clients, artifacts);
    step('seeding the demo');
    const tokens = fullDemo ? await deployTokens(clients, artifacts, deployer) : undefined;
    const scenario = tokens
      ? await seedDemoScenario(clients, accounts, tokens)
      : await seedTeamSafeOnly(clients, accounts);
    // After the demo, so that its blocks and the deployer's nonces stay those of earlier devnets.
    step('deploying the Safe 1.5.0 contracts');
    await deploySafe150Contracts(clients, deployer);
    const manifest: DevnetManifest = {
      version: 1,
      chainId,
      rpcUrl: anvil.rpcUrl,
      seededAt: new Date().toISOString(),
      contracts: {
        singletonFactory: singletonFactoryAddress,
        multicall3: multicall3Address,
        safeL2: safe141.safeL2,
        safe: safe141.safe,
        safeProxyFactory: safe141.safeProxyFactory,
        compatibilityFallbackHandler: safe141.compatibilityFallbackHandler,
        multiSend: safe141.multiSend,
        multiSendCallOnly: safe141.multiSendCallOnly,
        signMessageLib: safe141.signMessageLib,
        createCall: safe141.createCall,
        simulateTxAccessor: safe141.simulateTxAccessor,
      },
      tokens: tokens
        ? [
            ...tokens.erc20.map((t) => ({ type: 'ERC20' as const, ...t })),
            { type: 'ERC721' as const, ...tokens.erc721, decimals: 0 },
          ]
        : [],
      accounts: accounts.map((a) => ({
        index: a.index,
        role: a.role,
        address: getAddress(a.account.address),
        privateKey: a.privateKey,
      })),
      ...scenario,
    };
    if (manifestPath) writeManifest(manifestPath, manifest);
    return { manifest, rpcUrl: anvil.rpcUrl, anvil, reused: false, manifestPath, stop: () => anvil.stop() };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/** A loaded state is usable only if the contracts and the demo Safes are really there. */
async function isIntact(
  clients: ReturnType<typeof devnetClients>,
  manifest: DevnetManifest,
): Promise<boolean> {
  const addresses = [
    safe141.safeL2,
    multicall3Address,
    ...manifest.safes.map((s) => s.address as `0x${string}`),
  ];
  const codes = await Promise.all(addresses.map((address) => clients.public.getCode({ address })));
  return codes.every((code) => code !== undefined && code !== '0x');
}
