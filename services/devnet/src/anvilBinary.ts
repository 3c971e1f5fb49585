import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

const archNames: Partial<Record<NodeJS.Architecture, string>> = { x64: 'amd64', arm64: 'arm64' };

/**
 * The anvil executable shipped inside @foundry-rs/anvil's platform package. We run it directly:
 * going through npx or the package's bin wrapper leaves anvil orphaned when the wrapper is killed.
 */
export function anvilBinaryPath(): string {
  const fromEnv = process.env.ANVIL_BIN;
  if (fromEnv) return fromEnv;
  const arch = archNames[process.arch];
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch ?? process.arch}`;
  let manifest: string;
  try {
    manifest = require.resolve(`${pkg}/package.json`);
  } catch {
    throw new Error(
      `anvil is not installed for ${process.platform}/${process.arch} (missing ${pkg}); run npm ci`,
    );
  }
  const binary = join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!existsSync(binary)) throw new Error(`anvil binary missing at ${binary}; run npm ci`);
  return binary;
}
