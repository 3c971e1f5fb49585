import { readdirSync, readFileSync } from 'node:fs';

/**
 * The CPU time processes used, and the time their threads were ready to run but waited for a core,
 * from Linux's scheduler statistics (/proc/<pid>/task/<tid>/schedstat). On a small machine a page
 * load is a contest for cores between the browser and the servers: these say how much of each.
 */
export type CpuTime = { usedMs: number; waitedMs: number };

/** The parent of every process now running, from /proc (empty where there is no /proc). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return parentOf;
  }
  for (const pid of entries) {
    try {
      // The command's name is in parentheses and may hold spaces: the fields after it are plain.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(pid), ppid);
    } catch {
      // Gone since the listing.
    }
  }
  return parentOf;
}

/** `root` and every process under it, leaving out the trees of `except`. */
export function processTree(root: number, except: readonly number[] = []): number[] {
  const parentOf = parents();
  const inTree = new Set([root]);
  const left = new Set(except);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parentOf)
      if (inTree.has(ppid) && !inTree.has(pid) && !left.has(pid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  return [...inTree];
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
