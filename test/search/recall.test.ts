/**
 * Recall of the approximate (HNSW) search against the exact answer, at a small scale
 * and without timing anything: a regression in the index parameters, ef_search or
 * the over-fetch of selective scopes shows here as missing neighbours.
 *
 * 3,000 documents about 60 topics (most words from the topic's own), queries about
 * the same topics; TROVE_EXACT_SEARCH_BELOW=0 so that the index answers even at this
 * size. The exact answer is computed here from the same hashing vectors.
 *
 * Then the other side of the threshold: a selective scope (a metadata filter, a
 * classification) holding at most TROVE_EXACT_SEARCH_BELOW fragments is searched
 * exactly, so its recall is 1, over an index built as poorly as the settings allow
 * (m 2, ef_construction 4), which misses neighbours when it is used.
 */
import { createHash } from 'node:crypto';
import { Api } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { addDocuments, cosineDistance, createPipeline, search, storedVector } from './helpers';

const DOCUMENTS = 3000;
const QUERIES = 25;
const K = 10;
const TOPICS = 60;
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'su', 'ta', 'ri', 'po', 'da', 'vi', 'ge', 'bu', 'fe', 'zo'];

/** A deterministic stream of numbers in [0, 1): the same corpus on every run. */
let draws = 0;
const rnd = () => createHash('sha256').update(`recall-${draws++}`).digest().readUInt32BE(0) / 2 ** 32;
const word = () =>
  Array.from(
    { length: 2 + Math.floor(rnd() * 3) },
    () => SYLLABLES[Math.floor(rnd() * SYLLABLES.length)],
  ).join('');
const common = Array.from({ length: 400 }, word);
const topics = Array.from({ length: TOPICS }, () => Array.from({ length: 25 }, word));
const text = (words: number) => {
  const own = topics[Math.floor(rnd() * TOPICS)];
  return Array.from({ length: words }, () =>
    rnd() < 0.6 ? own[Math.floor(rnd() * own.length)] : common[Math.floor(rnd() * common.length)],
  ).join(' ');
};
const documents = Array.from({ length: DOCUMENTS }, (_, i) => ({
  content: text(30),
  classification: i % 10 === 0 ? 'rare' : 'common',
  metadata: { group: i % 20 },
}));
const queries = Array.from({ length: QUERIES }, () => text(5));

interface Hit {
  document_id: string;
  score: number;
}

type Document = (typeof documents)[number];

/** Loads `docs` into a new pipeline; returns it and each stored document's vector. */
async function load(api: Api, docs: Document[]) {
  const pipeline = await createPipeline(api, {
    classifications: ['common', 'rare'],
    full_text_search: false,
  });
  const vectors = new Map<string, { vector: number[]; doc: Document }>();
  for (let start = 0; start < docs.length; start += 1000) {
    const batch = docs.slice(start, start + 1000);
    const stored = await addDocuments(api, pipeline.id, batch);
    stored.forEach((row, i) =>
      vectors.set(row.id, { vector: storedVector(batch[i].content), doc: batch[i] }),
    );
  }
  return { pipeline, vectors };
}

/** Mean share of the exact k nearest (within the scope) that the answers found; ties count as found. */
async function recall(
  api: Api,
  { pipeline, vectors }: Awaited<ReturnType<typeof load>>,
  body: (query: string, i: number) => Record<string, unknown>,
  inScope: (doc: Document, i: number) => boolean,
  distance: (vector: number[], query: number[]) => number = cosineDistance,
): Promise<number> {
  let sum = 0;
  for (const [i, query] of queries.entries()) {
    const q = storedVector(query);
    const exact = [...vectors.values()]
      .filter(({ doc }) => inScope(doc, i))
      .map(({ vector }) => distance(vector, q))
      .sort((a, b) => a - b)
      .slice(0, K);
    const response = await search(api, pipeline.id, { type: 'similarity', query, ...body(query, i) });
    expect(response.status).toBe(200);
    const hits = response.body as Hit[];
    expect(hits).toHaveLength(K);
    for (const hit of hits) expect(inScope(vectors.get(hit.document_id)!.doc, i)).toBe(true);
    const kth = exact[K - 1];
    sum += hits.filter((hit) => hit.score <= kth + 1e-5).length / K;
  }
  return sum / queries.length;
}

const everything = { classifications: ['common', 'rare'], params: { k: K } };
const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i], 0);
const euclidean = (a: number[], b: number[]) => Math.sqrt(a.reduce((sum, x, i) => sum + (x - b[i]) ** 2, 0));
const negatedInnerProduct = (a: number[], b: number[]) => -dot(a, b);
const groupOf = (i: number) => ({ ...everything, filters: { group: i % 20 } });
const rareOnly = { classifications: { values: ['rare'], match: 'exact' }, params: { k: K } };

describeEachDatabase(
  'recall of the indexed search',
  (fixture) => {
    let corpus: Awaited<ReturnType<typeof load>>;
    beforeAll(async () => {
      corpus = await load(fixture().api, documents);
    }, 180_000);

    it('finds nearly all of the exact nearest neighbours without a filter', async () => {
      const value = await recall(
        fixture().api,
        corpus,
        () => everything,
        () => true,
      );
      expect(value).toBeGreaterThanOrEqual(0.95);
    });

    it('does as well under a metadata filter matching 5 %', async () => {
      const value = await recall(
        fixture().api,
        corpus,
        (_, i) => groupOf(i),
        (doc, i) => doc.metadata.group === i % 20,
      );
      expect(value).toBeGreaterThanOrEqual(0.95);
    });

    it('does as well within a classification of 10 %', async () => {
      const value = await recall(
        fixture().api,
        corpus,
        () => rareOnly,
        (doc) => doc.classification === 'rare',
      );
      expect(value).toBeGreaterThanOrEqual(0.95);
    });

    // The hashing model's vectors have unit length: the cosine index serves these strategies too.
    it('does as well with the euclidean and inner-product strategies, with and without a filter', async () => {
      for (const [strategy, distance] of [
        ['euclidean', euclidean],
        ['inner_product', negatedInnerProduct],
      ] as const) {
        const all = await recall(
          fixture().api,
          corpus,
          () => ({ ...everything, distance_strategy: strategy }),
          () => true,
          distance,
        );
        expect(all).toBeGreaterThanOrEqual(0.95);
        const filtered = await recall(
          fixture().api,
          corpus,
          (_, i) => ({ ...groupOf(i), distance_strategy: strategy }),
          (doc, i) => doc.metadata.group === i % 20,
          distance,
        );
        expect(filtered).toBeGreaterThanOrEqual(0.95);
      }
    });
  },
  { env: { TROVE_EXACT_SEARCH_BELOW: '0' } },
);

/** 1,000 documents: more than the threshold of 200, a pipeline at most five times it (it is counted). */
const SMALL_CORPUS = 1000;

describeEachDatabase(
  'recall of selective scopes of few fragments',
  (fixture) => {
    let corpus: Awaited<ReturnType<typeof load>>;
    beforeAll(async () => {
      corpus = await load(fixture().api, documents.slice(0, SMALL_CORPUS));
    }, 180_000);

    it('is exact under a metadata filter matching 50 fragments', async () => {
      const value = await recall(
        fixture().api,
        corpus,
        (_, i) => groupOf(i),
        (doc, i) => doc.metadata.group === i % 20,
      );
      expect(value).toBe(1);
    });

    it('is exact within a classification of 100 fragments', async () => {
      const value = await recall(
        fixture().api,
        corpus,
        () => rareOnly,
        (doc) => doc.classification === 'rare',
      );
      expect(value).toBe(1);
    });

    it('still returns k in scope when a filter matches more than the threshold (the index answers)', async () => {
      const half = { ...everything, filters: { group: { $lt: 10 } } };
      const value = await recall(
        fixture().api,
        corpus,
        () => half,
        (doc) => (doc.metadata.group as number) < 10,
      );
      expect(value).toBeGreaterThan(0);
    });
  },
  { env: { TROVE_EXACT_SEARCH_BELOW: '200', TROVE_HNSW_M: '2', TROVE_HNSW_EF_CONSTRUCTION: '4' } },
);
