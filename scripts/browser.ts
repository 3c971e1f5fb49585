import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The Chromium the end-to-end tests drive, found or installed before anything runs, so that a
 * fresh machine either runs every test or stops at once with one line saying what to install,
 * instead of failing every browser test one by one.
 *
 * The order: CHROMIUM_PATH as given; a Chromium or Chrome on the system; Playwright's own build
 * (downloaded when the network allows); Debian's `chromium` package when running as root.
 */
export type BrowserFound = { ok: true; path: string; how: string };
export type BrowserMissing = { ok: false; line: string };

/** What the search may touch: the machine's files, commands and environment (tests give fakes). */
export type BrowserProbe = {
  env: NodeJS.ProcessEnv;
  isExecutable(path: string): boolean;
  /** Runs a command to its end; true when it exited 0. */
  run(command: string, args: string[]): boolean;
  /** Where Playwright keeps (or would put) its own Chromium. */
  playwrightChromium(): string | undefined;
  isRoot: boolean;
};

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

export const MISSING_BROWSER_LINE =
  'npm test needs Chromium: install it (Debian: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary';

/** A binary that is executable and starts (a download without its system libraries does not). */
function runs(probe: BrowserProbe, path: string): boolean {
  return probe.isExecutable(path) && probe.run(path, ['--headless', '--version']);
}

function systemBrowser(probe: BrowserProbe): string | undefined {
  const dirs = (probe.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of ['/usr/bin', ...dirs])
    for (const name of SYSTEM_NAMES) {
      const path = join(dir, name);
      if (runs(probe, path)) return path;
    }
  return undefined;
}

export function findBrowser(probe: BrowserProbe): BrowserFound | BrowserMissing {
  const given = probe.env.CHROMIUM_PATH;
  if (given) {
    return runs(probe, given)
      ? { ok: true, path: given, how: 'CHROMIUM_PATH' }
      : {
          ok: false,
          line: `CHROMIUM_PATH is ${given}, which is not a Chromium that starts: fix it or unset it`,
        };
  }
  const system = systemBrowser(probe);
  if (system) return { ok: true, path: system, how: 'the system’s' };

  const playwright = probe.playwrightChromium();
  if (playwright && runs(probe, playwright)) return { ok: true, path: playwright, how: 'Playwright’s' };
  if (probe.run('npx', ['playwright', 'install', 'chromium'])) {
    const installed = probe.playwrightChromium();
    if (installed && runs(probe, installed))
      return { ok: true, path: installed, how: 'Playwright’s, installed now' };
  }

  if (probe.isRoot && probe.isExecutable('/usr/bin/apt-get')) {
    const installed =
      probe.run('apt-get', ['update', '-q']) &&
      probe.run('apt-get', ['install', '-y', '-q', 'chromium', 'fonts-noto-color-emoji']);
    if (installed) {
      const system = systemBrowser(probe);
      if (system) return { ok: true, path: system, how: 'Debian’s, installed now' };
    }
  }
  return { ok: false, line: MISSING_BROWSER_LINE };
}

/** The probe of this machine. Commands run quietly: only the outcome is reported. */
export async function machineProbe(cwd: string): Promise<BrowserProbe> {
  const playwrightChromium = async () => {
    try {
      const { chromium } = await import('playwright-core');
      return chromium.executablePath();
    } catch {
      return undefined;
    }
  };
  // Playwright answers the path of its build whether or not it is downloaded yet; reading it again
  // after an install gives the same path, so it is read once.
  const playwrightPath = await playwrightChromium();
  return {
    env: process.env,
    isExecutable(path) {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    },
    run(command, args) {
      const result = spawnSync(command, args, {
        cwd,
        stdio: 'ignore',
        timeout: 10 * 60_000,
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      return result.status === 0;
    },
    playwrightChromium: () => playwrightPath,
    isRoot: process.getuid?.() === 0,
  };
}
