/**
 * `npm run bench`: loads two synthetic corpora into a fresh PostgreSQL database
 * through a real Trove process and measures, for each: ingestion, search latency and
 * throughput through REST and MCP, the same SQL run directly on the database, and
 * the recall of what Trove returns against exact search.
 *
 *   --fragments N     corpus size (default 100000; one fragment per document)
 *   --queries Q       queries per search type (default 200)
 *   --concurrency C   clients for the throughput runs (default 4)
 *   --corpus NAME     only one corpus: hashing or latent
 *   --quick           10,000 fragments and 20 queries (recall on 20): a development run in under two minutes
 *   --keep            keep the database afterwards (it is dropped by default)
 * PostgreSQL: DATABASE_URL, or postgres://trove:trove@127.0.0.1:5432/trove. The
 * benchmark creates its own database next to it and needs the right to do so.
 */
import { Logger } from '@nestjs/common';
import { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import * as os from 'node:os';
import { Client, Pool } from 'pg';
import { HashingVectorizer } from '../src/embeddings/hashing.provider';
import { McpClient, RestClient, SearchBody, Transport } from './clients';
import { Corpus } from './corpus';
import { LatentVectors, startLatentEmbeddingServer } from './latent';
import { mean, ms, recallAt, Timing, timeCalls } from './measure';
import { SqlBaseline } from './sql-baseline';
import {
  BATCH,
  indexBuilds,
  indexCaughtUp,
  IN_FLIGHT,
  loadCorpus,
  log,
  positiveOption,
  startTrove,
} from './trove';

interface Options {
  fragments: number;
  queries: number;
  concurrency: number;
  corpora: CorpusName[];
  keep: boolean;
  adminUrl: string;
}

type CorpusName = 'hashing' | 'latent';

function options(argv: string[]): Options {
  const quick = argv.includes('--quick');
  const value = (name: string, fallback: number) => positiveOption(argv, name, fallback);
  const only = argv.indexOf('--corpus');
  const corpora: CorpusName[] = only < 0 ? ['hashing', 'latent'] : [argv[only + 1] as CorpusName];
  if (!corpora.every((c) => c === 'hashing' || c === 'latent'))
    throw new Error('--corpus is hashing or latent');
  return {
    fragments: value('fragments', quick ? 10_000 : 100_000),
    queries: value('queries', quick ? 20 : 200),
    concurrency: value('concurrency', 4),
    corpora,
    keep: argv.includes('--keep'),
    adminUrl: process.env.DATABASE_URL ?? 'postgres://trove:trove@127.0.0.1:5432/trove',
  };
}

const K = 10;
/** Queries whose recall is measured (each needs an exact scan). */
const RECALL_QUERIES = 100;
/**
 * Unfiltered searches (k 10 and MMR's fetch_k 50) before anything is measured, through REST
 * and through the baseline, so that recall tuning has settled (src/fragments/recall-tuning.ts):
 * the rows measure the steady state, not the learning. Their queries are not the measured ones.
 */
const WARM_UP = 1500;

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  // The baseline's repository logs (recall tuning) as Trove does; the report is stdout.
  Logger.overrideLogger(['error']);
  const dbName = `trove_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: opts.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(opts.adminUrl);
  url.pathname = `/${dbName}`;
  const apiKey = randomUUID();
  const apiSecret = randomBytes(24).toString('base64url');
  let trove: ChildProcess | null = null;
  const latent = new LatentVectors();
  const embedder = await startLatentEmbeddingServer(latent);
  // Ctrl-C: stop Trove and drop the database rather than leave them behind.
  const interrupted = new Promise<never>((_, reject) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => reject(new Error(`interrupted by ${signal}`)));
  });
  const pool = new Pool({ connectionString: url.toString(), max: opts.concurrency });
  try {
    const port = 18000 + Math.floor(Math.random() * 2000);
    trove = await startTrove({ DATABASE_URL: url.toString() }, port, apiKey, apiSecret);
    const base = `http://127.0.0.1:${port}`;
    const rest = new RestClient(base, apiKey, apiSecret);
    const transports: Transport[] = [
      rest,
      await McpClient.session(rest, base),
      McpClient.stateless(rest, base),
    ];
    await printHeader(pool, opts);
    for (const name of opts.corpora) {
      const vectorize =
        name === 'hashing'
          ? (text: string) => hashing.vectorize(text)
          : (text: string) => latent.vectorize(text);
      const run = runCorpus(
        name,
        { base, rest, transports, pool, vectorize, embedderUrl: embedder.url },
        opts,
      );
      await Promise.race([run, interrupted]);
    }
  } finally {
    await pool.end();
    trove?.kill('SIGTERM');
    await embedder.close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (!opts.keep) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    else log(`kept database ${dbName}`);
    await admin.end();
  }
}

const hashing = new HashingVectorizer(384, { ngram: 3, lowercase: true });

interface Context {
  base: string;
  rest: RestClient;
  transports: Transport[];
  pool: Pool;
  /** The query vector Trove computes for a text, for the exact answers. */
  vectorize: (text: string) => number[];
  embedderUrl: string;
}

interface SearchKind {
  name: string;
  body: (i: number) => SearchBody;
  /** The SQL of the search run directly, for the baseline; absent when there is no single SQL. */
  sql?: (i: number) => Promise<unknown>;
  /** Run before the kind's searches and after them: a setting of the pipeline the kind needs. */
  around?: { before: () => Promise<unknown>; after: () => Promise<unknown> };
  /** Filter of the recall measurement (vector searches only). */
  recall?: {
    label: string;
    filter: (i: number) => Record<string, string> | null;
    /** The classifications searched, expanded by the hierarchy. */
    classifications: string[];
  };
}

async function runCorpus(name: CorpusName, ctx: Context, opts: Options): Promise<void> {
  const corpus = new Corpus();
  const pipeline = await createPipeline(name, ctx);
  const before = await indexBuilds(ctx.base);
  const started = performance.now();
  await loadCorpus(ctx.rest, pipeline.id, corpus, opts.fragments);
  // Searchable at once; searched below once indexed, as a load is after a while.
  await indexCaughtUp(ctx.base, before.count);
  const loadSeconds = (performance.now() - started) / 1000;
  const buildSeconds = (await indexBuilds(ctx.base)).seconds - before.seconds;
  await ctx.pool.query('ANALYZE'); // as autovacuum would after a load of this size

  const baseline = new SqlBaseline(ctx.pool, pipeline.id, pipeline.default_vector_embedding_id, 384);
  const vectorQueries = Array.from({ length: opts.queries }, (_, i) => corpus.query(i, 6));
  const vectors = vectorQueries.map(ctx.vectorize);
  const textQueries = Array.from({ length: opts.queries }, (_, i) => corpus.query(100_000 + i, 2));
  const threeWords = Array.from({ length: opts.queries }, (_, i) => corpus.query(300_000 + i, 3));
  const ranking = (full_text_ranking: string) => () =>
    ctx.rest.call('PATCH', `/pipelines/${pipeline.id}`, { full_text_ranking });
  // `internal` inherits `public`: all fragments. `public` alone is 80 % of them.
  const classifications = ['internal'];
  const all = ['internal', 'public'];
  const similarity = (
    name: string,
    label: string,
    filter: (i: number) => Record<string, string> | null,
    searched = classifications,
    expanded = all,
  ): SearchKind => ({
    name,
    body: (i) => ({
      type: 'similarity',
      query: vectorQueries[i],
      classifications: searched,
      params: { k: K },
      ...(filter(i) ? { filters: filter(i)! } : {}),
    }),
    sql: (i) => baseline.nearest(vectors[i], filter(i), K, false, expanded),
    recall: { label, filter, classifications: expanded },
  });
  const kinds: SearchKind[] = [
    similarity('similarity', 'unfiltered', () => null),
    similarity('similarity, classification 80 %', 'classification 80 %', () => null, ['public'], ['public']),
    similarity('similarity, filter 5 %', '5 %', (i) => ({ category: `c${i % 20}` })),
    similarity('similarity, filter 1 %', '1 %', (i) => ({ bucket: `b${i % 100}` })),
    {
      name: 'MMR (k 10 of 50)',
      body: (i) => ({ type: 'mmr', query: vectorQueries[i], classifications, params: { k: K, fetch_k: 50 } }),
      sql: (i) => baseline.nearest(vectors[i], null, 50, true),
    },
    {
      name: 'full text BM25 (two words)',
      body: (i) => ({ type: 'search', query: textQueries[i], classifications, params: { k: K } }),
      sql: (i) => baseline.fullText(textQueries[i], K),
    },
    {
      name: 'full text BM25 (three words)',
      body: (i) => ({ type: 'search', query: threeWords[i], classifications, params: { k: K } }),
      sql: (i) => baseline.fullText(threeWords[i], K),
    },
    {
      name: 'full text ts_rank (three words, all required)',
      body: (i) => ({ type: 'search', query: threeWords[i], classifications, params: { k: K } }),
      sql: (i) => baseline.fullText(threeWords[i], K, 'ts_rank'),
      around: { before: ranking('ts_rank'), after: ranking('bm25') },
    },
    {
      name: 'hybrid (RRF, six words)',
      body: (i) => ({ type: 'hybrid', query: vectorQueries[i], classifications, params: { k: K } }),
    },
  ];

  const beforeWarmUp = await recallSamples(ctx.base);
  const warmUpQueries = Array.from({ length: WARM_UP }, (_, i) => corpus.query(200_000 + i, 6));
  const warmUpVectors = warmUpQueries.map(ctx.vectorize);
  await timeCalls(WARM_UP, opts.concurrency, (i) =>
    ctx.rest.search(pipeline.id, {
      type: i % 5 === 0 ? 'mmr' : 'similarity',
      query: warmUpQueries[i],
      classifications,
      params: i % 5 === 0 ? { k: K, fetch_k: 50 } : { k: K },
    }),
  );
  await timeCalls(WARM_UP, opts.concurrency, (i) =>
    baseline.nearest(warmUpVectors[i], null, i % 5 === 0 ? 50 : K, i % 5 === 0),
  );
  const afterWarmUp = await recallSamples(ctx.base);
  log(
    `${name}: warmed up (${WARM_UP} searches; Trove's recall samples ${samplesBetween(beforeWarmUp, afterWarmUp)})`,
  );

  const rows: string[][] = [];
  const recalls: string[] = [];
  for (const kind of kinds) {
    await kind.around?.before();
    const cells: string[] = [kind.name];
    const timings: (Timing | null)[] = [];
    let restAnswers: { id: string; score: number }[][] = [];
    for (const transport of ctx.transports) {
      if (!transport.supports(kind.body(0))) {
        cells.push('–', '–', '–');
        timings.push(null);
        continue;
      }
      const { timing, answers } = await timeCalls(opts.queries, opts.concurrency, (i) =>
        transport.search(pipeline.id, kind.body(i)),
      );
      if (transport === ctx.rest) restAnswers = answers;
      cells.push(ms(timing.p50), ms(timing.p95), timing.qps.toFixed(0));
      timings.push(timing);
    }
    const sql = kind.sql ? (await timeCalls(opts.queries, opts.concurrency, kind.sql)).timing : null;
    cells.push(sql ? ms(sql.p50) : '–', sql ? sql.qps.toFixed(0) : '–');
    const [restTiming, sessionTiming] = timings;
    cells.push(sql && restTiming ? (restTiming.p50 / sql.p50).toFixed(1) : '–');
    cells.push(sessionTiming && restTiming ? (sessionTiming.qps / restTiming.qps).toFixed(2) : '–');
    cells.push(mean(restAnswers.map((a) => a.length)).toFixed(1));
    rows.push(cells);
    await kind.around?.after();
    log(`${name}: ${kind.name} done`);

    if (kind.recall) {
      const n = Math.min(opts.queries, RECALL_QUERIES);
      const served: number[] = [];
      const indexed: number[] = [];
      const exactTimes: number[] = [];
      for (let i = 0; i < n; i++) {
        const filter = kind.recall.filter(i);
        const searched = kind.recall.classifications;
        const t0 = performance.now();
        const exact = await baseline.nearestWith(vectors[i], filter, K, 'exact', searched);
        exactTimes.push(performance.now() - t0);
        served.push(recallAt(restAnswers[i], exact));
        indexed.push(recallAt(await baseline.nearestWith(vectors[i], filter, K, 'indexed', searched), exact));
      }
      exactTimes.sort((a, b) => a - b);
      recalls.push(
        `| ${kind.recall.label} | ${mean(served).toFixed(3)} | ${mean(indexed).toFixed(3)} | ${ms(exactTimes[Math.floor(n / 2)])} |`,
      );
    }
  }

  console.log(
    `\n### Corpus: ${name === 'hashing' ? 'hashing-384 (text)' : 'latent-48 → 384 (topic mixtures)'}\n`,
  );
  console.log(
    `Ingestion: **${(opts.fragments / loadSeconds).toFixed(0)} fragments/s** (${opts.fragments} in ${loadSeconds.toFixed(1)} s, batches of ${BATCH}, ${IN_FLIGHT} in flight; of which ${buildSeconds.toFixed(1)} s building the vector index after the load)\n`,
  );
  const [rest, session, modern] = ctx.transports.map((t) => t.name);
  console.log(
    `| search | ${rest} p50 | p95 | QPS | ${session} p50 | p95 | QPS | ${modern} p50 | p95 | QPS | SQL p50 | SQL QPS | REST ÷ SQL p50 | MCP session ÷ REST QPS | returned |`,
  );
  console.log(`|${'---|'.repeat(15)}`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(
    `\nRecall tuning: Trove's own samples (unfiltered index searches rerun exactly): ${samplesBetween(beforeWarmUp, afterWarmUp)} during the warm-up of ${WARM_UP} searches, ${samplesBetween(afterWarmUp, await recallSamples(ctx.base))} during the measured rows.`,
  );
  console.log(`\n| recall@${K} | what REST returned | HNSW scan alone | exact scan p50 |`);
  console.log('|---|---|---|---|');
  for (const line of recalls) console.log(line);
}

/** Trove's recall samples so far (its /metrics): their sum and count. */
async function recallSamples(base: string): Promise<{ sum: number; count: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) =>
    Number(
      text
        .split('\n')
        .find((l) => l.startsWith(`${name} `))
        ?.split(' ')[1] ?? 0,
    );
  return { sum: value('trove_search_recall_sum'), count: value('trove_search_recall_count') };
}

/** The mean of the samples taken between two readings, e.g. "0.962 over 180 samples". */
function samplesBetween(from: { sum: number; count: number }, to: { sum: number; count: number }): string {
  const count = to.count - from.count;
  return count === 0 ? 'no samples' : `${((to.sum - from.sum) / count).toFixed(3)} over ${count} samples`;
}

async function createPipeline(
  name: CorpusName,
  ctx: Context,
): Promise<{ id: string; default_vector_embedding_id: string }> {
  const models =
    name === 'hashing'
      ? {}
      : {
          embedding_model_ids: [
            (
              await ctx.rest.call('POST', '/embedding_models', {
                name: 'latent-48',
                provider: 'openai',
                size: 384,
                parameters: { base_url: ctx.embedderUrl, model: 'latent-48', batch_size: BATCH },
              })
            ).id,
          ],
        };
  return ctx.rest.call('POST', '/pipelines', {
    name: `bench-${name}`,
    classifications: ['public', 'internal'],
    hierarchy: [['internal', 'public']],
    full_text_search: true,
    ...models,
  });
}

async function printHeader(pool: Pool, opts: Options): Promise<void> {
  const versions = await pool.query<{ server: string; vector: string; buffers: string }>(
    `SELECT current_setting('server_version') AS server,
            (SELECT default_version FROM pg_available_extensions WHERE name = 'vector') AS vector,
            current_setting('shared_buffers') AS buffers`,
  );
  const cpu = os.cpus();
  const load = os.loadavg()[0].toFixed(1);
  console.log(`## Run of ${new Date().toISOString().slice(0, 10)}\n`);
  console.log(
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.platform()} ${os.release()}, load average ${load} at the start`,
  );
  console.log(
    `- PostgreSQL ${versions.rows[0].server} (shared_buffers ${versions.rows[0].buffers}), pgvector ${versions.rows[0].vector}; Node ${process.version}; Trove and PostgreSQL on the same machine`,
  );
  console.log(
    `- Each corpus: ${opts.fragments} fragments (one per document, 40-70 words, 20 % internal), full text on; both pipelines share the tables`,
  );
  console.log(
    `- Searches: ${opts.queries} sequential queries per type and transport for p50/p95, then the same from ${opts.concurrency} concurrent clients for QPS (MCP: all of them in one session); k ${K}; classification internal (all fragments) unless the row names another share; SQL: the repository's SQL through node-postgres`,
  );
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
