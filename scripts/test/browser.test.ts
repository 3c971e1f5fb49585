import { describe, expect, it } from 'vitest';
import { findBrowser, MISSING_BROWSER_LINE, type BrowserProbe } from '../browser';

/** A machine described by what is installed and what its commands do. */
function machine(options: {
  env?: NodeJS.ProcessEnv;
  binaries?: string[];
  broken?: string[];
  playwright?: string;
  networkInstalls?: string[];
  aptInstalls?: string[];
  isRoot?: boolean;
}) {
  const binaries = new Set(options.binaries ?? []);
  const commands: string[] = [];
  const probe: BrowserProbe = {
    env: options.env ?? { PATH: '/usr/local/bin:/usr/bin' },
    isExecutable: (path) => binaries.has(path),
    run(command, args) {
      commands.push([command, ...args].join(' '));
      if (args.includes('--version')) return !(options.broken ?? []).includes(command);
      if (command === 'npx') {
        for (const path of options.networkInstalls ?? []) binaries.add(path);
        return (options.networkInstalls ?? []).length > 0;
      }
      if (command === 'apt-get' && args[0] === 'install') {
        for (const path of options.aptInstalls ?? []) binaries.add(path);
        return (options.aptInstalls ?? []).length > 0;
      }
      return command === 'apt-get';
    },
    playwrightChromium: () => options.playwright,
    isRoot: options.isRoot ?? false,
  };
  return { probe, commands };
}

const PLAYWRIGHT = '/home/u/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

describe('the test command finds its browser', () => {
  it('takes CHROMIUM_PATH as given, and stops when it does not start', () => {
    const given = machine({
      env: { CHROMIUM_PATH: '/opt/c/chrome' },
      binaries: ['/opt/c/chrome', '/usr/bin/chromium'],
    });
    expect(findBrowser(given.probe)).toEqual({ ok: true, path: '/opt/c/chrome', how: 'CHROMIUM_PATH' });
    const wrong = machine({ env: { CHROMIUM_PATH: '/nowhere' }, binaries: ['/usr/bin/chromium'] });
    const answer = findBrowser(wrong.probe);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.line).toContain('CHROMIUM_PATH is /nowhere');
  });

  it('takes a system Chromium or Chrome from the PATH before downloading anything', () => {
    const { probe, commands } = machine({
      binaries: ['/usr/local/bin/google-chrome'],
      playwright: PLAYWRIGHT,
    });
    expect(findBrowser(probe)).toMatchObject({ ok: true, path: '/usr/local/bin/google-chrome' });
    expect(commands.some((command) => command.startsWith('npx'))).toBe(false);
  });

  it('passes over a binary that does not start (a browser without its libraries)', () => {
    const { probe } = machine({
      binaries: ['/usr/bin/chromium', PLAYWRIGHT],
      broken: ['/usr/bin/chromium'],
      playwright: PLAYWRIGHT,
    });
    expect(findBrowser(probe)).toMatchObject({ ok: true, path: PLAYWRIGHT, how: 'Playwright’s' });
  });

  it('installs Playwright’s Chromium when the network allows', () => {
    const { probe } = machine({ playwright: PLAYWRIGHT, networkInstalls: [PLAYWRIGHT] });
    expect(findBrowser(probe)).toMatchObject({
      ok: true,
      path: PLAYWRIGHT,
      how: 'Playwright’s, installed now',
    });
  });

  it('installs Debian’s chromium as root when nothing else works', () => {
    const { probe, commands } = machine({
      binaries: ['/usr/bin/apt-get'],
      playwright: PLAYWRIGHT,
      aptInstalls: ['/usr/bin/chromium'],
      isRoot: true,
    });
    expect(findBrowser(probe)).toMatchObject({
      ok: true,
      path: '/usr/bin/chromium',
      how: 'Debian’s, installed now',
    });
    expect(commands).toContain('apt-get install -y -q chromium fonts-noto-color-emoji');
  });

  it('stops with one line saying what to install when it can install nothing', () => {
    const user = machine({ binaries: ['/usr/bin/apt-get'], playwright: PLAYWRIGHT });
    expect(findBrowser(user.probe)).toEqual({ ok: false, line: MISSING_BROWSER_LINE });
    expect(user.commands.some((command) => command.startsWith('apt-get'))).toBe(false);
    expect(MISSING_BROWSER_LINE).not.toContain('\n');
  });
});
