/** Helpers shared by the documents and search integration tests. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { HashingVectorizer } from '../../src/embeddings/hashing.provider';
import { Api } from '../support/http';

/** The default embedding model of a fresh install (hashing, 384 dimensions). */
export const DEFAULT_MODEL_ID = '01900000-0000-7000-8000-000000000002';

/** The three documents of the published "First search" example. */
export const FIRST_SEARCH_DOCUMENTS = [
  {
    content:
      'To reset a password, open Settings, choose Security and select Reset password. A reset link is sent to the registered email address and expires after 30 minutes.',
    classification: 'public',
    metadata: { product: 'accounts' },
    external_id: 'password-reset',
  },
  {
    content:
      'Invoices are generated on the first day of each month. Finance staff can export invoices as PDF or CSV files from the Billing page.',
    classification: 'internal',
    metadata: { product: 'billing' },
    external_id: 'invoices',
  },
  {
    content:
      'Refunds for annual plans are prorated. Support agents must record the refund reason in the ticket before approving a refund.',
    classification: 'internal',
    metadata: { product: 'billing' },
    external_id: 'refunds',
  },
];

export const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export async function createPipeline(api: Api, body: Record<string, unknown> = {}): Promise<any> {
  const response = await api.post('/pipelines', { name: unique('pipeline'), ...body });
  if (response.status !== 201) throw new Error(`pipeline: ${response.status} ${response.text}`);
  return response.body;
}

export async function addDocuments(api: Api, pipelineId: string, documents: unknown[]): Promise<any[]> {
  const response = await api.post(`/pipelines/${pipelineId}/documents`, documents);
  if (response.status !== 201) throw new Error(`documents: ${response.status} ${response.text}`);
  return response.body;
}

export async function search(api: Api, pipelineId: string, body: Record<string, unknown>) {
  return api.post(`/pipelines/${pipelineId}/search`, body);
}

const vectorizers = new Map<string, HashingVectorizer>();
/** What the hashing model stores for a text: its vector, rounded to pgvector's float4. */
export function storedVector(text: string, size = 384, ngram = 3): number[] {
  const key = `${size}/${ngram}`;
  let vectorizer = vectorizers.get(key);
  if (!vectorizer)
    vectorizers.set(key, (vectorizer = new HashingVectorizer(size, { ngram, lowercase: true })));
  return vectorizer.vectorize(text).map(Math.fround);
}

export function cosineSimilarity(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / Math.sqrt(na * nb);
}

export const cosineDistance = (a: number[], b: number[]) => 1 - cosineSimilarity(a, b);
export const euclideanDistance = (a: number[], b: number[]) =>
  Math.sqrt(a.reduce((sum, x, i) => sum + (x - b[i]) ** 2, 0));
export const negativeInnerProduct = (a: number[], b: number[]) => -a.reduce((sum, x, i) => sum + x * b[i], 0);

/** A text's lexemes as PostgreSQL makes them: how often each occurs, and the token count. */
export interface Lexed {
  tf: Map<string, number>;
  length: number;
}

/**
 * `to_tsvector(language, text)` of each text, computed by an in-memory PGlite in a child
 * process (PGlite loads its WebAssembly with a dynamic import, which Jest refuses): the
 * lexemes a textbook BM25 in a test scores, whatever database Trove runs on. Remembered,
 * as a PGlite takes seconds to start: only texts not seen yet are computed, in one call.
 */
export function lexemesOf(texts: string[], language = 'english'): Lexed[] {
  const key = (text: string) => `${language}\u0000${text}`;
  const missing = [...new Set(texts.filter((text) => !lexed.has(key(text))))];
  if (missing.length > 0) {
    // The texts go through standard input: a collection is larger than a command line may be.
    const script = `
      const { PGlite } = require('@electric-sql/pglite');
      (async () => {
        const texts = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
        const db = await PGlite.create();
        const { rows } = await db.query(
          'SELECT t.i::int - 1 AS i, l.lexeme, array_length(l.positions, 1) AS tf ' +
          'FROM unnest($1::text[]) WITH ORDINALITY AS t(text, i), unnest(to_tsvector($2::regconfig, t.text)) AS l',
          [texts, process.argv[1]]);
        const out = texts.map(() => []);
        for (const row of rows) out[row.i].push({ lexeme: row.lexeme, tf: row.tf });
        process.stdout.write(JSON.stringify(out));
        await db.close();
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const root = path.resolve(__dirname, '../..');
    const output = execFileSync(path.join(root, 'node_modules/.bin/node'), ['-e', script, language], {
      cwd: root,
      input: JSON.stringify(missing),
      maxBuffer: 256 * 1024 * 1024,
    });
    (JSON.parse(output.toString()) as { lexeme: string; tf: number }[][]).forEach((rows, i) =>
      lexed.set(key(missing[i]), {
        tf: new Map(rows.map((r) => [r.lexeme, r.tf])),
        length: rows.reduce((sum, r) => sum + r.tf, 0),
      }),
    );
  }
  return texts.map((text) => lexed.get(key(text))!);
}

const lexed = new Map<string, Lexed>();
