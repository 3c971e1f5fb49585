/**
 * The layers, enforced (`npx depcruise apps packages services e2e scripts bench`; part of `npm test`
 * through scripts/layers.ts). From the top: the web app's composition (main.tsx, app/ with its
 * shell), the features, the Safe kernel (features/safe, chains, wallet), then ui/ and lib/. A module
 * imports only its own layer or those below, and no import, lazy ones included, closes a circle.
 */
const web = '^apps/web/src/';
const kernel = `${web}features/(safe|chains|wallet)/`;
const pageFeatures = `${web}features/(?!(safe|chains|wallet)/)[^/]+/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports (lazy ones count: one made eager would break start-up).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-the-floor',
      severity: 'error',
      comment: 'src/lib holds app-wide helpers with no UI and no feature knowledge.',
      from: { path: `${web}lib/` },
      to: { path: `${web}(ui|features|app)/|${web}main\\.tsx` },
    },
    {
      name: 'ui-below-features',
      severity: 'error',
      comment: 'src/ui holds shared primitives: it knows no feature and no app composition.',
      from: { path: `${web}ui/` },
      to: { path: `${web}(features|app)/|${web}main\\.tsx` },
    },
    {
      name: 'kernel-below-features',
      severity: 'error',
      comment: 'The Safe kernel (safe, chains, wallet) is what features stand on; it imports none of them.',
      from: { path: kernel },
      to: { path: pageFeatures },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      comment: 'The app composes the features; a feature never reaches up into it.',
      from: { path: `${web}features/` },
      to: { path: `${web}app/|${web}main\\.tsx` },
    },
    {
      name: 'server-code-stays-out-of-the-app',
      severity: 'error',
      comment: 'The browser bundle never imports the web server, the gateway or the devnet.',
      from: { path: web },
      to: { path: '^apps/web/serve/|^services/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|coverage)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
