/**
 * `root` and every process below it, from each process's parent, leaving out the trees of `except`.
 * The listing may come from `ps` or from /proc: its order does not matter.
 */
export function descendants(
  root: number,
  parents: Iterable<{ pid: number; ppid: number }>,
  except: readonly number[] = [],
): Set<number> {
  const rows = [...parents];
  const inTree = new Set([root]);
  const left = new Set(except);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid, ppid } of rows)
      if (inTree.has(ppid) && !inTree.has(pid) && !left.has(pid)) {
        inTree.add(pid);
        grew = true;
      }
  }
  return inTree;
}
