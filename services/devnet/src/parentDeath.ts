import { existsSync } from 'node:fs';

/**
 * A command line that the kernel ends (SIGTERM) when the process that started it dies, even by
 * SIGKILL: on Linux through util-linux's `setpriv --pdeathsig`; elsewhere the command unchanged.
 */
export function withParentDeathSignal(command: string, args: readonly string[]): [string, string[]] {
  if (process.platform === 'linux' && existsSync('/usr/bin/setpriv')) {
    return ['/usr/bin/setpriv', ['--pdeathsig', 'TERM', '--', command, ...args]];
  }
  return [command, [...args]];
}

/**
 * Calls `stop` once this process's parent is gone. `npm start` runs its script under `sh -c`; a
 * SIGTERM to npm ends npm and the shell but not the script, which would keep its servers and chain
 * running, orphaned. Polled (there is no portable parent-death signal for Node itself).
 */
export function onParentExit(stop: () => void, intervalMs = 500): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      stop();
    }
  }, intervalMs);
  timer.unref();
}
