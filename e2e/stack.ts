import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReadyInfo } from '../scripts/startProcess';

/** Where the global setup leaves the running stack's addresses for the test workers. */
export const stackFile = join(import.meta.dirname, '../.countersign/e2e/stack.json');

export type E2eStack = ReadyInfo & {
  safes: { name: string; address: string; owners: string[]; threshold: number }[];
  chainId: number;
  accounts: { address: string; privateKey: `0x${string}`; role: string }[];
};

export function readStack(): E2eStack {
  if (!existsSync(stackFile))
    throw new Error(`No running stack: ${stackFile} is missing (global setup did not run)`);
  return JSON.parse(readFileSync(stackFile, 'utf8')) as E2eStack;
}
