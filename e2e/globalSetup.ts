import { ensureWebBuild } from '../scripts/webBuild';

/**
 * Builds the web app once for the whole run, before any worker starts: each worker then runs its
 * own stack on free ports (see fixtures.ts) without checking the build again.
 */
export default function globalSetup() {
  ensureWebBuild();
}
