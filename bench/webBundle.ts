import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { spawnStart } from '../scripts/startProcess';
import { ensureWebBuild, webDist } from '../scripts/webBuild';
import { kB } from './stats';

/**
 * The JavaScript a browser really loads to show the Safe overview: Chromium opens the demo Safe's
 * page and every script it fetches from the web server is gzipped (level 9) from the build.
 */
export async function benchWebBundle(): Promise<string[]> {
  ensureWebBuild();
  const run = await spawnStart();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const manifest = JSON.parse(readFileSync(run.ready.manifestPath!, 'utf8')) as {
      safes: { address: string }[];
    };
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === run.ready.webUrl && url.pathname.endsWith('.js') && url.pathname !== '/config.js') {
        scripts.add(url.pathname);
      }
    });
    await page.goto(`${run.ready.webUrl}/local:${manifest.safes[0]!.address}/home`);
    await page.getByTestId('safe-threshold').waitFor();
    let raw = 0;
    let gzip = 0;
    for (const path of scripts) {
      const bytes = readFileSync(join(webDist, path));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return [
      `web initial JS for the Safe overview: ${kB(gzip)} gzip (${kB(raw)} raw) in ${scripts.size} chunks (target ≤ 200 kB gzip)`,
    ];
  } finally {
    await browser.close();
    await run.stop('SIGTERM');
  }
}
