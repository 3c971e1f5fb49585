import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cpuTimeOf, cpuTimeSpent, processTree } from '../cpuTime';

describe('cpuTime', () => {
  it('counts the CPU time this process spends', () => {
    const before = cpuTimeOf([process.pid]);
    // Busy until the process has used 60 ms of CPU by the kernel's other account (getrusage): a
    // loop timed by the wall clock gets less on a busy machine, where it waits for a core.
    const start = process.cpuUsage();
    let spins = 0;
    for (;;) {
      spins++;
      const { user, system } = process.cpuUsage(start);
      if (user + system >= 60_000) break;
    }
    const spent = cpuTimeSpent(before, cpuTimeOf([process.pid]));
    expect(spins).toBeGreaterThan(0);
    expect(spent?.usedMs).toBeGreaterThanOrEqual(50);
    expect(spent?.waitedMs).toBeGreaterThanOrEqual(0);
  });

  it('finds a child in its parent’s tree, and leaves out a tree it is told to', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10_000)'], { stdio: 'ignore' });
    await once(child, 'spawn');
    try {
      expect(processTree(process.pid)).toContain(child.pid);
      expect(processTree(process.pid, [child.pid!])).not.toContain(child.pid);
      expect(processTree(process.pid, [child.pid!])).toContain(process.pid);
    } finally {
      child.kill();
    }
  });

  it('has no figure for processes that are gone, and no difference without both figures', () => {
    expect(cpuTimeOf([2 ** 22 + 1])).toBeUndefined();
    expect(cpuTimeSpent(undefined, { usedMs: 1, waitedMs: 0 })).toBeUndefined();
  });
});
