import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { gatewayNodeFlags } from '../src';

it('starts the gateway on its own with the flags the benchmark runs it with', () => {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  expect(manifest.scripts.start).toBe(`node ${gatewayNodeFlags.join(' ')} --import tsx src/main.ts`);
});
