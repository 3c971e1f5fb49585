import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type StateLock = { path: string; release(): void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<stateDir>/lock` for this process (its pid inside): two chains and gateways writing one
 * state folder would corrupt it. A lock left by a process that is gone is taken over; one held by a
 * live process is refused with a one-line error naming `setting`.
 */
export function lockStateDir(stateDir: string, setting = 'DEVNET_STATE_DIR'): StateLock {
  mkdirSync(stateDir, { recursive: true });
  const path = join(stateDir, 'lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        // Only our own lock: never one another process took over meanwhile.
        if (readPid(path) === process.pid) rmSync(path, { force: true });
      };
      process.on('exit', release);
      return { path, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(path);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `${setting}=${stateDir} is in use by another start (pid ${holder}): stop it, or set ${setting} to another folder`,
        );
      }
      // Stale (its process is gone, or the file is unreadable): take it over.
      rmSync(path, { force: true });
    }
  }
  throw new Error(`${setting}=${stateDir}: could not take ${path}; delete it if no start is running`);
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
