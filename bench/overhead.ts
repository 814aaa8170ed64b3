/**
 * Trove's own per-request overhead around a search, for several builds side by side:
 * `node dist/bench/bench/overhead.js --server before=/path/to/dist/main.js --server
 * after=dist/main.js [--fragments 3000] [--requests 300] [--rounds 3] [--concurrency 4]`.
 *
 * Each build gets its own database (on DATABASE_URL's server) and Trove process, the
 * same pipeline and corpus (hashing-384); then rounds alternate between the builds,
 * so that each row compares them in the same minutes. Sequential p50 (as one client
 * sees it) of: /healthz (HTTP, no key), GET /api_keys/me (key check + one key read),
 * GET /pipelines/{id} (key check + pipeline read), REST full text, similarity and
 * hybrid, MCP search_knowledge (one session) of each; then QPS from `--concurrency`
 * clients of REST and of one MCP session. The median of the rounds. Last, what each
 * figure asks of the database per request (wire-counter.ts): round trips, statements,
 * parses.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { McpClient, RestClient, SearchBody } from './clients';
import { Corpus } from './corpus';
import { percentile } from './measure';
import { loadCorpus, log, positiveOption } from './trove';
import { startWireCounter, WireCounter, WireCounts } from './wire-counter';

interface Server {
  label: string;
  main: string;
  port: number;
  db: string;
  child?: ChildProcess;
  rest?: RestClient;
  mcp?: McpClient;
  pipelineId?: string;
  /** Between the process and its database: what it asks of the database. */
  wire?: WireCounter;
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://trove:trove@127.0.0.1:5432/trove';
const KEY = randomUUID();
const SECRET = randomBytes(24).toString('base64url');
/** Ports of the Trove processes: random, so that two runs on one machine do not collide. */
const PORT_BASE = 20000 + Math.floor(Math.random() * 20000);
/** Requests per figure of the wire counts (the counts vary little: a recall sample, a size remembered anew). */
const COUNTED = 100;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const servers: Server[] = [];
  argv.forEach((arg, i) => {
    if (arg !== '--server') return;
    const [label, file] = argv[i + 1].split('=');
    servers.push({
      label,
      main: path.resolve(file),
      port: PORT_BASE + servers.length,
      db: `overhead_${label.replace(/\W/g, '_')}_${process.pid}`,
    });
  });
  if (servers.length === 0) throw new Error('--server label=path/to/main.js, at least once');
  const fragments = positiveOption(argv, 'fragments', 3000);
  const requests = positiveOption(argv, 'requests', 300);
  const rounds = positiveOption(argv, 'rounds', 3);
  const concurrency = positiveOption(argv, 'concurrency', 4);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  const corpus = new Corpus();
  try {
    for (const s of servers) await start(s, admin, corpus, fragments);
    const loadStart = os.loadavg()[0];
    const results = new Map<string, Map<string, number[]>>(servers.map((s) => [s.label, new Map()]));
    for (let r = 0; r < rounds; r++) {
      log(`round ${r + 1} of ${rounds}`);
      for (const [name, values] of await measure(servers, corpus, requests, concurrency, r)) {
        values.forEach((value, i) => {
          const row = results.get(servers[i].label)!;
          row.set(name, [...(row.get(name) ?? []), value]);
        });
      }
    }
    print(servers, results, { fragments, requests, rounds, concurrency, loadStart });
    printWire(servers, await countWire(servers, corpus));
  } finally {
    for (const s of servers) {
      if (s.child && s.child.exitCode === null) {
        const exited = new Promise((resolve) => s.child!.once('exit', resolve));
        s.child.kill('SIGTERM');
        await exited;
      }
      await s.wire?.close();
      await admin.query(`DROP DATABASE IF EXISTS ${s.db} WITH (FORCE)`).catch(() => undefined);
    }
    await admin.end();
  }
}

async function start(s: Server, admin: Client, corpus: Corpus, fragments: number): Promise<void> {
  await admin.query(`CREATE DATABASE ${s.db}`);
  const url = new URL(adminUrl);
  url.pathname = `/${s.db}`;
  s.wire = await startWireCounter(url.hostname, Number(url.port || 5432));
  const proxied = new URL(url);
  proxied.host = `127.0.0.1:${s.wire.port}`;
  // OVERHEAD_NODE_ARGS: options for the Trove processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.OVERHEAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  s.child = spawn(process.execPath, [...nodeArgs, s.main], {
    env: {
      ...process.env,
      PORT: String(s.port),
      TROVE_HOST: '127.0.0.1',
      DATABASE_URL: proxied.toString(),
      TROVE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      TROVE_BOOTSTRAP_API_KEY: KEY,
      TROVE_BOOTSTRAP_API_SECRET: SECRET,
      TROVE_LOG_LEVEL: 'warn',
      TROVE_JOBS_WORKER: 'false',
      TROVE_SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${s.port}`;
  for (let tries = 0; ; tries++) {
    if (s.child.exitCode !== null) throw new Error(`${s.label}: Trove exited`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 1500) throw new Error(`${s.label}: Trove did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  s.rest = new RestClient(base, KEY, SECRET);
  const pipeline = (await s.rest.call('POST', '/pipelines', {
    name: 'overhead',
    classifications: ['public', 'internal'],
    hierarchy: [['internal', 'public']],
    full_text_search: true,
  })) as { id: string };
  s.pipelineId = pipeline.id;
  await loadCorpus(s.rest, pipeline.id, corpus, fragments);
  await admin.query('SELECT 1'); // the load is committed; statistics as autovacuum would make them:
  const db = new Client({ connectionString: url.toString() });
  await db.connect();
  await db.query('ANALYZE');
  await db.end();
  s.mcp = await McpClient.session(s.rest, base);
}

/** What each figure runs against one server. */
function calls(s: Server, corpus: Corpus): Record<string, (i: number) => Promise<unknown>> {
  const body = (type: 'similarity' | 'search' | 'hybrid', i: number): SearchBody => ({
    type,
    query: type === 'search' ? corpus.query(100_000 + i, 2) : corpus.query(i, 6),
    classifications: ['internal'],
    params: { k: 10 },
  });
  const rest = s.rest!;
  const mcp = s.mcp!;
  const base = `http://127.0.0.1:${s.port}`;
  return {
    healthz: () => fetch(`${base}/healthz`).then((r) => r.text()),
    'key check (GET /api_keys/me)': () => rest.call('GET', '/api_keys/me'),
    'key + pipeline (GET /pipelines/{id})': () => rest.call('GET', `/pipelines/${s.pipelineId}`),
    'REST full text': (i) => rest.search(s.pipelineId!, body('search', i)),
    'MCP full text': (i) => mcp.search(s.pipelineId!, body('search', i)),
    'REST similarity': (i) => rest.search(s.pipelineId!, body('similarity', i)),
    'MCP similarity': (i) => mcp.search(s.pipelineId!, body('similarity', i)),
    'REST hybrid': (i) => rest.search(s.pipelineId!, body('hybrid', i)),
    'MCP hybrid': (i) => mcp.search(s.pipelineId!, body('hybrid', i)),
  };
}

/**
 * Every figure for every server, interleaved request by request (sequential p50) and
 * burst by burst (QPS), the order of the servers alternating: each comparison is made
 * in the same seconds, which a shared machine's load cannot favour.
 */
async function measure(
  servers: Server[],
  corpus: Corpus,
  n: number,
  concurrency: number,
  round: number,
): Promise<Map<string, number[]>> {
  const table = servers.map((s) => calls(s, corpus));
  const order = (i: number) =>
    i % 2 === round % 2 ? table.map((_, j) => j) : table.map((_, j) => j).reverse();
  const out = new Map<string, number[]>();
  for (const name of Object.keys(table[0])) {
    for (let i = 0; i < 10; i++) for (const t of table) await t[name](i); // warm up
    const latencies: number[][] = table.map(() => []);
    for (let i = 0; i < n; i++) {
      for (const j of order(i)) {
        const t0 = performance.now();
        await table[j][name](i);
        latencies[j].push(performance.now() - t0);
      }
    }
    out.set(
      `${name} p50`,
      latencies.map((l) =>
        percentile(
          [...l].sort((a, b) => a - b),
          0.5,
        ),
      ),
    );
  }
  const BURSTS = 10;
  const burst = Math.max(concurrency, Math.floor(n / BURSTS));
  for (const name of QPS_FIGURES) {
    const seconds = table.map(() => 0);
    for (let b = 0; b < BURSTS; b++) {
      for (const j of order(b)) {
        let cursor = b * burst;
        const end = cursor + burst;
        const t0 = performance.now();
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (cursor < end) await table[j][name](cursor++);
          }),
        );
        seconds[j] += (performance.now() - t0) / 1000;
      }
    }
    out.set(
      `${name} QPS`,
      seconds.map((s) => (BURSTS * burst) / s),
    );
  }
  return out;
}

const QPS_FIGURES = [
  'REST full text',
  'MCP full text',
  'REST similarity',
  'MCP similarity',
  'REST hybrid',
  'MCP hybrid',
];

/**
 * What each figure asks of the database, per request: COUNTED requests one after the
 * other (after a warm-up), the wire counter read before and after. Background work of
 * the process in those seconds (a recall sample, a heartbeat) is counted with them.
 */
async function countWire(servers: Server[], corpus: Corpus): Promise<Map<string, WireCounts[]>> {
  const out = new Map<string, WireCounts[]>();
  for (const s of servers) {
    for (const [name, call] of Object.entries(calls(s, corpus))) {
      for (let i = 0; i < 10; i++) await call(i);
      const before = s.wire!.counts();
      for (let i = 0; i < COUNTED; i++) await call(i);
      const after = s.wire!.counts();
      const per = (field: keyof WireCounts) => (after[field] - before[field]) / COUNTED;
      out.set(name, [
        ...(out.get(name) ?? []),
        { roundTrips: per('roundTrips'), statements: per('statements'), parses: per('parses') },
      ]);
    }
  }
  return out;
}

function printWire(servers: Server[], counts: Map<string, WireCounts[]>): void {
  const labels = servers.map((s) => s.label);
  console.log(
    `\nPer request (${COUNTED} sequential requests each, counted on the wire): round trips / statements / parses\n`,
  );
  console.log(`| figure | ${labels.join(' | ')} |`);
  console.log(`| --- | ${labels.map(() => '---').join(' | ')} |`);
  const f = (n: number) => n.toFixed(2).replace(/\.?0+$/, '');
  for (const [name, values] of counts)
    console.log(
      `| ${name} | ${values.map((c) => `${f(c.roundTrips)} / ${f(c.statements)} / ${f(c.parses)}`).join(' | ')} |`,
    );
}

function print(
  servers: Server[],
  results: Map<string, Map<string, number[]>>,
  o: { fragments: number; requests: number; rounds: number; concurrency: number; loadStart: number },
): void {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const names = [...results.get(servers[0].label)!.keys()];
  console.log(
    `${o.fragments} fragments, ${o.requests} requests per row and round, ${o.rounds} rounds alternating, ` +
      `${o.concurrency} clients for QPS; load average ${o.loadStart.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}; medians (all rounds)\n`,
  );
  const labels = servers.map((s) => s.label);
  console.log(
    `| figure | ${labels.join(' | ')} | ${labels
      .slice(1)
      .map((l) => `${l} ÷ ${labels[0]}`)
      .join(' | ')} |`,
  );
  console.log(
    `| --- | ${labels.map(() => '---').join(' | ')} | ${labels
      .slice(1)
      .map(() => '---')
      .join(' | ')} |`,
  );
  const fmt = (name: string, v: number) => (name.endsWith('QPS') ? v.toFixed(0) : `${v.toFixed(2)} ms`);
  const all = (name: string, label: string) => results.get(label)!.get(name)!;
  for (const name of names) {
    const values = labels.map((l) => median(all(name, l)));
    const rounds = labels.map((l) =>
      all(name, l)
        .map((v) => fmt(name, v))
        .join(', '),
    );
    console.log(
      `| ${name} | ${values.map((v, i) => `${fmt(name, v)} (${rounds[i]})`).join(' | ')} | ${values
        .slice(1)
        .map((v) => (v / values[0]).toFixed(2))
        .join(' | ')} |`,
    );
  }
  for (const label of labels) {
    const ratio = (kind: string) =>
      median(all(`MCP ${kind} QPS`, label)) / median(all(`REST ${kind} QPS`, label));
    console.log(
      `\n${label}: MCP session ÷ REST QPS similarity ${ratio('similarity').toFixed(2)}, full text ${ratio('full text').toFixed(2)}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
