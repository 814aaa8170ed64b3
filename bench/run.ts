/**
 * `npm run bench`: loads a synthetic corpus into a fresh PostgreSQL database through
 * a real Trove process and measures ingestion, search latency and throughput, and
 * the recall of the HNSW index against exact search.
 *
 *   --fragments N     corpus size (default 100000; one fragment per document)
 *   --queries Q       queries per search type (default 200)
 *   --concurrency C   clients for the throughput runs and the load (default 4 / 2)
 *   --keep            keep the database afterwards (it is dropped by default)
 * PostgreSQL: DATABASE_URL, or postgres://trove:trove@127.0.0.1:5432/trove. The
 * benchmark creates its own database next to it and needs the right to do so.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client, Pool } from 'pg';
import { loadSettings } from '../src/config/settings';
import { DatabaseService } from '../src/database/database.service';
import { HashingVectorizer } from '../src/embeddings/hashing.provider';
import { FragmentSearchRepository, VectorHit } from '../src/fragments/fragment-search.repository';
import { MetadataFilter } from '../src/fragments/metadata-filter';
import { Corpus } from './corpus';

/** The server `npm run build` made (`npm run bench` runs in the repository root). */
const SERVER = path.resolve('dist', 'main.js');

interface Options {
  fragments: number;
  queries: number;
  concurrency: number;
  keep: boolean;
  adminUrl: string;
}

function options(argv: string[]): Options {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return fallback;
    const n = Number(argv[i + 1]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer`);
    return n;
  };
  return {
    fragments: value('fragments', 100_000),
    queries: value('queries', 200),
    concurrency: value('concurrency', 4),
    keep: argv.includes('--keep'),
    adminUrl: process.env.DATABASE_URL ?? 'postgres://trove:trove@127.0.0.1:5432/trove',
  };
}

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const BATCH = 1000;
const K = 10;

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  const dbName = `trove_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: opts.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(opts.adminUrl);
  url.pathname = `/${dbName}`;
  const apiKey = randomUUID();
  const apiSecret = randomBytes(24).toString('base64url');
  let trove: ChildProcess | null = null;
  // Ctrl-C: stop Trove and drop the database rather than leave them behind.
  const interrupted = new Promise<never>((_, reject) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => reject(new Error(`interrupted by ${signal}`)));
  });
  try {
    const port = 18000 + Math.floor(Math.random() * 2000);
    trove = await startTrove(url.toString(), port, apiKey, apiSecret);
    const api = new Api(`http://127.0.0.1:${port}`, apiKey, apiSecret);
    await Promise.race([runBenchmark(api, url.toString(), opts), interrupted]);
  } finally {
    trove?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (!opts.keep) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    else log(`kept database ${dbName}`);
    await admin.end();
  }
}

async function runBenchmark(api: Api, databaseUrl: string, opts: Options): Promise<void> {
  const corpus = new Corpus();
  const pipeline = await api.call('POST', '/pipelines', {
    name: 'bench',
    classifications: ['public', 'internal'],
    hierarchy: [['internal', 'public']],
    full_text_search: true,
  });
  const ve = pipeline.default_vector_embedding_id as string;

  // Ingestion: batches of 1000 documents, `load` of them in flight at once.
  const load = Math.min(2, opts.concurrency);
  const batches = Math.ceil(opts.fragments / BATCH);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: load }, async () => {
      while (next < batches) {
        const b = next++;
        const docs = [];
        for (let i = b * BATCH; i < Math.min(opts.fragments, (b + 1) * BATCH); i++)
          docs.push(corpus.document(i));
        await api.call('POST', `/pipelines/${pipeline.id}/documents`, docs);
        if (b % 10 === 9) log(`loaded ${Math.min(opts.fragments, (b + 1) * BATCH)} fragments`);
      }
    }),
  );
  const loadSeconds = (performance.now() - started) / 1000;
  log(`loaded ${opts.fragments} fragments in ${loadSeconds.toFixed(1)} s`);

  const pool = new Pool({ connectionString: databaseUrl, max: 4 });
  await pool.query('ANALYZE'); // as autovacuum would after a load of this size

  const vectorQueries = Array.from({ length: opts.queries }, (_, i) => corpus.query(i, 6));
  const textQueries = Array.from({ length: opts.queries }, (_, i) => corpus.query(100_000 + i, 2));
  const classifications = ['internal'];
  const types: { name: string; body: (i: number) => unknown }[] = [
    {
      name: 'similarity',
      body: (i) => ({ type: 'similarity', query: vectorQueries[i], classifications, params: { k: K } }),
    },
    {
      name: 'similarity, filtered (5%)',
      body: (i) => ({
        type: 'similarity',
        query: vectorQueries[i],
        classifications,
        params: { k: K },
        filters: { category: `c${i % 20}` },
      }),
    },
    {
      name: 'mmr (k 10 of 50)',
      body: (i) => ({ type: 'mmr', query: vectorQueries[i], classifications, params: { k: K, fetch_k: 50 } }),
    },
    {
      name: 'full text',
      body: (i) => ({ type: 'search', query: textQueries[i], classifications, params: { k: K } }),
    },
  ];
  const searchPath = `/pipelines/${pipeline.id}/search`;
  const rows: string[][] = [];
  for (const type of types) {
    await api.call('POST', searchPath, type.body(0)); // warm up
    const latencies: number[] = [];
    let returned = 0;
    for (let i = 0; i < opts.queries; i++) {
      const t0 = performance.now();
      returned += (await api.call('POST', searchPath, type.body(i))).length;
      latencies.push(performance.now() - t0);
    }
    let cursor = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (cursor < opts.queries) await api.call('POST', searchPath, type.body(cursor++));
      }),
    );
    const qps = opts.queries / ((performance.now() - t0) / 1000);
    latencies.sort((a, b) => a - b);
    rows.push([
      type.name,
      ms(percentile(latencies, 0.5)),
      ms(percentile(latencies, 0.95)),
      qps.toFixed(0),
      (returned / opts.queries).toFixed(1),
    ]);
    log(`${type.name}: done`);
  }

  // Recall@10 of the indexed query (HNSW with iterative scans, no fallback) against exact search.
  const db = poolAsDatabase(pool);
  // The same HNSW settings as the Trove process (which inherits this environment).
  const { TROVE_HNSW_M, TROVE_HNSW_EF_CONSTRUCTION, TROVE_HNSW_EF_SEARCH } = process.env;
  const repository = new FragmentSearchRepository(
    db,
    loadSettings({ TROVE_HNSW_M, TROVE_HNSW_EF_CONSTRUCTION, TROVE_HNSW_EF_SEARCH }),
  );
  const vectorizer = new HashingVectorizer(384, { ngram: 3, lowercase: true });
  const recall = async (filter: (i: number) => MetadataFilter | null) => {
    let sum = 0;
    const n = Math.min(opts.queries, 100);
    for (let i = 0; i < n; i++) {
      const query = {
        pipelineId: pipeline.id,
        classifications: ['internal', 'public'],
        filter: filter(i),
        vectorEmbeddingId: ve,
        size: 384,
        vector: vectorizer.vectorize(vectorQueries[i]),
        strategy: 'cosine' as const,
        limit: K,
        withEmbeddings: false,
      };
      sum += recallAt(
        await repository.nearestWith(query, 'indexed'),
        await repository.nearestWith(query, 'exact'),
      );
    }
    return sum / n;
  };
  const recallAll = await recall(() => null);
  const recallFiltered = await recall((i) => ({ op: '$eq', path: ['category'], value: `c${i % 20}` }));
  const versions = await pool.query<{ server: string; vector: string }>(
    `SELECT current_setting('server_version') AS server, (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS vector`,
  );
  await pool.end();

  const cpu = os.cpus();
  console.log(`## Run of ${new Date().toISOString().slice(0, 10)}\n`);
  console.log(
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.platform()} ${os.release()}`,
  );
  console.log(
    `- PostgreSQL ${versions.rows[0].server}, pgvector ${versions.rows[0].vector}; Node ${process.version}; Trove and PostgreSQL on the same machine`,
  );
  console.log(
    `- Corpus: ${opts.fragments} fragments (one per document, 40-70 words), hashing-384 embeddings, full text on`,
  );
  console.log(
    `- Searches: ${opts.queries} sequential queries per type for latency, then the same with ${opts.concurrency} concurrent clients for throughput; k ${K}, classification internal (all fragments)\n`,
  );
  console.log(
    `Ingestion: ${(opts.fragments / loadSeconds).toFixed(0)} fragments/s (${loadSeconds.toFixed(1)} s, batches of ${BATCH}, ${load} in flight)\n`,
  );
  console.log('| search | p50 | p95 | QPS | fragments returned |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(
    `\nRecall@${K} of the HNSW index (iterative scans, before any exact fallback) against exact search:`,
  );
  console.log(`- unfiltered: ${recallAll.toFixed(3)}`);
  console.log(`- filtered on one category of 20 (5%): ${recallFiltered.toFixed(3)}`);
}

/** Share of the exact top k that the indexed answer found; a tie at the k-th distance counts as found. */
function recallAt(indexed: VectorHit[], exact: VectorHit[]): number {
  if (exact.length === 0) return 1;
  const kth = exact[exact.length - 1].distance;
  const ids = new Set(exact.map((h) => h.row.id));
  const hits = indexed.filter((h) => ids.has(h.row.id) || h.distance <= kth + 1e-9).length;
  return Math.min(hits, exact.length) / exact.length;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The two methods FragmentSearchRepository uses, over a pg pool. */
function poolAsDatabase(pool: Pool): DatabaseService {
  return {
    query: async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows,
    transaction: async <T>(
      work: (tx: { query: (sql: string, params?: unknown[]) => Promise<unknown[]> }) => Promise<T>,
    ) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (sql, params = []) => (await client.query(sql, params)).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  } as unknown as DatabaseService;
}

class Api {
  constructor(
    private readonly base: string,
    private readonly key: string,
    private readonly secret: string,
  ) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async call(method: string, route: string, body?: unknown): Promise<any> {
    const response = await fetch(this.base + route, {
      method,
      headers: { 'x-api-key': this.key, 'x-api-key-secret': this.secret, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
    return JSON.parse(text);
  }
}

async function startTrove(
  databaseUrl: string,
  port: number,
  key: string,
  secret: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      TROVE_HOST: '127.0.0.1',
      TROVE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TROVE_BOOTSTRAP_API_KEY: key,
      TROVE_BOOTSTRAP_API_SECRET: secret,
      TROVE_LOG_LEVEL: 'warn',
      TROVE_JOBS_WORKER: 'false',
      TROVE_SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Trove exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Trove did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
