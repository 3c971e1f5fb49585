/**
 * The web app's layers as dependency-cruiser rules (.dependency-cruiser.mjs applies them to
 * apps/web/src; scripts/test/layers.test.ts to fixture trees, to show that they catch what they must).
 */
/**
 * The rules for a web app whose sources are under `web` (a path pattern; tests use a fixture tree).
 * @param {string} web
 * @returns {import('dependency-cruiser').IForbiddenRuleType[]}
 */
export function layerRules(web) {
  // Tests compose what they test with what it runs inside (a page in the Safe frame): they may reach up.
  const tests = '\\.test\\.tsx?$|/testing/|/test[A-Z][^/]*\\.tsx?$';
  const kernel = `${web}features/(safe|chains|wallet)/`;
  const pageFeatures = `${web}features/(?!(safe|chains|wallet)/)[^/]+/`;
  return [
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
      from: { path: `${web}lib/`, pathNot: tests },
      to: { path: `${web}(ui|features|app)/|${web}main\\.tsx` },
    },
    {
      name: 'ui-below-features',
      severity: 'error',
      comment: 'src/ui holds shared primitives: it knows no feature and no app composition.',
      from: { path: `${web}ui/`, pathNot: tests },
      to: { path: `${web}(features|app)/|${web}main\\.tsx` },
    },
    {
      name: 'kernel-below-features',
      severity: 'error',
      comment: 'The Safe kernel (safe, chains, wallet) is what features stand on; it imports none of them.',
      from: { path: kernel, pathNot: tests },
      to: { path: pageFeatures },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      comment: 'The app composes the features; a feature never reaches up into it.',
      from: { path: `${web}features/`, pathNot: tests },
      to: { path: `${web}app/|${web}main\\.tsx` },
    },
    {
      name: 'server-code-stays-out-of-the-app',
      severity: 'error',
      comment: 'The browser bundle never imports the web server, the gateway or the devnet.',
      from: { path: web },
      to: { path: '^apps/web/serve/|^services/' },
    },
  ];
}
