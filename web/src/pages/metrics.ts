/** Just enough of the Prometheus text format for the health page's figures. */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(LABEL)) labels[key] = value;
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

export const total = (samples: Sample[], name: string) =>
  samples.filter((s) => s.name === name).reduce((sum, s) => sum + s.value, 0);

/** Cumulative bucket counts by upper bound, summed over every other label. */
export function buckets(samples: Sample[], histogram: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const s of samples) {
    if (s.name !== `${histogram}_bucket`) continue;
    const le = s.labels.le === '+Inf' ? Infinity : Number(s.labels.le);
    counts.set(le, (counts.get(le) ?? 0) + s.value);
  }
  return counts;
}

/**
 * The q-quantile of the observations between two scrapes (upper bound of the bucket that
 * holds it, as Prometheus' histogram_quantile without interpolation); null without any.
 */
export function quantileBetween(
  before: Map<number, number>,
  after: Map<number, number>,
  q: number,
): number | null {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const delta = bounds.map((le) => (after.get(le) ?? 0) - (before.get(le) ?? 0));
  const count = delta[delta.length - 1] ?? 0;
  if (count <= 0) return null;
  const rank = q * count;
  const index = delta.findIndex((n) => n >= rank);
  const bound = bounds[index];
  return Number.isFinite(bound) ? bound : (bounds[bounds.length - 2] ?? null);
}
