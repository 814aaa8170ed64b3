/**
 * What the benchmarks share: a real Trove process started from `npm run build`'s
 * output, and loading a corpus into a pipeline through the REST API.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { RestClient } from './clients';
import { Corpus } from './corpus';

/** The server `npm run build` made (the benchmarks run in the repository root). */
const SERVER = path.resolve('dist', 'main.js');

/** Documents per request of a load, and requests in flight. */
export const BATCH = 1000;
export const IN_FLIGHT = 2;

const started = performance.now();
/** Progress on stderr, with the seconds since the benchmark started. */
export const log = (message: string) =>
  process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(1)} s] ${message}\n`);

/** The positive integer after `--name` in `argv`, or `fallback` when the option is absent. */
export function positiveOption(argv: string[], name: string, fallback: number): number {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer`);
  return n;
}

/**
 * Starts Trove with `env` (its database) over the benchmark's defaults; resolves once it is ready.
 * `server`: another build's `dist/main.js` (a baseline), else this one's.
 */
export async function startTrove(
  env: Record<string, string>,
  port: number,
  key: string,
  secret: string,
  server = SERVER,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      TROVE_HOST: '127.0.0.1',
      TROVE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TROVE_BOOTSTRAP_API_KEY: key,
      TROVE_BOOTSTRAP_API_SECRET: secret,
      TROVE_LOG_LEVEL: 'warn',
      TROVE_JOBS_WORKER: 'false',
      TROVE_SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // PGlite creates and migrates its database at the first start: slow on a loaded machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Trove exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('Trove did not become ready');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops a Trove process and waits for it to exit. */
export async function stopTrove(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Loads documents from..from+count-1 of the corpus in batches of BATCH, IN_FLIGHT
 * requests at once; returns the seconds until the last request answered (searchable
 * then: what no index covers yet is searched exactly).
 */
export async function loadCorpus(
  rest: RestClient,
  pipelineId: string,
  corpus: Corpus,
  count: number,
  stored?: (batch: number) => void,
  from = 0,
): Promise<number> {
  const batches = Math.ceil(count / BATCH);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < batches) {
        const b = next++;
        const docs = [];
        for (let i = b * BATCH; i < Math.min(count, (b + 1) * BATCH); i++)
          docs.push(corpus.document(from + i));
        await rest.call('POST', `/pipelines/${pipelineId}/documents`, docs);
        stored?.(b);
        if (b % 10 === 9) log(`loaded ${Math.min(count, (b + 1) * BATCH)} fragments`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  log(`loaded ${count} fragments in ${seconds.toFixed(1)} s`);
  return seconds;
}

/** Seconds Trove spent building vector indexes, and how many it built, from /metrics. */
export async function indexBuilds(
  base: string,
): Promise<{ seconds: number; count: number; pending: number | null }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) =>
    /^(\S+) (\S+)$/m.exec(text.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2];
  const pending = value('trove_vector_index_pending_vectors');
  return {
    seconds: Number(value('trove_vector_index_build_seconds_sum') ?? 0),
    count: Number(value('trove_vector_index_build_seconds_count') ?? 0),
    // A build of Trove from before background builds has no such gauge: its loads answer indexed.
    pending: pending === undefined ? null : Number(pending),
  };
}

/** How long no vector must wait for an index before a load that built none counts as indexed. */
const NOTHING_TO_BUILD_MS = 5_000;

/**
 * Waits until no vector is left outside an index: once Trove has built an index more than
 * `builtBefore` with none pending, or with none pending for NOTHING_TO_BUILD_MS (a load
 * that leaves its binding at the exact-search threshold needs none; the gauge is updated
 * by a pass at least every second). Resolves at once for a build without background builds.
 */
export async function indexCaughtUp(base: string, builtBefore: number): Promise<void> {
  let idleSince: number | null = null;
  for (;;) {
    const { count, pending } = await indexBuilds(base);
    if (pending === null || (count > builtBefore && pending === 0)) return;
    idleSince = pending === 0 ? (idleSince ?? performance.now()) : null;
    if (idleSince !== null && performance.now() - idleSince >= NOTHING_TO_BUILD_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
