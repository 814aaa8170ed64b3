/**
 * Bulk loads (src/fragments/vector-index-builds.ts): a write that brings more vectors
 * than the vector embedding holds goes in without index maintenance, and the write that ends
 * the load builds the index before it answers. Searches must be right all along: with
 * the index gone, while it is being built, and after; two loads at once must both
 * land whole. TROVE_BULK_LOAD_MIN_VECTORS is lowered so that small loads count.
 */
import { Client } from 'pg';
import { counterValue } from '../support/metrics';
import { describeEachDatabase } from '../support/suite';
import { addDocuments, createPipeline, search } from '../search/helpers';

const BULK_MIN = 100;
/** Distinct texts: hashing vectors of the same text are equal, so each text's nearest fragment is its own. */
const text = (i: number) =>
  `Shipment ${i} of ${['copper', 'tin', 'zinc', 'nickel', 'cobalt'][i % 5]} wire left dock ${i % 13} on day ${i % 29} with crate code ${(i * 7919) % 10007}.`;
const docs = (from: number, count: number) =>
  Array.from({ length: count }, (_, j) => ({
    content: text(from + j),
    classification: 'public',
    metadata: { n: from + j },
    external_id: `shipment-${from + j}`,
  }));

describeEachDatabase(
  'bulk loads build the vector index after the rows are in',
  (fixture) => {
    const api = () => fixture().api;
    const builds = () => counterValue(api(), 'trove_vector_index_build_seconds_count');
    let pipeline: any;

    /** The nearest fragment to document n's own text is document n, at distance 0. */
    const expectFound = async (n: number) => {
      const response = await search(api(), pipeline.id, {
        type: 'similarity',
        query: text(n),
        classifications: ['public'],
        params: { k: 3 },
      });
      expect(response.status).toBe(200);
      expect(response.body[0].metadata.n).toBe(n);
      expect(response.body[0].score).toBeCloseTo(0, 5);
    };

    /** On PostgreSQL, whether the vector embedding's HNSW index exists and is valid (PGlite is inside Trove). */
    const indexValid = async (): Promise<boolean | null> => {
      if (fixture().kind !== 'postgres') return null;
      const client = new Client({ connectionString: fixture().database.env.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT i.indisvalid FROM pg_index i WHERE i.indexrelid = to_regclass($1)`,
          [`fragment_embeddings_hnsw_${pipeline.default_vector_embedding_id.replace(/-/g, '')}`],
        );
        return rows.length === 1 && rows[0].indisvalid === true;
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      pipeline = await createPipeline(api(), { classifications: ['public'] });
    });

    it('a first large load answers once the index is built, and every document is found', async () => {
      const before = await builds();
      const stored = await addDocuments(api(), pipeline.id, docs(0, 150));
      expect(stored).toHaveLength(150);
      expect(await builds()).toBe(before + 1);
      if (fixture().kind === 'postgres') expect(await indexValid()).toBe(true);
      for (const n of [0, 77, 149]) await expectFound(n);
    });

    it('a small write into an indexed vector embedding keeps the index and builds nothing', async () => {
      const before = await builds();
      await addDocuments(api(), pipeline.id, docs(150, 10));
      expect(await builds()).toBe(before);
      await expectFound(155);
    });

    it('two loads at once both land whole, searches during them stay right, one build follows', async () => {
      const before = await builds();
      let loading = true;
      let searches = 0;
      const searching = (async () => {
        // Documents stored before the loads: found exactly, whether the index exists or not.
        for (let i = 0; loading; i++) {
          await expectFound((i * 37) % 160);
          searches++;
        }
      })();
      const loads = await Promise.all([
        api().post(`/pipelines/${pipeline.id}/documents`, docs(1000, 300)),
        api().post(`/pipelines/${pipeline.id}/documents`, docs(2000, 300)),
      ]).finally(() => (loading = false));
      await searching;
      expect(searches).toBeGreaterThan(0);
      for (const load of loads) {
        expect(load.status).toBe(201);
        expect(load.body).toHaveLength(300);
      }
      // The loads overlapped: the one that ended last built the index, once.
      expect(await builds()).toBeGreaterThanOrEqual(before + 1);
      if (fixture().kind === 'postgres') expect(await indexValid()).toBe(true);
      for (const n of [1000, 1150, 1299, 2000, 2150, 2299, 42]) await expectFound(n);
    });

    it('a load that versions existing documents replaces their fragments in the index too', async () => {
      const changed = docs(2000, 300).map((doc) => ({ ...doc, content: `${doc.content} Revised.` }));
      const response = await api().post(`/pipelines/${pipeline.id}/documents`, changed);
      expect(response.status).toBe(201);
      const hits = await search(api(), pipeline.id, {
        type: 'similarity',
        query: `${text(2100)} Revised.`,
        classifications: ['public'],
        params: { k: 2 },
      });
      expect(hits.body[0].metadata.n).toBe(2100);
      expect(hits.body[0].score).toBeCloseTo(0, 5);
      // The old version is expired: it is not among the results any more.
      expect(hits.body[1].metadata.n).not.toBe(2100);
    });
  },
  // Every search goes the indexed way (none is exact for being small): with the index dropped
  // or still being built, that query must fall back on scanning the rows, and be right.
  { env: { TROVE_BULK_LOAD_MIN_VECTORS: String(BULK_MIN), TROVE_EXACT_SEARCH_BELOW: '0' } },
);
