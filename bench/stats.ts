import { readFileSync } from 'node:fs';

/** Percentile of an ascending-sorted sample (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Two decimals under 10 ms, one under 100 ms (a frame target such as 16 ms is not met by rounding), none above. */
export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** A process's resident memory now and at its peak, in MB (Linux). */
export function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}
