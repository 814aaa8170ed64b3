/**
 * Vectors wider than pgvector indexes as `vector` (2,000 dimensions): a model of 3,072
 * (OpenAI's text-embedding-3-large) gets a half-precision (`halfvec`) HNSW index and its
 * searches re-rank the index's candidates by their exact distance. It is created, loaded
 * and searched through REST like any other, with every search on the indexed path
 * (TROVE_EXACT_SEARCH_BELOW=0), with each strategy. Wider than 4,000: refused.
 */
import { describeEachDatabase } from '../support/suite';
import { addDocuments, cosineDistance, createPipeline, search, storedVector } from './helpers';

const TOPICS = ['refunds', 'shipping', 'invoices', 'passwords', 'warranty', 'returns', 'coupons', 'delivery'];
const documents = TOPICS.flatMap((topic, t) =>
  Array.from({ length: 5 }, (_, i) => ({
    content: `${topic} ${TOPICS[(t + i + 1) % TOPICS.length]} note number ${i} about ${topic}`,
    classification: 'public',
  })),
);

describeEachDatabase(
  'vectors wider than 2,000 dimensions',
  (fixture) => {
    for (const size of [3072]) {
      it(`indexes and searches a model of ${size} dimensions`, async () => {
        const api = fixture().api;
        const model = await api.post('/embedding_models', {
          name: `hashing-${size}-${Date.now()}`,
          provider: 'hashing',
          size,
          parameters: { ngram: 3 },
        });
        expect(model.status).toBe(201);
        const pipeline = await createPipeline(api, {
          classifications: ['public'],
          embedding_model_ids: [model.body.id],
          full_text_search: false,
        });
        const stored = await addDocuments(api, pipeline.id, documents);
        const vectors = documents.map((d) => storedVector(d.content, size));
        for (const [i, doc] of documents.entries()) {
          if (i % 7 !== 0) continue;
          const q = storedVector(doc.content, size);
          const exact = vectors.map((v) => cosineDistance(v, q)).sort((a, b) => a - b);
          for (const strategy of ['cosine', 'euclidean', 'inner_product']) {
            const response = await search(api, pipeline.id, {
              type: 'similarity',
              query: doc.content,
              classifications: ['public'],
              params: { k: 5 },
              distance_strategy: strategy,
            });
            expect(response.status).toBe(200);
            expect(response.body).toHaveLength(5);
            expect(response.body[0].document_id).toBe(stored[i].id);
            if (strategy === 'cosine') {
              const scores = (response.body as { score: number }[]).map((hit) => hit.score);
              scores.forEach((score, rank) => expect(score).toBeCloseTo(exact[rank], 5));
            }
          }
        }
      });
    }

    it('refuses a model wider than a halfvec index holds', async () => {
      const model = await fixture().api.post('/embedding_models', {
        name: `hashing-4001-${Date.now()}`,
        provider: 'hashing',
        size: 4001,
      });
      expect(model.status).toBe(422);
      expect(model.body.detail).toMatch(/^size must be an integer from 1 to 4000/);
    });
  },
  { env: { TROVE_EXACT_SEARCH_BELOW: '0' } },
);
