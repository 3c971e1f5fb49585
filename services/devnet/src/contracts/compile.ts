import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

/** The Solidity sources of the devnet's own contracts, kept beside this file. */
export const contractSources = [
  'DevToken.sol',
  'DevCollectible.sol',
  'BatchReader.sol',
  'DevPriceFeed.sol',
] as const;
export type DevContractName = 'DevToken' | 'DevCollectible' | 'BatchReader' | 'DevPriceFeed';
export type Artifact = { abi: Abi; bytecode: Hex; deployedBytecode: Hex };
export type Artifacts = Record<DevContractName, Artifact>;

const cacheDir = resolve(here, '../../.cache');
const cacheFile = join(cacheDir, 'artifacts.json');

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};

function sourceFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(require('solc/package.json').version);
  hash.update(require('@openzeppelin/contracts/package.json').version);
  for (const name of contractSources) hash.update(readFileSync(join(here, name)));
  return hash.digest('hex');
}

/**
 * Compiles Solidity sources (file name → source) with the devnet's compiler and settings: the
 * devnet's own contracts, and contracts that tests write (a hostile Safe look-alike, say).
 */
export function compileSolidity(files: Record<string, string>): SolcOutput['contracts'] {
  // solc-js is loaded only when needed: it is a large wasm module.
  const solc = require('solc') as {
    compile(
      input: string,
      options: { import(path: string): { contents: string } | { error: string } },
    ): string;
  };
  const sources = Object.fromEntries(Object.entries(files).map(([name, content]) => [name, { content }]));
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const findImport = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') };
    } catch {
      return { error: `Source not found: ${path}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  return output.contracts;
}

/** One contract of compileSolidity's output, as the devnet deploys it. */
export function artifactOf(contracts: SolcOutput['contracts'], file: string, name: string): Artifact {
  const contract = contracts[file]?.[name];
  if (!contract) throw new Error(`solc produced no ${name}`);
  return {
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
  };
}

function compile(): Artifacts {
  const contracts = compileSolidity(
    Object.fromEntries(contractSources.map((name) => [name, readFileSync(join(here, name), 'utf8')])),
  );
  const pick = (file: string, name: DevContractName): Artifact => artifactOf(contracts, file, name);
  return {
    DevToken: pick('DevToken.sol', 'DevToken'),
    DevCollectible: pick('DevCollectible.sol', 'DevCollectible'),
    BatchReader: pick('BatchReader.sol', 'BatchReader'),
    DevPriceFeed: pick('DevPriceFeed.sol', 'DevPriceFeed'),
  };
}

/**
 * The compiled devnet contracts. Compiling takes seconds, so the result is cached on disk, keyed by
 * the sources and compiler versions; concurrent callers race harmlessly (atomic rename).
 */
export function loadArtifacts(): Artifacts {
  const fingerprint = sourceFingerprint();
  if (existsSync(cacheFile)) {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as {
      fingerprint: string;
      artifacts: Artifacts;
    };
    if (cached.fingerprint === fingerprint) return cached.artifacts;
  }
  const artifacts = compile();
  mkdirSync(cacheDir, { recursive: true });
  const temp = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ fingerprint, artifacts }));
  renameSync(temp, cacheFile);
  return artifacts;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  loadArtifacts();
  console.log(`devnet contracts compiled in ${Math.round(performance.now() - started)} ms`);
}
