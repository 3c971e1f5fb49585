import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { concat, getAddress, keccak256, pad, parseEther, type Address, type Hex } from 'viem';
import {
  multicall3Address,
  safe141,
  safe141DeploymentNames,
  singletonFactoryAddress,
  type Safe141ContractName,
} from '@countersign/safe-core';
import type { DevnetClients } from './clients';
import type { Artifacts } from './contracts/compile';

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

function readJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}

/** The canonical address and code hash that @safe-global/safe-deployments records for a contract. */
export function canonicalDeployment(name: Safe141ContractName): { address: Address; codeHash: Hex } {
  const file = readJson<{ deployments: { canonical: { address: Address; codeHash: Hex } } }>(
    `@safe-global/safe-deployments/dist/assets/v1.4.1/${safe141DeploymentNames[name]}.json`,
  );
  return file.deployments.canonical;
}

async function sendAndConfirm(clients: DevnetClients, hash: Hex): Promise<void> {
  const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted`);
}

/**
 * Deploys the singleton factory from its presigned transaction (the only way to get it at its
 * canonical address), then CREATE2s the nine Safe 1.4.1 contracts through it and checks that each
 * landed at the canonical address with the canonical code hash.
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

  for (const name of Object.keys(safeContractArtifacts) as Safe141ContractName[]) {
    const canonical = canonicalDeployment(name);
    const expected = getAddress(safe141[name]);
    if (getAddress(canonical.address) !== expected) {
      throw new Error(`safe-deployments disagrees on ${name}: ${canonical.address} vs ${expected}`);
    }
    let code = await clients.public.getCode({ address: expected });
    if (!code) {
      const { bytecode } = readJson<{ bytecode: Hex }>(
        `@safe-global/safe-contracts/build/artifacts/contracts/${safeContractArtifacts[name]}`,
      );
      await sendAndConfirm(
        clients,
        await clients.wallet.sendTransaction({
          account: funder,
          to: singletonFactoryAddress,
          data: concat([pad('0x00', { size: 32 }), bytecode]),
          chain: clients.chain,
        }),
      );
      code = await clients.public.getCode({ address: expected });
    }
    if (!code || keccak256(code) !== canonical.codeHash) {
      throw new Error(`${name} at ${expected} does not have the canonical code hash ${canonical.codeHash}`);
    }
  }
}

/** Puts Countersign's Multicall3-compatible BatchReader at Multicall3's canonical address. */
export async function installMulticall3(clients: DevnetClients, artifacts: Artifacts): Promise<void> {
  await clients.test.setCode({
    address: multicall3Address,
    bytecode: artifacts.BatchReader.deployedBytecode,
  });
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
    const hash = await clients.wallet.deployContract({
      account: deployer,
      chain: clients.chain,
      abi: artifacts.DevToken.abi,
      bytecode: artifacts.DevToken.bytecode,
      args: [spec.name, spec.symbol, spec.decimals, deployer, spec.supply],
    });
    const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (!receipt.contractAddress) throw new Error(`${spec.symbol} was not deployed`);
    erc20.push({
      address: getAddress(receipt.contractAddress),
      name: spec.name,
      symbol: spec.symbol,
      decimals: spec.decimals,
    });
  }
  const nft = { name: 'Countersign Collectibles', symbol: 'CSC' };
  const hash = await clients.wallet.deployContract({
    account: deployer,
    chain: clients.chain,
    abi: artifacts.DevCollectible.abi,
    bytecode: artifacts.DevCollectible.bytecode,
    args: [nft.name, nft.symbol],
  });
  const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (!receipt.contractAddress) throw new Error('The collectible contract was not deployed');
  return { erc20, erc721: { address: getAddress(receipt.contractAddress), ...nft } };
}
