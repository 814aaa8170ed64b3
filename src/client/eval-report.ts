/**
 * What `trove eval` prints of a finished evaluation: a table with one row per search
 * and the metrics as columns, the best of each column marked with `*` (the highest
 * metric, the lowest latency), and the `--fail-below` bounds it checks.
 */
import { UsageError } from './pipeline-lookup';

export const METRICS = ['hit_at_k', 'recall_at_k', 'precision_at_k', 'mrr_at_k', 'ndcg_at_k'] as const;
export type MetricName = (typeof METRICS)[number];

export interface SearchResult {
  label: string;
  metrics: Record<MetricName, number> | null;
  latency_ms: { p50: number; p95: number } | null;
  error: string | null;
}

/** `--fail-below [LABEL:]METRIC=VALUE`: the metric of that search (every search when none is named) must reach VALUE. */
export interface Bound {
  label: string | null;
  metric: MetricName;
  value: number;
}

const SHORT: Record<string, MetricName> = {
  hit: 'hit_at_k',
  recall: 'recall_at_k',
  precision: 'precision_at_k',
  mrr: 'mrr_at_k',
  ndcg: 'ndcg_at_k',
};

export function parseBound(text: string): Bound {
  const eq = text.lastIndexOf('=');
  const bad = () =>
    new UsageError(
      `--fail-below ${text}: expected [LABEL:]METRIC=VALUE, METRIC one of ${METRICS.join(', ')} (or hit, recall, precision, mrr, ndcg)`,
    );
  if (eq <= 0) throw bad();
  const left = text.slice(0, eq);
  const colon = left.lastIndexOf(':');
  const name = left.slice(colon + 1).trim();
  const metric = (METRICS as readonly string[]).includes(name) ? (name as MetricName) : SHORT[name];
  const value = Number(text.slice(eq + 1));
  if (!metric || text.slice(eq + 1).trim() === '' || !Number.isFinite(value)) throw bad();
  return { label: colon < 0 ? null : left.slice(0, colon), metric, value };
}

/** Refuses a bound that names no search of the evaluation (its labels). */
export function checkBoundLabels(labels: string[], bounds: Bound[]): void {
  for (const bound of bounds)
    if (bound.label !== null && !labels.includes(bound.label))
      throw new UsageError(`--fail-below: no search is labelled '${bound.label}' (${labels.join(', ')})`);
}

/** The bounds missed, each as a sentence. */
export function missedBounds(results: SearchResult[], bounds: Bound[]): string[] {
  checkBoundLabels(
    results.map((r) => r.label),
    bounds,
  );
  const missed: string[] = [];
  for (const bound of bounds) {
    const searches = bound.label === null ? results : results.filter((r) => r.label === bound.label);
    for (const search of searches) {
      const value = search.metrics?.[bound.metric];
      if (value === undefined)
        missed.push(`${search.label} failed, so its ${bound.metric} is not ${bound.value} or more`);
      else if (value < bound.value)
        missed.push(`${bound.metric} of ${search.label} is ${value.toFixed(4)}, below ${bound.value}`);
    }
  }
  return missed;
}

/** The table: one row per search, the best value of each column marked with `*`. */
export function resultTable(results: SearchResult[], k: number): string {
  const columns: {
    title: string;
    value: (r: SearchResult) => number | null;
    best: 'max' | 'min';
    digits: number;
  }[] = [
    ...METRICS.map((metric) => ({
      title: `${metric.replace('_at_k', '').replace('ndcg', 'nDCG').replace('mrr', 'MRR')}@${k}`,
      value: (r: SearchResult) => r.metrics?.[metric] ?? null,
      best: 'max' as const,
      digits: 3,
    })),
    { title: 'p50 ms', value: (r) => r.latency_ms?.p50 ?? null, best: 'min', digits: 1 },
    { title: 'p95 ms', value: (r) => r.latency_ms?.p95 ?? null, best: 'min', digits: 1 },
  ];
  const cells = results.map((result) => [
    result.label,
    ...columns.map((column) => {
      const value = column.value(result);
      if (value === null) return '-';
      const values = results.map(column.value).filter((v): v is number => v !== null);
      const best = column.best === 'max' ? Math.max(...values) : Math.min(...values);
      return `${value.toFixed(column.digits)}${value === best && results.length > 1 ? ' *' : '  '}`;
    }),
  ]);
  const header = ['search', ...columns.map((column) => column.title)];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((row) => row[i].length)));
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const failures = results.filter((r) => r.error !== null).map((r) => `${r.label} failed: ${r.error}`);
  return [line(header), ...cells.map(line), ...failures].join('\n') + '\n';
}
