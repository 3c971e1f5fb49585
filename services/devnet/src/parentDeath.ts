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
