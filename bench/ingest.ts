/**
 * `npm run bench:ingest`: ingestion alone, on PostgreSQL and on the embedded PGlite, a
 * fresh database and Trove process per row. Each row loads the corpus into a new
 * pipeline, then as much again into the same pipeline, now indexed: a load answers once
 * its rows are stored (searchable: what no index covers yet is searched exactly), and
 * the index follows in the background; "indexed" is when no vector is left outside one.
 * With `--baseline DIR` a build from before background builds (whose loads answered
 * only once their index was built) loads the same in the same run, beside this build.
 *
 * While each load runs, one client searches for documents already loaded, by their
 * exact text: the nearest fragment must be the document itself (hashing vectors of
 * the same text are equal), whether the index exists, is being built, or not.
 *
 *   --fragments N          PostgreSQL corpus size per load (default 20000; --quick: 5000)
 *   --pglite-fragments N   PGlite corpus size per load (default 5000; --quick: 2000)
 *   --quick                the smaller sizes: a development run
 *   --only postgres|pglite one database only (none: no load, for --vector-parameters)
 *   --baseline DIR         also load with another build of Trove (DIR/dist/main.js, e.g. a
 *                          checkout of main built with `npx tsc -p tsconfig.build.json`)
 *   --vector-parameters    first time inserting 1,000 vectors sent as text against the same
 *                          sent in binary (fragments.repository.ts), on both databases
 * PostgreSQL: DATABASE_URL, or postgres://trove:trove@127.0.0.1:5432/trove.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { vectorLiteral } from '../src/fragments/fragments.repository';
import { vectorArrayBinary } from '../src/fragments/vector-wire';
import { RestClient } from './clients';
import { Corpus } from './corpus';
import { ms, percentile } from './measure';
import {
  BATCH,
  indexBuilds,
  indexCaughtUp,
  IN_FLIGHT,
  loadCorpus,
  log,
  positiveOption,
  startTrove,
  stopTrove,
} from './trove';

const ENGINES = ['PostgreSQL', 'PGlite'] as const;
/** Searches timed once a load has answered. */
const SEARCHES_AFTER = 50;
type Engine = (typeof ENGINES)[number];
type Build = 'baseline' | 'this build';

/** One load: seconds until its last request answered, and until every vector was indexed. */
interface Load {
  seconds: number;
  indexedSeconds: number;
  buildSeconds: number;
}

interface Row {
  engine: Engine;
  build: Build;
  fragments: number;
  first: Load;
  second: Load;
  searches: number[];
  wrong: number;
  /** Similarity searches (k 10) once both loads were indexed. */
  after: number[];
}

function sizes(argv: string[]): Record<Engine, number> {
  const quick = argv.includes('--quick');
  const value = (name: string, fallback: number) => positiveOption(argv, name, fallback);
  return {
    PostgreSQL: value('fragments', quick ? 5_000 : 20_000),
    PGlite: value('pglite-fragments', quick ? 2_000 : 5_000),
  };
}

async function main(): Promise<void> {
  const size = sizes(process.argv.slice(2));
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://trove:trove@127.0.0.1:5432/trove';
  const only = process.argv.indexOf('--only');
  const engines = ENGINES.filter(
    (e) => only < 0 || e.toLowerCase().startsWith(process.argv[only + 1] ?? '-'),
  );
  if (engines.length === 0 && process.argv[only + 1] !== 'none')
    throw new Error('--only is postgres, pglite or none (with --vector-parameters)');

  console.log(`## Ingestion, run of ${new Date().toISOString().slice(0, 16)}Z\n`);
  console.log(
    `- ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, load average ${os.loadavg()[0].toFixed(1)} at the start; hashing-384 corpus, one fragment per document, full text on, batches of ${BATCH}, ${IN_FLIGHT} in flight`,
  );
  console.log(
    '- "searchable": fragments/s until the last request of the load answered; "indexed": until no vector was left outside an index (the same for a baseline, whose loads answer indexed); "build": seconds building indexes during and after that load. The second load goes into the pipeline the first one indexed.\n',
  );
  if (process.argv.includes('--vector-parameters')) await compareVectorParameters(adminUrl);
  if (engines.length === 0) return;
  console.log(
    '| database | build | fragments per load | first load: searchable/s | indexed/s | build | second load: searchable/s | indexed/s | build | searches during the loads: p50 | wrong answers | similarity after: p50 |',
  );
  console.log(`|${'---|'.repeat(12)}`);
  const argv = process.argv.slice(2);
  const baselineAt = argv.indexOf('--baseline');
  const baselineServer = baselineAt < 0 ? null : path.resolve(argv[baselineAt + 1], 'dist', 'main.js');
  if (baselineServer !== null && !fs.existsSync(baselineServer)) throw new Error(`no ${baselineServer}`);
  const builds: Build[] = [...(baselineServer === null ? [] : (['baseline'] as const)), 'this build'];
  for (const engine of engines) {
    for (const build of builds) {
      const row = await measure(engine, build, size[engine], adminUrl, baselineServer ?? undefined);
      const rate = (seconds: number) => (row.fragments / seconds).toFixed(0);
      const load = ({ seconds, indexedSeconds, buildSeconds }: Load) =>
        `**${rate(seconds)}** | ${rate(indexedSeconds)} | ${buildSeconds.toFixed(1)} s`;
      const sorted = [...row.searches].sort((a, b) => a - b);
      const after = [...row.after].sort((a, b) => a - b);
      console.log(
        `| ${row.engine} | ${row.build} | ${row.fragments} | ${load(row.first)} | ${load(row.second)} | ${sorted.length ? ms(percentile(sorted, 0.5)) : '–'} (${sorted.length}) | ${row.wrong} | ${ms(percentile(after, 0.5))} |`,
      );
    }
  }
}

async function measure(
  engine: Engine,
  build: Build,
  fragments: number,
  adminUrl: string,
  baselineServer?: string,
): Promise<Row> {
  log(`${engine}, ${build}: 2 × ${fragments} fragments`);
  // A baseline's load into an indexed pipeline maintains the index row by row: on a busy
  // machine one batch's statement outlasts the default 30 s statement timeout.
  const env: Record<string, string> = { TROVE_DB_STATEMENT_TIMEOUT_MS: '0' };
  const admin = new Client({ connectionString: adminUrl });
  const dbName = `trove_bench_${randomBytes(4).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-bench-'));
  if (engine === 'PostgreSQL') {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  } else {
    env.DATABASE_URL = '';
    env.TROVE_DATA_DIR = dataDir;
  }
  const key = randomUUID();
  const secret = randomBytes(24).toString('base64url');
  const port = 18000 + Math.floor(Math.random() * 2000);
  const trove = await startTrove(env, port, key, secret, build === 'baseline' ? baselineServer : undefined);
  try {
    const base = `http://127.0.0.1:${port}`;
    const rest = new RestClient(base, key, secret);
    const pipeline = await rest.call('POST', '/pipelines', {
      name: 'bench-ingest',
      classifications: ['public', 'internal'],
      hierarchy: [['internal', 'public']],
      full_text_search: true,
    });
    const corpus = new Corpus();
    let loading = true;
    let firstStored = () => {};
    const searching = new Promise<void>((resolve) => (firstStored = resolve)).then(() =>
      searchWhileLoading(rest, pipeline.id, corpus, () => loading),
    );
    const load = async (from: number): Promise<Load> => {
      const before = await indexBuilds(base);
      const started = performance.now();
      const seconds = await loadCorpus(
        rest,
        pipeline.id,
        corpus,
        fragments,
        (b) => b === 0 && firstStored(),
        from,
      );
      await indexCaughtUp(base, before.count);
      const indexedSeconds = (performance.now() - started) / 1000;
      log(`indexed after ${indexedSeconds.toFixed(1)} s`);
      return { seconds, indexedSeconds, buildSeconds: (await indexBuilds(base)).seconds - before.seconds };
    };
    const [first, second] = await (async () => [await load(0), await load(fragments)])().finally(() => {
      loading = false;
      firstStored();
    });
    const { searches, wrong } = await searching;
    const after: number[] = [];
    for (let i = 0; i < SEARCHES_AFTER; i++) {
      const t0 = performance.now();
      await rest.call('POST', `/pipelines/${pipeline.id}/search`, {
        type: 'similarity',
        query: corpus.query(i, 6),
        classifications: ['internal'],
        params: { k: 10 },
      });
      after.push(performance.now() - t0);
    }
    return { engine, build, fragments, first, second, searches, wrong, after };
  } finally {
    await stopTrove(trove);
    if (engine === 'PostgreSQL') {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Searches, one at a time, for a document of the first batch (stored by now) by its text: the nearest fragment must be it. */
async function searchWhileLoading(
  rest: RestClient,
  pipelineId: string,
  corpus: Corpus,
  loading: () => boolean,
): Promise<{ searches: number[]; wrong: number }> {
  const searches: number[] = [];
  let wrong = 0;
  for (let i = 0; loading(); i++) {
    const n = (i * 7919) % BATCH;
    const body = {
      type: 'similarity',
      query: corpus.document(n).content,
      classifications: ['internal'],
      params: { k: 1 },
    };
    const t0 = performance.now();
    const hits = await rest.call('POST', `/pipelines/${pipelineId}/search`, body);
    searches.push(performance.now() - t0);
    if (hits[0]?.metadata.n !== n || hits[0].score > 1e-6) wrong++;
  }
  return { searches, wrong };
}

/**
 * Milliseconds to encode 1,000 random 384-dimension vectors in Node and insert them
 * with one statement, as text literals (`unnest($2::text[])`, then `::vector`) and as
 * one binary `vector[]` parameter; median of 7 rounds, text and binary alternating.
 */
async function compareVectorParameters(adminUrl: string): Promise<void> {
  const rounds = 7;
  const dims = 384;
  const vectors = () =>
    Array.from({ length: BATCH }, () => Array.from({ length: dims }, () => Math.random() * 2 - 1));
  const measureOn = async (client: Client) => {
    await client.query('CREATE EXTENSION IF NOT EXISTS vector');
    await client.query('CREATE TEMP TABLE bench_vectors (id int, embedding vector)');
    const [{ oid }] = (await client.query(`SELECT 'vector'::regtype::oid::int AS oid`)).rows;
    const ids = Array.from({ length: BATCH }, (_, i) => i);
    const text: number[] = [];
    const binary: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const asText = vectors();
      let t0 = performance.now();
      await client.query(
        'INSERT INTO bench_vectors SELECT u.id, u.e::vector FROM unnest($1::int[], $2::text[]) AS u(id, e)',
        [ids, asText.map(vectorLiteral)],
      );
      text.push(performance.now() - t0);
      const asBinary = vectors();
      t0 = performance.now();
      await client.query(
        'INSERT INTO bench_vectors SELECT u.id, u.e FROM unnest($1::int[], $2::vector[]) AS u(id, e)',
        [ids, vectorArrayBinary(asBinary, oid)],
      );
      binary.push(performance.now() - t0);
    }
    const median = (xs: number[]) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        0.5,
      );
    return { text: median(text), binary: median(binary) };
  };
  console.log(
    `- Vector parameters: ms to encode ${BATCH} vectors of ${dims} dimensions and insert them in one statement (median of ${rounds}), load average ${os.loadavg()[0].toFixed(1)}\n`,
  );
  console.log('| database | as text | binary | ratio |');
  console.log('|---|---|---|---|');
  const print = (engine: Engine, r: { text: number; binary: number }) =>
    console.log(
      `| ${engine} | ${r.text.toFixed(0)} | ${r.binary.toFixed(0)} | ${(r.text / r.binary).toFixed(1)} |`,
    );
  const pg = new Client({ connectionString: adminUrl });
  await pg.connect();
  try {
    print('PostgreSQL', await measureOn(pg));
  } finally {
    await pg.end();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-bench-'));
  const embedded = await startEmbeddedPostgres(path.join(dataDir, 'pgdata'), path.join(dataDir, 'tmp'));
  const lite = new Client({
    host: embedded.socketDir,
    port: embedded.port,
    user: 'postgres',
    database: 'postgres',
  });
  try {
    await lite.connect();
    print('PGlite', await measureOn(lite));
  } finally {
    await lite.end().catch(() => undefined);
    await embedded.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('');
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
