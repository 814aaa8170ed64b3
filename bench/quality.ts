/**
 * `npm run bench:quality`: how well each search finds the passage that answers, on real
 * text. The man-pages collection (man-pages.ts: each page's NAME description asks for
 * that page) is loaded into a Trove pipeline with the built-in hashing model and full
 * text; every query is run as each search type over REST, and the ranked documents
 * (a page counts once, at its best fragment) are scored with hit@10, MRR@10 and
 * nDCG@10. Beside them, BM25 computed by this benchmark over the same fragments: with
 * PostgreSQL's lexemes (what Trove's full text should match), and with plain lowercase
 * words (a textbook BM25 with no stemmer), so the lexical leg is held to a figure
 * computed in the same run.
 *
 *   --pages N       the first N pages by name (default: all)
 *   DATABASE_URL    a PostgreSQL to run Trove on (default: the embedded database)
 *
 * The pieces are exported for test/search/quality.test.ts, which asserts the ordering
 * of these figures on a smaller collection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { bm25Score, DEFAULT_BM25, idf } from '../src/fragments/full-text/bm25';
import { meanMetrics, Metrics, metricsAt } from '../src/evaluations/metrics';
import { RestClient } from './clients';
import { ManPage, manPages } from './man-pages';
import { log, positiveOption, startTrove, stopTrove } from './trove';

export const K = 10;

/** A text's lexemes: how often each occurs, and the token count. */
export interface Lexed {
  tf: Map<string, number>;
  length: number;
}

/** What the evaluation needs of a Trove: its REST API, as the caller reaches it. */
export interface Api {
  post(route: string, body: unknown): Promise<unknown>;
  patch(route: string, body: unknown): Promise<unknown>;
  get(route: string): Promise<unknown>;
}

/** What the evaluation reads of Trove's answers. */
interface Stored {
  id: string;
}
interface Hit {
  document_id: string;
}
interface FragmentPage {
  data: { page_content?: string }[];
  page_info: { has_next: boolean; after: string | null };
}

export interface Collection {
  pipelineId: string;
  /** Document id → page name. */
  pages: Map<string, string>;
  queries: { query: string; page: string }[];
}

/** Creates a pipeline (hashing model, full text) and stores the pages in it. */
export async function loadCollection(api: Api, pages: ManPage[], name: string): Promise<Collection> {
  const pipeline = (await api.post('/pipelines', { name, classifications: ['public'] })) as Stored;
  const stored = new Map<string, string>();
  for (let i = 0; i < pages.length; i += 100) {
    const batch = pages.slice(i, i + 100);
    const documents = (await api.post(
      `/pipelines/${pipeline.id}/documents`,
      batch.map((page) => ({ external_id: page.name, content: page.content, classification: 'public' })),
    )) as Stored[];
    documents.forEach((doc, j) => stored.set(doc.id, batch[j].name));
  }
  return {
    pipelineId: pipeline.id,
    pages: stored,
    queries: pages.map((page) => ({ query: page.query, page: page.name })),
  };
}

/** Every query searched with `body` (type and params); the mean metrics and the share answered with nothing. */
export async function evaluateSearch(
  api: Api,
  collection: Collection,
  body: Record<string, unknown>,
): Promise<{ metrics: Metrics; empty: number }> {
  const all: Metrics[] = [];
  let empty = 0;
  for (const { query, page } of collection.queries) {
    const hits = (await api.post(`/pipelines/${collection.pipelineId}/search`, { ...body, query })) as Hit[];
    if (hits.length === 0) empty++;
    const ranked = hits.map((hit) => collection.pages.get(hit.document_id)!);
    all.push(metricsAt(ranked, new Map([[page, 1]]), K));
  }
  return { metrics: meanMetrics(all), empty: empty / collection.queries.length };
}

/** Full text as pipelines that keep `ts_rank` rank it (every word required): the pipeline switched for the run, then back. */
export async function evaluateTsRank(
  api: Api,
  collection: Collection,
): Promise<{ metrics: Metrics; empty: number }> {
  const patch = (ranking: string) =>
    api.patch(`/pipelines/${collection.pipelineId}`, { full_text_ranking: ranking });
  await patch('ts_rank');
  try {
    return await evaluateSearch(api, collection, SEARCHES.find((s) => s.body.type === 'search')!.body);
  } finally {
    await patch('bm25');
  }
}

/** The collection's fragments as Trove stored them: each with its page. */
export async function fragmentsOf(
  api: Api,
  collection: Collection,
): Promise<{ page: string; text: string }[]> {
  const out: { page: string; text: string }[] = [];
  for (const [documentId, page] of collection.pages) {
    let after: string | null = null;
    for (;;) {
      const query: string = after === null ? '' : `&after=${after}`;
      const listing = (await api.get(
        `/pipelines/${collection.pipelineId}/documents/${documentId}/fragments?limit=100${query}`,
      )) as FragmentPage;
      out.push(...listing.data.map((f) => ({ page, text: f.page_content ?? '' })));
      if (!listing.page_info.has_next) break;
      after = listing.page_info.after;
    }
  }
  return out;
}

/**
 * BM25 over `fragments`, computed here: each query's best K fragments by the textbook
 * formula (k1 1.2, b 0.75), over the lexemes `lex` makes of texts.
 */
export async function textbookBm25(
  fragments: { page: string; text: string }[],
  queries: Collection['queries'],
  lex: (texts: string[]) => Lexed[] | Promise<Lexed[]>,
): Promise<{ metrics: Metrics; empty: number }> {
  const lexed = await lex(fragments.map((f) => f.text));
  const queryLexemes = await lex(queries.map((q) => q.query));
  const n = fragments.length;
  const average = lexed.reduce((sum, l) => sum + l.length, 0) / n;
  const df = new Map<string, number>();
  const postings = new Map<string, number[]>();
  lexed.forEach((l, i) => {
    for (const lexeme of l.tf.keys()) {
      df.set(lexeme, (df.get(lexeme) ?? 0) + 1);
      let list = postings.get(lexeme);
      if (!list) postings.set(lexeme, (list = []));
      list.push(i);
    }
  });
  const all: Metrics[] = [];
  let empty = 0;
  queries.forEach(({ page }, q) => {
    const weighted = [...queryLexemes[q].tf.keys()]
      .filter((lexeme) => df.has(lexeme))
      .map((lexeme) => ({ lexeme, idf: idf(df.get(lexeme)!, n) }));
    const candidates = new Set(weighted.flatMap((w) => postings.get(w.lexeme)!));
    const scored = [...candidates]
      .map((i) => ({ i, score: bm25Score(lexed[i].tf, lexed[i].length, weighted, average, DEFAULT_BM25) }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, K);
    if (scored.length === 0) empty++;
    all.push(
      metricsAt(
        scored.map((s) => fragments[s.i].page),
        new Map([[page, 1]]),
        K,
      ),
    );
  });
  return { metrics: meanMetrics(all), empty: empty / queries.length };
}

/** Lowercase runs of letters and digits: a textbook tokenizer without stemming or stop words. */
export function plainWords(texts: string[]): Lexed[] {
  return texts.map((text) => {
    const tf = new Map<string, number>();
    const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
    for (const word of words) tf.set(word, (tf.get(word) ?? 0) + 1);
    return { tf, length: words.length };
  });
}

/** `to_tsvector('english', text)` by an in-memory PGlite: the lexemes Trove's full text is made of. */
class PostgresLexemes {
  private constructor(
    private readonly db: {
      query: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>;
      close(): Promise<void>;
    },
  ) {}

  static async start(): Promise<PostgresLexemes> {
    const { PGlite } = await import('@electric-sql/pglite');
    return new PostgresLexemes(await PGlite.create());
  }

  async of(texts: string[]): Promise<Lexed[]> {
    const out: Lexed[] = texts.map(() => ({ tf: new Map(), length: 0 }));
    for (let from = 0; from < texts.length; from += 500) {
      const { rows } = await this.db.query(
        `SELECT t.i::int - 1 AS i, l.lexeme, array_length(l.positions, 1) AS tf
         FROM unnest($1::text[]) WITH ORDINALITY AS t(text, i), unnest(to_tsvector('english', t.text)) AS l`,
        [texts.slice(from, from + 500)],
      );
      for (const row of rows as { i: number; lexeme: string; tf: number }[]) {
        const lexed = out[from + row.i];
        lexed.tf.set(row.lexeme, row.tf);
        lexed.length += row.tf;
      }
    }
    return out;
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/** The searches the benchmark compares, as REST bodies (the query added per query). */
export const SEARCHES: { name: string; body: Record<string, unknown> }[] = [
  { name: 'similarity', body: { type: 'similarity', classifications: 'public', params: { k: K } } },
  {
    name: 'mmr',
    body: { type: 'mmr', classifications: 'public', params: { k: K, fetch_k: 4 * K, lambda_mult: 0.5 } },
  },
  { name: 'search (BM25)', body: { type: 'search', classifications: 'public', params: { k: K } } },
  { name: 'hybrid (RRF)', body: { type: 'hybrid', classifications: 'public', params: { k: K } } },
  {
    name: 'hybrid (weighted, alpha 0.3)',
    body: { type: 'hybrid', classifications: 'public', params: { k: K, fusion: 'weighted', alpha: 0.3 } },
  },
];

async function main(argv: string[]): Promise<void> {
  const pages = manPages(positiveOption(argv, 'pages', Number.MAX_SAFE_INTEGER));
  log(`${pages.length} man pages, one query each`);
  const port = 18000 + Math.floor(Math.random() * 2000);
  const key = '01900000-0000-7000-8000-0000000000aa';
  const secret = 'bench-quality-secret';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trove-quality-'));
  const env: Record<string, string> = process.env.DATABASE_URL ? {} : { TROVE_DATA_DIR: dataDir };
  const child = await startTrove(env, port, key, secret);
  try {
    const rest = new RestClient(`http://127.0.0.1:${port}`, key, secret);
    const api: Api = {
      post: (route, body) => rest.call('POST', route, body),
      patch: (route, body) => rest.call('PATCH', route, body),
      get: (route) => rest.call('GET', route),
    };
    const collection = await loadCollection(api, pages, `quality-${Date.now()}`);
    log(`loaded ${collection.pages.size} pages`);
    const rows: [string, { metrics: Metrics; empty: number }][] = [];
    for (const { name, body } of SEARCHES) {
      rows.push([name, await evaluateSearch(api, collection, body)]);
      log(`ran ${name}`);
    }
    rows.push(['search (ts_rank, before BM25)', await evaluateTsRank(api, collection)]);
    const fragments = await fragmentsOf(api, collection);
    const lexemes = await PostgresLexemes.start();
    try {
      rows.push([
        'textbook BM25, PostgreSQL lexemes',
        await textbookBm25(fragments, collection.queries, (texts) => lexemes.of(texts)),
      ]);
    } finally {
      await lexemes.close();
    }
    rows.push(['textbook BM25, plain words', await textbookBm25(fragments, collection.queries, plainWords)]);
    process.stdout.write(
      `\n${pages.length} queries over ${fragments.length} fragments of ${pages.length} man pages\n\n` +
        '| search | hit@10 | MRR@10 | nDCG@10 | no result |\n| --- | --- | --- | --- | --- |\n' +
        rows
          .map(
            ([name, { metrics, empty }]) =>
              `| ${name} | ${metrics.hit_at_k.toFixed(3)} | ${metrics.mrr_at_k.toFixed(3)} | ${metrics.ndcg_at_k.toFixed(3)} | ${(100 * empty).toFixed(1)} % |`,
          )
          .join('\n') +
        '\n',
    );
  } finally {
    await stopTrove(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
