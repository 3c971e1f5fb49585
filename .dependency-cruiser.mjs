/**
 * The layers, enforced by `npm run layers` (part of `npm test`). From the top: the web app's composition (main.tsx, app/ with its
 * shell), the features, the Safe kernel (features/safe, chains, wallet), then ui/ and lib/. A module
 * imports only its own layer or those below, and no import, lazy ones included, closes a circle.
 */
import { layerRules } from './scripts/layerRules.mjs';

export default {
  forbidden: layerRules('^apps/web/src/'),
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|coverage)/|^scripts/test/fixtures/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
