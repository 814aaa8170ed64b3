/**
 * Recall tuning (src/fragments/recall-tuning.ts): unfiltered searches answered through the
 * index are sampled, rerun exactly in the background, and a vector embedding whose samples
 * fall short of TROVE_SEARCH_RECALL_TARGET has its ef_search raised. Nothing is timed.
 *
 * The index is built poorly (m 4, ef_construction 8) and the ef_search floor is 1 (so 40
 * at k 10), over 5,000 fragments of random words: it misses many neighbours,
 * and more candidates find more of them. The recall is measured here too, from the same
 * hashing vectors: it must rise once the samples have raised ef_search.
 */
import { createHash } from 'node:crypto';
import { queryRaw } from '../documents/raw-database';
import { Api } from '../support/http';
import { counterValue } from '../support/metrics';
import { describeEachDatabase } from '../support/suite';
import { vectorIndexesCaughtUp } from '../support/vector-indexes';
import { addDocuments, cosineDistance, createPipeline, search, storedVector } from './helpers';

const DOCUMENTS = 5000;
const QUERIES = 20;
const K = 10;
/** Samples of three windows of the tuner: enough for two raises. */
const SAMPLES = 60;

let draws = 0;
const rnd = () => createHash('sha256').update(`tuning-${draws++}`).digest().readUInt32BE(0) / 2 ** 32;
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'su', 'ta', 'ri', 'po', 'da', 'vi', 'ge', 'bu'];
const word = () =>
  Array.from(
    { length: 2 + Math.floor(rnd() * 3) },
    () => SYLLABLES[Math.floor(rnd() * SYLLABLES.length)],
  ).join('');
const vocabulary = Array.from({ length: 800 }, word);
const text = (words: number) =>
  Array.from({ length: words }, () => vocabulary[Math.floor(rnd() * vocabulary.length)]).join(' ');
const contents = Array.from({ length: DOCUMENTS }, () => text(25));
const queries = Array.from({ length: QUERIES }, () => text(5));
const everything = { classifications: ['default'], params: { k: K } };

/** Mean recall@K of the pipeline's answers to `queries` against the exact nearest; ties count as found. */
async function measuredRecall(api: Api, pipelineId: string, vectors: number[][]): Promise<number> {
  let sum = 0;
  for (const query of queries) {
    const q = storedVector(query);
    const kth = vectors
      .map((v) => cosineDistance(v, q))
      .sort((a, b) => a - b)
      .at(K - 1)!;
    const response = await search(api, pipelineId, { type: 'similarity', query, ...everything });
    expect(response.status).toBe(200);
    const hits = response.body as { score: number }[];
    expect(hits).toHaveLength(K);
    sum += hits.filter((hit) => hit.score <= kth + 1e-5).length / K;
  }
  return sum / queries.length;
}

describeEachDatabase(
  'recall tuning',
  (fixture) => {
    let pipelineId: string;
    let vectors: number[][];

    beforeAll(async () => {
      const pipeline = await createPipeline(fixture().api, { full_text_search: false });
      pipelineId = pipeline.id;
      for (let start = 0; start < DOCUMENTS; start += 1000) {
        const batch = contents
          .slice(start, start + 1000)
          .map((content) => ({ content, classification: 'default' }));
        await addDocuments(fixture().api, pipelineId, batch);
      }
      vectors = contents.map((content) => storedVector(content));
      // The index whose recall is tuned is built in the background: until then every search is exact.
      await vectorIndexesCaughtUp(fixture().api, 'the vector index');
      // Until autovacuum has analysed the tables, PostgreSQL's planner takes the new pipeline
      // for a few rows and scans them exactly (the answers are then exact: nothing to tune).
      // The embedded database analyses after large writes itself.
      if (fixture().kind === 'postgres')
        await queryRaw(fixture().database, 'ANALYZE fragments, fragment_embeddings');
    }, 180_000);

    it('samples unfiltered index searches and raises ef_search until more neighbours are found', async () => {
      const api = fixture().api;
      const before = await measuredRecall(api, pipelineId, vectors);
      expect(before).toBeLessThan(0.9); // the poor index misses neighbours at ef_search 40

      // Search until the tuner has had three windows of samples (one runs at a time, so
      // searches that come while one runs are not sampled).
      let searches = 0;
      while ((await counterValue(api, 'trove_search_recall_count')) < SAMPLES) {
        expect(++searches).toBeLessThan(5000);
        const response = await search(api, pipelineId, {
          type: 'similarity',
          query: queries[searches % QUERIES],
          ...everything,
        });
        expect(response.status).toBe(200);
      }
      expect(fixture().trove.output()).toContain('Recall tuning: ef_search raised to 2 × the configured one');
      // The samples are of recall: between 0 and 1, averaging about what the test measured.
      const sampled = (await counterValue(api, 'trove_search_recall_sum')) / SAMPLES;
      expect(sampled).toBeGreaterThan(0);
      expect(sampled).toBeLessThanOrEqual(1);

      const after = await measuredRecall(api, pipelineId, vectors);
      expect(after).toBeGreaterThan(before + 0.05);
    });

    it('does not sample filtered searches (their exact answer would cost more)', async () => {
      const api = fixture().api;
      const samples = await counterValue(api, 'trove_search_recall_count');
      for (const [i, query] of queries.entries()) {
        const response = await search(api, pipelineId, {
          type: 'similarity',
          query,
          classifications: ['default'],
          params: { k: K },
          filters: { n: { $ne: i } },
        });
        expect(response.status).toBe(200);
      }
      // (A sample of the previous test may still have been running: at most one more.)
      expect(await counterValue(api, 'trove_search_recall_count')).toBeLessThanOrEqual(samples + 1);
    });
  },
  {
    env: {
      TROVE_EXACT_SEARCH_BELOW: '0',
      TROVE_HNSW_M: '4',
      TROVE_HNSW_EF_CONSTRUCTION: '8',
      TROVE_HNSW_EF_SEARCH: '1',
      TROVE_SEARCH_RECALL_TARGET: '0.999',
      TROVE_SEARCH_RECALL_SAMPLE_EVERY: '1',
    },
  },
);

describeEachDatabase(
  'recall tuning turned off',
  (fixture) => {
    it('samples nothing when TROVE_SEARCH_RECALL_TARGET is 0', async () => {
      const api = fixture().api;
      const pipeline = await createPipeline(api, { full_text_search: false });
      await addDocuments(
        api,
        pipeline.id,
        contents.slice(0, 200).map((content) => ({ content, classification: 'default' })),
      );
      for (const query of queries) {
        expect((await search(api, pipeline.id, { type: 'similarity', query, ...everything })).status).toBe(
          200,
        );
      }
      expect(await counterValue(api, 'trove_search_recall_count')).toBe(0);
    });
  },
  {
    env: {
      TROVE_EXACT_SEARCH_BELOW: '0',
      TROVE_SEARCH_RECALL_TARGET: '0',
      TROVE_SEARCH_RECALL_SAMPLE_EVERY: '1',
    },
  },
);
