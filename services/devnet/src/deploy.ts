import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  concat,
  encodeAbiParameters,
  getAddress,
  keccak256,
  numberToHex,
  pad,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import {
  multicall3Address,
  safe130,
  safe130DeploymentNames,
  safe141,
  safe141DeploymentNames,
  safe150,
  safe150DeploymentNames,
  safeMigration141Address,
  singletonFactoryAddress,
  type Safe130ContractName,
  type Safe141ContractName,
  type Safe150ContractName,
} from '@countersign/safe-core';
import { receiptOf, type DevnetClients } from './clients';
import type { Artifacts } from './contracts/compile';
import { devnetPriceFeeds } from './manifest';
import { deployArtifact } from './deployArtifact';

const require = createRequire(import.meta.url);

/** Where each Safe 1.4.1 contract's build artifact lives in @safe-global/safe-contracts. */
const safeContractArtifacts: Record<Safe141ContractName, string> = {
  safeL2: 'SafeL2.sol/SafeL2.json',
  safe: 'Safe.sol/Safe.json',
  safeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  compatibilityFallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  multiSend: 'libraries/MultiSend.sol/MultiSend.json',
  multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
  signMessageLib: 'libraries/SignMessageLib.sol/SignMessageLib.json',
  createCall: 'libraries/CreateCall.sol/CreateCall.json',
  simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
};

/** Where each Safe 1.5.0 contract's build artifact lives in @safe-global/safe-smart-account 1.5.0. */
const safe150ContractArtifacts: Record<Safe150ContractName, string> = {
  safeL2: 'SafeL2.sol/SafeL2.json',
  safe: 'Safe.sol/Safe.json',
  safeProxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  compatibilityFallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  multiSend: 'libraries/MultiSend.sol/MultiSend.json',
  multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
  signMessageLib: 'libraries/SignMessageLib.sol/SignMessageLib.json',
  createCall: 'libraries/CreateCall.sol/CreateCall.json',
  simulateTxAccessor: 'accessors/SimulateTxAccessor.sol/SimulateTxAccessor.json',
  safeMigration: 'libraries/SafeMigration.sol/SafeMigration.json',
  safeToL2Setup: 'libraries/SafeToL2Setup.sol/SafeToL2Setup.json',
  extensibleFallbackHandler: 'handler/ExtensibleFallbackHandler.sol/ExtensibleFallbackHandler.json',
  tokenCallbackHandler: 'handler/TokenCallbackHandler.sol/TokenCallbackHandler.json',
};

/** Where each Safe 1.3.0 contract's build artifact lives in @gnosis.pm/safe-contracts 1.3.0. */
const safe130ContractArtifacts: Record<Safe130ContractName, string> = {
  safeL2: 'GnosisSafeL2.sol/GnosisSafeL2.json',
  safe: 'GnosisSafe.sol/GnosisSafe.json',
  safeProxyFactory: 'proxies/GnosisSafeProxyFactory.sol/GnosisSafeProxyFactory.json',
  compatibilityFallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
};

/**
 * SafeMigration 1.4.1 as deployed: only the build in @safe-global/safe-contracts 1.4.1-2 (here under
 * an alias, beside 1.4.1) has the canonical code; safe-smart-account 1.5.0's compiles differently.
 */
const safeMigrationArtifact =
  'safe-contracts-1.4.1-2/build/artifacts/contracts/libraries/SafeMigration.sol/SafeMigration.json';

/** The CREATE2 proxy anvil pre-deploys (Arachnid's), through which Safe 1.3.0 was deployed. */
const deterministicDeploymentProxy: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C';

function readJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

type Canonical = { address: Address; codeHash: Hex };

function safeDeployment(asset: string): Canonical {
  const file = readJson<{ deployments: { canonical: Canonical } }>(
    `@safe-global/safe-deployments/dist/assets/${asset}.json`,
  );
  return file.deployments.canonical;
}

/** The canonical address and code hash that @safe-global/safe-deployments records for a contract. */
export function canonicalDeployment(name: Safe141ContractName): Canonical {
  return safeDeployment(`v1.4.1/${safe141DeploymentNames[name]}`);
}

/** The same for a Safe 1.3.0 contract (its canonical deployment, not the EIP-155 one). */
export function canonicalDeployment130(name: Safe130ContractName): Canonical {
  return safeDeployment(`v1.3.0/${safe130DeploymentNames[name]}`);
}

/** The same for a Safe 1.5.0 contract. */
export function canonicalDeployment150(name: Safe150ContractName): Canonical {
  return safeDeployment(`v1.5.0/${safe150DeploymentNames[name]}`);
}

/** The same for SafeMigration 1.4.1. */
export function canonicalSafeMigration(): Canonical {
  return safeDeployment('v1.4.1/safe_migration');
}

async function sendAndConfirm(clients: DevnetClients, hash: Hex): Promise<void> {
  const receipt = await receiptOf(clients, hash);
  if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted`);
}

/**
 * Deploys the singleton factory from its presigned transaction (the only way to get it at its
 * canonical address), then CREATE2s the nine Safe 1.4.1 contracts and SafeMigration 1.4.1 through it,
 * and Safe 1.3.0's singletons, proxy factory and fallback handler through the deterministic-deployment
 * proxy, as they were deployed on public chains; checks that each landed at the canonical address
 * with the canonical code hash.
 */
export async function deploySafeContracts(clients: DevnetClients, funder: Address): Promise<void> {
  const factory = readJson<{ gasPrice: number; gasLimit: number; signerAddress: Address; transaction: Hex }>(
    `@safe-global/safe-singleton-factory/artifacts/${clients.chain.id}/deployment.json`,
  );
  if (!(await clients.public.getCode({ address: singletonFactoryAddress }))) {
    const cost = BigInt(factory.gasPrice) * BigInt(factory.gasLimit);
    await sendAndConfirm(
      clients,
      await clients.wallet.sendTransaction({
        account: funder,
        to: factory.signerAddress,
        value: cost,
        chain: clients.chain,
      }),
    );
    await sendAndConfirm(
      clients,
      await clients.public.sendRawTransaction({ serializedTransaction: factory.transaction }),
    );
  }

  const deploy = (deployer: Address, initcode: Hex) =>
    clients.wallet
      .sendTransaction({
        account: funder,
        to: deployer,
        data: concat([pad('0x00', { size: 32 }), initcode]),
        chain: clients.chain,
      })
      .then((hash) => sendAndConfirm(clients, hash));

  for (const name of Object.keys(safeContractArtifacts) as Safe141ContractName[]) {
    await deployCanonical(clients, name, safe141[name], canonicalDeployment(name), () => {
      const { bytecode } = readJson<{ bytecode: Hex }>(
        `@safe-global/safe-contracts/build/artifacts/contracts/${safeContractArtifacts[name]}`,
      );
      return deploy(singletonFactoryAddress, bytecode);
    });
  }
  for (const name of Object.keys(safe130ContractArtifacts) as Safe130ContractName[]) {
    await deployCanonical(clients, `${name} 1.3.0`, safe130[name], canonicalDeployment130(name), () => {
      const { bytecode } = readJson<{ bytecode: Hex }>(
        `@gnosis.pm/safe-contracts/build/artifacts/contracts/${safe130ContractArtifacts[name]}`,
      );
      return deploy(deterministicDeploymentProxy, bytecode);
    });
  }
  await deployCanonical(
    clients,
    'SafeMigration 1.4.1',
    safeMigration141Address,
    canonicalSafeMigration(),
    () => {
      const { bytecode } = readJson<{ bytecode: Hex }>(safeMigrationArtifact);
      // Its constructor fixes the 1.4.1 contracts it migrates to.
      const targets = encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
        [safe141.safe, safe141.safeL2, safe141.compatibilityFallbackHandler],
      );
      return deploy(singletonFactoryAddress, concat([bytecode, targets]));
    },
  );
}

/**
 * CREATE2s the thirteen Safe 1.5.0 contracts through the singleton factory (which
 * deploySafeContracts put there), from @safe-global/safe-smart-account 1.5.0's build, and checks each
 * against safe-deployments' address and code hash. Contracts already there are only checked.
 */
export async function deploySafe150Contracts(clients: DevnetClients, funder: Address): Promise<void> {
  const names = Object.keys(safe150ContractArtifacts) as Safe150ContractName[];
  const present = await Promise.all(names.map((name) => clients.public.getCode({ address: safe150[name] })));
  // Sent one after the other without waiting for each receipt (every devnet start pays for this),
  // then all confirmed and checked together.
  const sent: Hex[] = [];
  for (const [index, name] of names.entries()) {
    if (present[index]) continue;
    const { bytecode } = readJson<{ bytecode: Hex }>(
      `@safe-global/safe-smart-account/build/artifacts/contracts/${safe150ContractArtifacts[name]}`,
    );
    // SafeMigration's constructor fixes the 1.5.0 contracts it migrates to.
    const initcode =
      name === 'safeMigration'
        ? concat([
            bytecode,
            encodeAbiParameters(
              [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
              [safe150.safe, safe150.safeL2, safe150.compatibilityFallbackHandler],
            ),
          ])
        : bytecode;
    sent.push(
      await clients.wallet.sendTransaction({
        account: funder,
        to: singletonFactoryAddress,
        data: concat([pad('0x00', { size: 32 }), initcode]),
        chain: clients.chain,
      }),
    );
  }
  await Promise.all(sent.map((hash) => sendAndConfirm(clients, hash)));
  await Promise.all(
    names.map((name) =>
      deployCanonical(clients, `${name} 1.5.0`, safe150[name], canonicalDeployment150(name), async () => {
        throw new Error(`${name} 1.5.0 was not deployed by the singleton factory`);
      }),
    ),
  );
}

/**
 * Deploys one contract unless it is there, then checks that it is at the address safe-deployments
 * gives with the code hash it records.
 */
async function deployCanonical(
  clients: DevnetClients,
  name: string,
  address: Address,
  canonical: Canonical,
  deploy: () => Promise<void>,
): Promise<void> {
  const expected = getAddress(address);
  if (getAddress(canonical.address) !== expected) {
    throw new Error(`safe-deployments disagrees on ${name}: ${canonical.address} vs ${expected}`);
  }
  let code = await clients.public.getCode({ address: expected });
  if (!code) {
    await deploy();
    code = await clients.public.getCode({ address: expected });
  }
  if (!code || keccak256(code) !== canonical.codeHash) {
    throw new Error(`${name} at ${expected} does not have the canonical code hash ${canonical.codeHash}`);
  }
}

/** Puts Countersign's Multicall3-compatible BatchReader at Multicall3's canonical address. */
export async function installMulticall3(clients: DevnetClients, artifacts: Artifacts): Promise<void> {
  await clients.test.setCode({
    address: multicall3Address,
    bytecode: artifacts.BatchReader.deployedBytecode,
  });
}

/** What the devnet's feeds answer, in USD with 8 decimals: ETH at 3,000, DEV at 1.25. */
const devnetFeedAnswers: Record<keyof typeof devnetPriceFeeds, bigint> = {
  native: 3_000_00000000n,
  DEV: 1_25000000n,
};

/** Installs the devnet's price feeds with their answers (see devnetPriceFeeds). */
export async function installPriceFeeds(clients: DevnetClients, artifacts: Artifacts): Promise<void> {
  for (const [name, address] of Object.entries(devnetPriceFeeds) as [
    keyof typeof devnetPriceFeeds,
    Address,
  ][]) {
    await clients.test.setCode({ address, bytecode: artifacts.DevPriceFeed.deployedBytecode });
    await clients.test.setStorageAt({
      address,
      index: 0,
      value: numberToHex(devnetFeedAnswers[name], { size: 32 }),
    });
  }
}

export type DeployedTokens = {
  erc20: { address: Address; name: string; symbol: string; decimals: number }[];
  erc721: { address: Address; name: string; symbol: string };
};

/** Deploys the devnet's two ERC20s (18 and 6 decimals) and its ERC721, all owned by `deployer`. */
export async function deployTokens(
  clients: DevnetClients,
  artifacts: Artifacts,
  deployer: Address,
): Promise<DeployedTokens> {
  const erc20Specs = [
    { name: 'Countersign Dev Token', symbol: 'DEV', decimals: 18, supply: parseEther('1000000') },
    { name: 'Dev Dollar', symbol: 'DUSD', decimals: 6, supply: 1_000_000_000_000n },
  ];
  const erc20: DeployedTokens['erc20'] = [];
  for (const spec of erc20Specs) {
    erc20.push({
      address: await deployArtifact(clients, deployer, artifacts.DevToken, [
        spec.name,
        spec.symbol,
        spec.decimals,
        deployer,
        spec.supply,
      ]),
      name: spec.name,
      symbol: spec.symbol,
      decimals: spec.decimals,
    });
  }
  const nft = { name: 'Countersign Collectibles', symbol: 'CSC' };
  const address = await deployArtifact(clients, deployer, artifacts.DevCollectible, [nft.name, nft.symbol]);
  return { erc20, erc721: { address, ...nft } };
}
