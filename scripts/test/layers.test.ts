import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
// The same rules `npm run layers` applies to apps/web/src, here applied to fixture trees.
import { layerRules } from '../layerRules.mjs';

const fixtures = 'scripts/test/fixtures/layers';

async function violations(tree: 'good' | 'bad') {
  const result = await cruise([`${fixtures}/${tree}/src`], {
    validate: true,
    ruleSet: { forbidden: layerRules(`^${fixtures}/${tree}/src/`) },
    tsPreCompilationDeps: true,
  });
  if (typeof result.output === 'string') throw new Error('expected the cruise result as an object');
  return result.output.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from.replace(`${fixtures}/${tree}/src/`, '')}`,
  );
}

describe('npm run layers', () => {
  it('refuses upward imports and circles, lazy imports included', async () => {
    expect((await violations('bad')).sort()).toEqual([
      'features-below-app: features/home/Widget.ts',
      'kernel-below-features: features/safe/index.ts',
      'lib-is-the-floor: lib/format.ts',
      'no-circular: features/home/index.ts',
      'ui-below-features: ui/Button.ts',
    ]);
  });

  it('accepts a tree whose imports all point down', async () => {
    expect(await violations('good')).toEqual([]);
  });
});
