/**
 * POST /pipelines/{id}/search through the real HTTP stack, on each database: every
 * type, the parameter defaults, classification forms, filter operators, distance
 * strategies, thresholds, permissions and errors. Expected distances and MMR
 * selections are computed here from the hashing model's vectors.
 */
import { startOpenAiEmbeddingsStub, OpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { requestLogLine } from '../support/log-check';
import { describeEachDatabase } from '../support/suite';
import { waitFor } from '../support/wait';
import {
  addDocuments,
  cosineDistance,
  createPipeline,
  DEFAULT_MODEL_ID,
  euclideanDistance,
  negativeInnerProduct,
  search,
  storedVector,
} from './helpers';
import { createKey } from '../support/records';

const FRAGMENT_KEYS = [
  'classification',
  'document_id',
  'expired_at',
  'id',
  'metadata',
  'order_id',
  'page_content',
  'score',
  'version',
];

/** Short documents (one fragment each) with varied metadata, keyed by external id. */
const CORPUS = [
  {
    external_id: 'password',
    classification: 'public',
    content: 'To reset a password, open Settings, choose Security and select Reset password.',
    metadata: { product: 'accounts', year: 2023, rating: 4.5, draft: false, author: { name: 'Ada' } },
  },
  {
    external_id: 'invoices',
    classification: 'internal',
    content: 'Invoices are generated on the first day of each month and exported as PDF files.',
    metadata: { product: 'billing', year: 2024, rating: 3, draft: true, author: { name: 'Bob' } },
  },
  {
    external_id: 'refunds',
    classification: 'internal',
    content: 'Refunds for annual plans are prorated; agents record the refund reason in the ticket.',
    metadata: { product: 'billing', year: 2025, rating: 5 },
  },
  {
    external_id: 'credentials',
    classification: 'secret',
    content: 'Rotate the database credentials every ninety days with the vault command line.',
    metadata: { product: 'security', year: 2022, audit: null },
  },
  {
    external_id: 'two-factor',
    classification: 'public',
    content: 'Two-factor authentication is enabled from the Security page of the account settings.',
    metadata: { product: 'accounts', year: '2024', rating: 4 },
  },
  {
    external_id: 'payment',
    classification: 'public',
    content: 'Payment methods: a credit card or a bank transfer, changed from the Billing page.',
    metadata: { product: 'billing', year: 2021, rating: 1, author: { name: 'Ada' } },
  },
  {
    external_id: 'escalation',
    classification: 'internal',
    content: 'Escalate a ticket to the second support line when a refund is disputed.',
    metadata: { product: 'support', year: 2024, draft: false },
  },
  {
    external_id: 'forecast',
    classification: 'secret',
    content: 'Revenue forecasts for the next year are confidential and shared with finance only.',
    metadata: { product: 'billing', year: 2025 },
  },
];
const CLASSES: Record<string, string[]> = {
  public: ['public'],
  internal: ['internal', 'public'],
  secret: ['secret', 'internal', 'public'],
};
const QUERY = 'How do I get a refund for my billing invoice?';

/** The test's own MMR: cosine similarity, LangChain's formula, then ordered by distance. */
function referenceMmr(
  query: number[],
  candidates: { id: string; vector: number[]; distance: number }[],
  k: number,
  lambda: number,
) {
  const sim = (a: number[], b: number[]) => 1 - cosineDistance(a, b);
  const selected: number[] = [];
  while (selected.length < Math.min(k, candidates.length)) {
    let best = -1;
    let bestScore = -Infinity;
    candidates.forEach((c, i) => {
      if (selected.includes(i)) return;
      const relevance = sim(query, c.vector);
      const score =
        selected.length === 0
          ? relevance
          : lambda * relevance -
            (1 - lambda) * Math.max(...selected.map((s) => sim(c.vector, candidates[s].vector)));
      if (score > bestScore) [best, bestScore] = [i, score];
    });
    selected.push(best);
  }
  return selected.map((i) => candidates[i]).sort((a, b) => a.distance - b.distance);
}

describeEachDatabase('REST search', (fixture) => {
  const api = () => fixture().api;
  let pipeline: any;
  let ftsOnly: any;
  let noFts: any;
  let secondModel: any;
  let stub: OpenAiEmbeddingsStub;
  const ids: Record<string, string> = {}; // external id -> document id
  const byDocument: Record<string, string> = {}; // document id -> external id

  /** Reference ordering of the visible documents for a query and strategy. */
  const reference = (query: string, classes: string[], distance = cosineDistance) => {
    const q = storedVector(query);
    return CORPUS.filter((d) => classes.includes(d.classification))
      .map((d) => ({
        id: d.external_id,
        vector: storedVector(d.content),
        distance: distance(storedVector(d.content), q),
      }))
      .sort((a, b) => a.distance - b.distance);
  };
  const names = (body: any[]) => body.map((f) => byDocument[f.document_id]);

  beforeAll(async () => {
    stub = await startOpenAiEmbeddingsStub({ size: 16 });
    secondModel = (
      await api().post('/embedding_models', {
        name: 'hashing-64',
        provider: 'hashing',
        size: 64,
        parameters: { ngram: 2 },
      })
    ).body;
    pipeline = await createPipeline(api(), {
      classifications: ['public', 'internal', 'secret'],
      hierarchy: [
        ['internal', 'public'],
        ['secret', 'internal'],
      ],
      embedding_model_ids: [DEFAULT_MODEL_ID, secondModel.id],
    });
    const stored = await addDocuments(api(), pipeline.id, CORPUS);
    stored.forEach((doc, i) => {
      ids[CORPUS[i].external_id] = doc.id;
      byDocument[doc.id] = CORPUS[i].external_id;
    });
    ftsOnly = await createPipeline(api(), {
      embedding_model_ids: [],
      full_text_search: true,
      classifications: ['public'],
    });
    await addDocuments(api(), ftsOnly.id, [
      { content: 'Refunds are prorated for annual plans.', classification: 'public' },
    ]);
    noFts = await createPipeline(api(), { full_text_search: false, classifications: ['public'] });
    await addDocuments(api(), noFts.id, [
      { content: 'Refunds are prorated for annual plans.', classification: 'public' },
    ]);
  });
  afterAll(() => stub?.close());

  describe('similarity', () => {
    it('returns the k nearest by ascending cosine distance, with the published fields', async () => {
      const response = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 8 },
      });
      expect(response.status).toBe(200);
      const expected = reference(QUERY, CLASSES.secret);
      expect(names(response.body)).toEqual(expected.map((e) => e.id));
      response.body.forEach((fragment: any, i: number) => {
        expect(Object.keys(fragment)).toEqual(FRAGMENT_KEYS);
        expect(fragment.score).toBeCloseTo(expected[i].distance, 5);
        expect(fragment.expired_at).toBeNull();
        expect(fragment.order_id).toBe(0);
        expect(Number.isSafeInteger(fragment.version)).toBe(true);
        expect(fragment.page_content).toBe(CORPUS.find((d) => d.external_id === expected[i].id)!.content);
      });
      // Metadata keys come back in alphabetical order, nested ones too.
      const password = response.body.find((f: any) => byDocument[f.document_id] === 'password');
      expect(JSON.stringify(password.metadata)).toBe(
        '{"author":{"name":"Ada"},"draft":false,"product":"accounts","rating":4.5,"year":2023}',
      );
      // Scores are the database's doubles, not rounded for display.
      expect(response.body.some((f: any) => String(f.score).length > 12)).toBe(true);
    });

    it('defaults to k 5 without params, and k 0 when params omits it', async () => {
      const none = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
      });
      expect(names(none.body)).toEqual(
        reference(QUERY, CLASSES.secret)
          .slice(0, 5)
          .map((e) => e.id),
      );
      for (const params of [{}, { threshold: 5 }, { k: 0 }]) {
        const empty = await search(api(), pipeline.id, {
          type: 'similarity',
          query: QUERY,
          classifications: ['secret'],
          params,
        });
        expect(empty.status).toBe(200);
        expect(empty.body).toEqual([]);
      }
      const nullParams = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        params: null,
      });
      expect(nullParams.body).toHaveLength(5);
    });

    it('drops fragments beyond the threshold distance', async () => {
      const expected = reference(QUERY, CLASSES.secret);
      const threshold = (expected[1].distance + expected[2].distance) / 2;
      const response = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 8, threshold },
      });
      expect(names(response.body)).toEqual(expected.slice(0, 2).map((e) => e.id));
      const none = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 8, threshold: 0 },
      });
      expect(none.body).toEqual([]);
    });

    it.each([
      ['euclidean', euclideanDistance],
      ['inner_product', negativeInnerProduct],
      ['cosine', cosineDistance],
    ] as const)('uses the %s distance strategy for order and score', async (strategy, distance) => {
      const response = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 8 },
        distance_strategy: strategy,
      });
      expect(response.status).toBe(200);
      const expected = reference(QUERY, CLASSES.secret, distance);
      expect(names(response.body)).toEqual(expected.map((e) => e.id));
      response.body.forEach((f: any, i: number) => expect(f.score).toBeCloseTo(expected[i].distance, 5));
      const scores = response.body.map((f: any) => f.score);
      expect(scores).toEqual([...scores].sort((a, b) => a - b));
      if (strategy === 'inner_product') expect(scores.every((s: number) => s < 0)).toBe(true);
    });

    it('searches with the embedding model that params.embedding names', async () => {
      const response = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 8, embedding: secondModel.id },
      });
      expect(response.status).toBe(200);
      const vectorizer = (text: string) => storedVector(text, 64, 2);
      const q = vectorizer(QUERY);
      const expected = CORPUS.map((d) => ({
        id: d.external_id,
        distance: cosineDistance(vectorizer(d.content), q),
      })).sort((a, b) => a.distance - b.distance);
      expect(names(response.body)).toEqual(expected.map((e) => e.id));
      response.body.forEach((f: any, i: number) => expect(f.score).toBeCloseTo(expected[i].distance, 5));
    });
  });

  describe('classifications', () => {
    const found = async (classifications: unknown) => {
      const response = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications,
        params: { k: 20 },
      });
      expect(response.status).toBe(200);
      return names(response.body).sort();
    };
    const docsOf = (...classes: string[]) =>
      CORPUS.filter((d) => classes.includes(d.classification))
        .map((d) => d.external_id)
        .sort();

    it('matches a string or an array hierarchically (with everything inherited, transitively)', async () => {
      expect(await found('public')).toEqual(docsOf('public'));
      expect(await found('internal')).toEqual(docsOf('internal', 'public'));
      expect(await found(['secret'])).toEqual(docsOf('secret', 'internal', 'public'));
      expect(await found({ values: ['internal'] })).toEqual(docsOf('internal', 'public'));
      expect(await found({ values: ['internal'], match: 'hierarchical' })).toEqual(
        docsOf('internal', 'public'),
      );
    });

    it('matches exactly when asked', async () => {
      expect(await found({ values: ['internal'], match: 'exact' })).toEqual(docsOf('internal'));
      expect(await found({ values: ['secret', 'public'], match: 'exact' })).toEqual(
        docsOf('secret', 'public'),
      );
    });

    it('ignores names the pipeline does not define, and finds nothing for an empty list', async () => {
      expect(await found(['nonexistent'])).toEqual([]);
      expect(await found(['nonexistent', 'public'])).toEqual(docsOf('public'));
      expect(await found([])).toEqual([]);
      expect(await found({ values: [], match: 'exact' })).toEqual([]);
    });
  });

  describe('metadata filters', () => {
    const filtered = async (filters: unknown) => {
      const response = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 20 },
        filters,
      });
      expect(response.status).toBe(200);
      return names(response.body).sort();
    };

    it.each([
      [{ product: 'billing' }, ['forecast', 'invoices', 'payment', 'refunds']],
      [{ product: { $eq: 'accounts' } }, ['password', 'two-factor']],
      [{ product: { $ne: 'billing' } }, ['credentials', 'escalation', 'password', 'two-factor']],
      [{ year: { $gt: 2024 } }, ['forecast', 'refunds']],
      [{ year: { $gte: 2024 } }, ['escalation', 'forecast', 'invoices', 'refunds']],
      [{ year: { $lt: 2023 } }, ['credentials', 'payment']],
      [{ year: { $lte: 2023, $gt: 2021 } }, ['credentials', 'password']],
      [{ year: '2024' }, ['two-factor']],
      [{ year: 2024 }, ['escalation', 'invoices']],
      [{ rating: { $gte: 4.5 } }, ['password', 'refunds']],
      [{ product: { $in: ['security', 'support'] } }, ['credentials', 'escalation']],
      [{ product: { $nin: ['billing', 'accounts'] } }, ['credentials', 'escalation']],
      [{ draft: true }, ['invoices']],
      [{ draft: { $exists: true } }, ['escalation', 'invoices', 'password']],
      [{ rating: { $exists: false } }, ['credentials', 'escalation', 'forecast']],
      [{ audit: null }, ['credentials']],
      [{ 'author.name': 'Ada' }, ['password', 'payment']],
      [
        { author: { name: { $ne: 'Ada' } } },
        ['credentials', 'escalation', 'forecast', 'invoices', 'refunds', 'two-factor'],
      ],
      [{ $and: [{ product: 'billing' }, { year: 2025 }] }, ['forecast', 'refunds']],
      [{ $or: [{ product: 'security' }, { rating: { $lt: 2 } }] }, ['credentials', 'payment']],
      [{ $not: { product: 'billing' } }, ['credentials', 'escalation', 'password', 'two-factor']],
      [{ year: { $not: { $gte: 2023 } } }, ['credentials', 'payment', 'two-factor']],
      [{ product: 'billing', $or: [{ draft: true }, { year: { $lt: 2022 } }] }, ['invoices', 'payment']],
    ])('filters %j', async (filters, expected) => {
      expect(await filtered(filters)).toEqual(expected);
    });

    it('applies to MMR and full text too', async () => {
      const mmr = await search(api(), pipeline.id, {
        type: 'mmr',
        query: QUERY,
        classifications: ['secret'],
        filters: { product: 'billing' },
      });
      expect(names(mmr.body).sort()).toEqual(['forecast', 'invoices', 'payment', 'refunds']);
      const fts = await search(api(), pipeline.id, {
        type: 'search',
        query: 'refund',
        classifications: ['secret'],
        filters: { product: 'support' },
      });
      expect(names(fts.body)).toEqual(['escalation']);
    });

    it.each([
      [{ year: { $gt: null } }, 'filters.year.$gt: expected a string, number or boolean; null has no order'],
      [
        { $xor: [] },
        "filters.$xor: unknown operator '$xor' here; use $and, $or or $not, or a metadata key with $eq, $ne, $gt, $gte, $lt, $lte, $in, $nin, $exists, $not",
      ],
      [
        { tags: ['a'] },
        'filters.tags: an array cannot be compared; use {"$in": [...]} to match one of several values',
      ],
      ['billing', 'filters: expected an object of conditions'],
    ])('refuses the malformed filter %j with 422', async (filters, detail) => {
      const response = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        filters,
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ detail });
    });
  });

  describe('mmr', () => {
    it('selects k of fetch_k candidates as the reference computation does, then orders them by distance', async () => {
      for (const params of [
        { k: 3, fetch_k: 6, lambda_mult: 0.2 },
        { k: 4, fetch_k: 8, lambda_mult: 0.7 },
        { k: 2, fetch_k: 8, lambda_mult: 0 },
        { k: 5, fetch_k: 8 },
      ]) {
        const response = await search(api(), pipeline.id, {
          type: 'mmr',
          query: QUERY,
          classifications: ['secret'],
          params,
        });
        expect(response.status).toBe(200);
        const candidates = reference(QUERY, CLASSES.secret).slice(0, params.fetch_k);
        const expected = referenceMmr(storedVector(QUERY), candidates, params.k, params.lambda_mult ?? 0.5);
        expect(names(response.body)).toEqual(expected.map((e) => e.id));
        response.body.forEach((f: any, i: number) => expect(f.score).toBeCloseTo(expected[i].distance, 5));
      }
    });

    it('differs from similarity when diversity is asked for', async () => {
      const mmr = await search(api(), pipeline.id, {
        type: 'mmr',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 3, fetch_k: 8, lambda_mult: 0 },
      });
      const similarity = await search(api(), pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 3 },
      });
      expect(names(mmr.body)).not.toEqual(names(similarity.body));
    });

    it('defaults to k 5 of fetch_k 10 with lambda 0.5 without params', async () => {
      const response = await search(api(), pipeline.id, {
        type: 'mmr',
        query: QUERY,
        classifications: ['secret'],
      });
      const expected = referenceMmr(
        storedVector(QUERY),
        reference(QUERY, CLASSES.secret).slice(0, 10),
        5,
        0.5,
      );
      expect(names(response.body)).toEqual(expected.map((e) => e.id));
    });

    it('returns nothing when params omits fetch_k or k', async () => {
      for (const params of [{ k: 3 }, { fetch_k: 8 }, {}]) {
        const response = await search(api(), pipeline.id, {
          type: 'mmr',
          query: QUERY,
          classifications: ['secret'],
          params,
        });
        expect(response.body).toEqual([]);
      }
    });

    it('leaves candidates beyond the threshold out of the selection', async () => {
      const all = reference(QUERY, CLASSES.secret);
      const threshold = (all[2].distance + all[3].distance) / 2;
      const response = await search(api(), pipeline.id, {
        type: 'mmr',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 5, fetch_k: 8, threshold },
      });
      expect(names(response.body).sort()).toEqual(
        all
          .slice(0, 3)
          .map((e) => e.id)
          .sort(),
      );
    });

    it('works with another distance strategy, scoring by it', async () => {
      const response = await search(api(), pipeline.id, {
        type: 'mmr',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 8, fetch_k: 8, lambda_mult: 1 },
        distance_strategy: 'euclidean',
      });
      const expected = reference(QUERY, CLASSES.secret, euclideanDistance);
      expect(names(response.body)).toEqual(expected.map((e) => e.id));
      response.body.forEach((f: any, i: number) => expect(f.score).toBeCloseTo(expected[i].distance, 5));
    });
  });

  describe('full text', () => {
    it('ranks matching fragments by descending BM25 score', async () => {
      const response = await search(api(), pipeline.id, {
        type: 'search',
        query: 'refund',
        classifications: ['secret'],
      });
      expect(response.status).toBe(200);
      expect(names(response.body).sort()).toEqual(['escalation', 'refunds']);
      expect(names(response.body)[0]).toBe('refunds'); // two occurrences rank higher
      const scores = response.body.map((f: any) => f.score);
      expect(scores.every((s: number) => s > 0)).toBe(true);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(Object.keys(response.body[0])).toEqual(FRAGMENT_KEYS);
    });

    it('understands web search syntax: any word, "phrases", or, -exclusion', async () => {
      const run = async (query: string) =>
        names(
          (
            await search(api(), pipeline.id, {
              type: 'search',
              query,
              classifications: ['secret'],
              params: { k: 10 },
            })
          ).body,
        ).sort();
      expect(await run('refund ticket')).toEqual(['escalation', 'refunds']);
      expect(await run('refund -disputed')).toEqual(['refunds']);
      expect(await run('"database credentials"')).toEqual(['credentials']);
      expect(await run('invoices or forecasts')).toEqual(['forecast', 'invoices']);
      expect(await run('the')).toEqual([]); // only a stop word: nothing to match
    });

    it('honours k, classifications and a minimum rank threshold', async () => {
      const all = (
        await search(api(), pipeline.id, { type: 'search', query: 'refund', classifications: ['secret'] })
      ).body;
      const one = await search(api(), pipeline.id, {
        type: 'search',
        query: 'refund',
        classifications: ['secret'],
        params: { k: 1 },
      });
      expect(names(one.body)).toEqual(['refunds']);
      const threshold = (all[0].score + all[1].score) / 2;
      const ranked = await search(api(), pipeline.id, {
        type: 'search',
        query: 'refund',
        classifications: ['secret'],
        params: { k: 5, threshold },
      });
      expect(names(ranked.body)).toEqual(['refunds']);
      const zero = await search(api(), pipeline.id, {
        type: 'search',
        query: 'refund',
        classifications: ['secret'],
        params: {},
      });
      expect(zero.body).toEqual([]);
      const publicOnly = await search(api(), pipeline.id, {
        type: 'search',
        query: 'refund',
        classifications: 'public',
      });
      expect(publicOnly.body).toEqual([]);
    });

    it('works on a full-text-only pipeline without any embedding model', async () => {
      const response = await search(api(), ftsOnly.id, {
        type: 'search',
        query: 'refunds',
        classifications: ['public'],
      });
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(1);
      expect(response.body[0].page_content).toBe('Refunds are prorated for annual plans.');
    });
  });

  describe('errors', () => {
    it('answers 404 for a pipeline that does not exist', async () => {
      const response = await search(api(), '0193a000-0000-7000-8000-0000000000ff', {
        type: 'similarity',
        query: QUERY,
        classifications: ['public'],
      });
      expect(response.status).toBe(404);
      expect(response.text).toBe('{"detail":"Pipeline not found"}');
    });

    it('answers 422 for a pipeline id that is not a UUID', async () => {
      const response = await search(api(), 'abc', {
        type: 'similarity',
        query: QUERY,
        classifications: ['public'],
      });
      expect(response.status).toBe(422);
    });

    it('refuses an embedding model the pipeline does not use, including its vector embedding id', async () => {
      for (const embedding of [
        '0193a000-0000-7000-8000-0000000000ee',
        pipeline.default_vector_embedding_id,
      ]) {
        const response = await search(api(), pipeline.id, {
          type: 'similarity',
          query: QUERY,
          classifications: ['public'],
          params: { k: 1, embedding },
        });
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: 'Embedding model not found' });
      }
    });

    it('says Missing embedding model ID for a vector search on a full-text-only pipeline', async () => {
      for (const type of ['similarity', 'mmr']) {
        const response = await search(api(), ftsOnly.id, { type, query: QUERY, classifications: ['public'] });
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail: 'Missing embedding model ID' });
      }
    });

    it('answers 501 for history, and for full text or hybrid on a pipeline without full text', async () => {
      const hybrid = await search(api(), noFts.id, {
        type: 'hybrid',
        query: QUERY,
        classifications: ['public'],
        params: { k: 2 },
      });
      expect(hybrid.status).toBe(501);
      expect(hybrid.body).toEqual({
        detail: `Hybrid search needs full text search, which this pipeline has off: turn it on with PATCH /pipelines/${noFts.id} {"full_text_search": true}`,
      });
      const history = await search(api(), pipeline.id, {
        type: 'history',
        query: QUERY,
        classifications: ['public'],
      });
      expect(history.status).toBe(501);
      expect(history.body).toEqual({ detail: 'History placeholder is not implemented yet' });
      const fts = await search(api(), noFts.id, {
        type: 'search',
        query: 'refunds',
        classifications: ['public'],
      });
      expect(fts.status).toBe(501);
      expect(fts.body).toEqual({ detail: 'Full text search is not enabled for this pipeline' });
      // Vector search on the same pipeline works.
      const similarity = await search(api(), noFts.id, {
        type: 'similarity',
        query: 'refunds',
        classifications: ['public'],
      });
      expect(similarity.body).toHaveLength(1);
    });

    it('answers 502 with the reason when the embedding endpoint fails', async () => {
      const model = (
        await api().post('/embedding_models', {
          name: 'stubbed',
          provider: 'openai',
          size: 16,
          parameters: { base_url: stub.url, model: 'stub-model' },
        })
      ).body;
      const remote = await createPipeline(api(), {
        embedding_model_ids: [model.id],
        classifications: ['public'],
      });
      await addDocuments(api(), remote.id, [{ content: 'Refunds are prorated.', classification: 'public' }]);
      const ok = await search(api(), remote.id, {
        type: 'similarity',
        query: 'refunds',
        classifications: ['public'],
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toHaveLength(1);
      stub.failNext(400, 1, { message: 'the model is unloaded' });
      const failed = await search(api(), remote.id, {
        type: 'similarity',
        query: 'refunds',
        classifications: ['public'],
      });
      expect(failed.status).toBe(502);
      expect(failed.body.detail).toBe(`Embedding endpoint ${stub.url} answered 400: the model is unloaded`);
      // The operator's side: the request line is a warning that says why.
      const line = await waitFor('the request line of the 502', () =>
        requestLogLine(fixture().trove.output(), String(failed.headers.get('x-request-id'))),
      );
      expect(line).toMatchObject({
        level: 'warn',
        status: 502,
        route: '/pipelines/:id/search',
        reason: `Embedding endpoint ${stub.url} answered 400: the model is unloaded`,
      });
      // Full text needs no embedding over REST, so it still answers.
      const fts = await search(api(), remote.id, {
        type: 'search',
        query: 'refunds',
        classifications: ['public'],
      });
      expect(fts.status).toBe(200);
    });

    it('names the bad field of a malformed body with 422', async () => {
      const cases: [unknown, string][] = [
        [
          { type: 'vector', query: QUERY, classifications: ['public'] },
          'type: must be one of similarity, mmr, search, hybrid, history',
        ],
        [{ type: 'similarity', classifications: ['public'] }, 'query: is required and must be a string'],
        [
          { type: 'similarity', query: QUERY },
          'classifications: is required: a name, an array of names, or {"values": [...], "match": "hierarchical" | "exact"}',
        ],
        [
          { type: 'similarity', query: QUERY, classifications: ['public'], params: { k: 70000 } },
          'params.k: must be an integer from 0 to 65535',
        ],
        [
          { type: 'similarity', query: QUERY, classifications: ['public'], distance_strategy: 'l1' },
          'distance_strategy: must be one of cosine, euclidean, inner_product',
        ],
        [
          { type: 'similarity', query: QUERY, classifications: ['public'], limit: 3 },
          'limit: unknown field; expected type, query, classifications, params, filters, distance_strategy, rerank',
        ],
      ];
      for (const [body, detail] of cases) {
        const response = await search(api(), pipeline.id, body as Record<string, unknown>);
        expect(response.status).toBe(422);
        expect(response.body).toEqual({ detail });
      }
    });
  });

  describe('permissions', () => {
    it('needs read and execute (5); without either the pipeline does not exist', async () => {
      for (const permissions of [4, 1, 6, 2, 0]) {
        const key = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions }]));
        const response = await search(key, pipeline.id, {
          type: 'similarity',
          query: QUERY,
          classifications: ['secret'],
        });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: 'Pipeline not found' });
      }
      for (const permissions of [5, 7]) {
        const key = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions }]));
        const response = await search(key, pipeline.id, {
          type: 'similarity',
          query: QUERY,
          classifications: ['secret'],
          params: { k: 20 },
        });
        expect(response.status).toBe(200);
        expect(response.body).toHaveLength(CORPUS.length);
      }
    });

    it("narrows results to the key's classification allow-list (read hierarchically)", async () => {
      const publicOnly = api().as(
        await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 5, classifications: ['public'] }]),
      );
      const found = await search(publicOnly, pipeline.id, {
        type: 'similarity',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 20 },
      });
      expect(names(found.body).sort()).toEqual(['password', 'payment', 'two-factor']);
      const fts = await search(publicOnly, pipeline.id, {
        type: 'search',
        query: 'refund',
        classifications: ['secret'],
      });
      expect(fts.body).toEqual([]);
      const internal = api().as(
        await createKey(api(), [{ pipeline_id: '*', permissions: 5, classifications: ['internal'] }]),
      );
      const internalFound = await search(internal, pipeline.id, {
        type: 'mmr',
        query: QUERY,
        classifications: ['secret'],
        params: { k: 20, fetch_k: 20 },
      });
      expect(names(internalFound.body).sort()).toEqual([
        'escalation',
        'invoices',
        'password',
        'payment',
        'refunds',
        'two-factor',
      ]);
      const nothing = api().as(
        await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 5, classifications: [] }]),
      );
      expect(
        (
          await search(nothing, pipeline.id, {
            type: 'similarity',
            query: QUERY,
            classifications: ['secret'],
          })
        ).body,
      ).toEqual([]);
    });
  });
});
