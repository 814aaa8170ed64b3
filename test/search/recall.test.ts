/**
 * Recall of the approximate (HNSW) search against the exact answer, at a small scale
 * and without timing anything: a regression in the index parameters, ef_search or
 * the over-fetch of selective scopes shows here as missing neighbours.
 *
 * 3,000 documents about 60 topics (most words from the topic's own), queries about
 * the same topics; TROVE_EXACT_SEARCH_BELOW=0 so that the index answers even at this
 * size. The exact answer is computed here from the same hashing vectors.
 */
import { createHash } from 'node:crypto';
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

describeEachDatabase(
  'recall of the indexed search',
  (fixture) => {
    const api = () => fixture().api;
    let pipeline: any;
    const vectors = new Map<string, { vector: number[]; doc: (typeof documents)[number] }>();

    beforeAll(async () => {
      pipeline = await createPipeline(api(), {
        classifications: ['common', 'rare'],
        full_text_search: false,
      });
      for (let start = 0; start < DOCUMENTS; start += 1000) {
        const batch = documents.slice(start, start + 1000);
        const stored = await addDocuments(api(), pipeline.id, batch);
        stored.forEach((row, i) =>
          vectors.set(row.id, { vector: storedVector(batch[i].content), doc: batch[i] }),
        );
      }
    }, 600_000);

    /** Mean share of the exact k nearest (within the scope) that the answers found; ties count as found. */
    const recall = async (
      body: (query: string, i: number) => Record<string, unknown>,
      inScope: (doc: (typeof documents)[number], i: number) => boolean,
    ) => {
      let sum = 0;
      for (const [i, query] of queries.entries()) {
        const q = storedVector(query);
        const exact = [...vectors.values()]
          .filter(({ doc }) => inScope(doc, i))
          .map(({ vector }) => cosineDistance(vector, q))
          .sort((a, b) => a - b)
          .slice(0, K);
        const response = await search(api(), pipeline.id, { type: 'similarity', query, ...body(query, i) });
        expect(response.status).toBe(200);
        const hits = response.body as Hit[];
        expect(hits).toHaveLength(K);
        for (const hit of hits) expect(inScope(vectors.get(hit.document_id)!.doc, i)).toBe(true);
        const kth = exact[K - 1];
        sum += hits.filter((hit) => hit.score <= kth + 1e-5).length / K;
      }
      return sum / queries.length;
    };

    it('finds nearly all of the exact nearest neighbours without a filter', async () => {
      const value = await recall(
        () => ({ classifications: ['common', 'rare'], params: { k: K } }),
        () => true,
      );
      expect(value).toBeGreaterThanOrEqual(0.95);
    });

    it('does as well under a metadata filter matching 5 %', async () => {
      const value = await recall(
        (_, i) => ({ classifications: ['common', 'rare'], params: { k: K }, filters: { group: i % 20 } }),
        (doc, i) => doc.metadata.group === i % 20,
      );
      expect(value).toBeGreaterThanOrEqual(0.95);
    });

    it('does as well within a classification of 10 %', async () => {
      const value = await recall(
        () => ({ classifications: { values: ['rare'], match: 'exact' }, params: { k: K } }),
        (doc) => doc.classification === 'rare',
      );
      expect(value).toBeGreaterThanOrEqual(0.95);
    });
  },
  { env: { TROVE_EXACT_SEARCH_BELOW: '0' } },
);
