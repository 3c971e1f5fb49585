import { readdirSync, readFileSync } from 'node:fs';
import { descendants } from '../scripts/processTree';

/**
 * The CPU time processes used, and the time their threads were ready to run but waited for a core,
 * from Linux's scheduler statistics (/proc/<pid>/task/<tid>/schedstat). On a small machine a page
 * load is a contest for cores between the browser and the servers: these say how much of each.
 */
export type CpuTime = { usedMs: number; waitedMs: number };

/** Every process now running with its parent, from /proc (none where there is no /proc). */
function runningProcesses(): { pid: number; ppid: number }[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const processes: { pid: number; ppid: number }[] = [];
  for (const pid of entries) {
    try {
      // The command's name is in parentheses and may hold spaces: the fields after it are plain.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      processes.push({ pid: Number(pid), ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) });
    } catch {
      // Gone since the listing.
    }
  }
  return processes;
}

/** `root` and every process under it, leaving out the trees of `except`. */
export function processTree(root: number, except: readonly number[] = []): number[] {
  return [...descendants(root, runningProcesses(), except)];
}

/** What `pids` have used and waited so far, summed over their threads; undefined without the figures. */
export function cpuTimeOf(pids: readonly number[]): CpuTime | undefined {
  let used = 0;
  let waited = 0;
  let read = false;
  for (const pid of pids) {
    let threads: string[];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of threads) {
      try {
        const [run, wait] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
        used += run ?? 0;
        waited += wait ?? 0;
        read = true;
      } catch {
        // The thread ended since the listing.
      }
    }
  }
  return read ? { usedMs: used / 1e6, waitedMs: waited / 1e6 } : undefined;
}

/** `after` less `before`, or undefined when either is missing. */
export function cpuTimeSpent(before: CpuTime | undefined, after: CpuTime | undefined): CpuTime | undefined {
  if (!before || !after) return undefined;
  return { usedMs: after.usedMs - before.usedMs, waitedMs: after.waitedMs - before.waitedMs };
}
