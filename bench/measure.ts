/** Latency, throughput and recall arithmetic of the benchmark. */

export interface Timing {
  p50: number;
  p95: number;
  qps: number;
}

/**
 * `n` calls one after another (latency as the client sees it), then the same `n`
 * from `concurrency` clients at once (throughput). Returns the sequential run's answers.
 */
export async function timeCalls<T>(
  n: number,
  concurrency: number,
  call: (i: number) => Promise<T>,
): Promise<{ timing: Timing; answers: T[] }> {
  await call(0); // warm up
  const latencies: number[] = [];
  const answers: T[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    answers.push(await call(i));
    latencies.push(performance.now() - t0);
  }
  let cursor = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (cursor < n) await call(cursor++);
    }),
  );
  const qps = n / ((performance.now() - t0) / 1000);
  latencies.sort((a, b) => a - b);
  return { timing: { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), qps }, answers };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * Share of the exact top k that an answer found. A fragment at the same distance as
 * the exact k-th counts as found (ties may be broken either way).
 */
export function recallAt(
  answer: { id: string; score: number }[],
  exact: { id: string; score: number }[],
): number {
  if (exact.length === 0) return 1;
  const kth = exact[exact.length - 1].score;
  const ids = new Set(exact.map((h) => h.id));
  const hits = answer.filter((h) => ids.has(h.id) || h.score <= kth + 1e-6).length;
  return Math.min(hits, exact.length) / exact.length;
}

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export const ms = (value: number) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
