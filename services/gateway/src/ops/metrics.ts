/**
 * A small Prometheus registry writing the text exposition format (version 0.0.4): counters and
 * histograms kept here, gauges read when scraped. The gateway needs only these few kinds, which
 * do not justify a dependency.
 */

type Labels = Readonly<Record<string, string>>;

/** A label value escaped as the format requires (backslash, double quote, newline). */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([name, value]) => `${name}="${escapeLabel(value)}"`).join(',')}}`;
}

function numberText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

type Metric = { name: string; help: string; type: 'counter' | 'gauge' | 'histogram'; lines(): string[] };

export class Counter {
  readonly #values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = labelText(labels);
    const entry = this.#values.get(key);
    if (entry) entry.value += by;
    else this.#values.set(key, { labels, value: by });
  }

  get(labels: Labels = {}): number {
    return this.#values.get(labelText(labels))?.value ?? 0;
  }

  lines(): string[] {
    return [...this.#values.values()].map(
      ({ labels, value }) => `${this.name}${labelText(labels)} ${numberText(value)}`,
    );
  }
}

export class Histogram {
  readonly #series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    /** Upper bounds, ascending; +Inf is implied. */
    readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = labelText(labels);
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    series.counts = series.counts.map((count, i) =>
      value <= (this.buckets[i] as number) ? count + 1 : count,
    );
    series.sum += value;
    series.count += 1;
  }

  lines(): string[] {
    const lines: string[] = [];
    for (const { labels, counts, sum, count } of this.#series.values()) {
      this.buckets.forEach((bound, i) => {
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: numberText(bound) })} ${counts[i]}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${numberText(sum)}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

/** A gauge whose samples are read at scrape time; a sample with a null value is left out. */
export type GaugeSample = { labels?: Labels; value: number | null };

export class MetricsRegistry {
  readonly #metrics: Metric[] = [];

  counter(name: string, help: string): Counter {
    const counter = new Counter(name, help);
    this.#metrics.push({ name, help, type: 'counter', lines: () => counter.lines() });
    return counter;
  }

  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    const histogram = new Histogram(name, help, buckets);
    this.#metrics.push({ name, help, type: 'histogram', lines: () => histogram.lines() });
    return histogram;
  }

  gauge(name: string, help: string, read: () => readonly GaugeSample[]): void {
    this.#metrics.push({
      name,
      help,
      type: 'gauge',
      lines: () =>
        read()
          .filter((sample): sample is GaugeSample & { value: number } => sample.value !== null)
          .map((sample) => `${name}${labelText(sample.labels ?? {})} ${numberText(sample.value)}`),
    });
  }

  /** The exposition text: every metric's HELP and TYPE, then its samples. */
  render(): string {
    const out: string[] = [];
    for (const metric of this.#metrics) {
      out.push(`# HELP ${metric.name} ${metric.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`);
      out.push(`# TYPE ${metric.name} ${metric.type}`);
      out.push(...metric.lines());
    }
    return `${out.join('\n')}\n`;
  }
}

export const prometheusContentType = 'text/plain; version=0.0.4; charset=utf-8';
