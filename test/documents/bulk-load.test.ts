/**
 * Loads never wait for an index (src/fragments/vector-index/vector-index-builds.ts): a write
 * answers once its rows are committed, the vectors no index covers yet are searched
 * exactly beside the index, and the index is built, or the new vectors merged into it, in
 * the background. Searches must be right all along: before the index, while it is
 * built, right after a write into an indexed vector embedding, and after; two loads at
 * once must both land whole. Every search goes the indexed way (none is exact for being
 * small): TROVE_EXACT_SEARCH_BELOW is 0.
 */
import { describeEachDatabase } from '../support/suite';
import { vectorIndexBuilds, vectorIndexesCaughtUp } from '../support/vector-indexes';
import { addDocuments, createPipeline, search } from '../search/helpers';

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
  'loads are searchable at once and indexed in the background',
  (fixture) => {
    const api = () => fixture().api;
    const builds = () => vectorIndexBuilds(api());
    /** The background builder has caught up: no vector is left outside an index. */
    const caughtUp = (what: string) => vectorIndexesCaughtUp(api(), what);
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

    beforeAll(async () => {
      pipeline = await createPipeline(api(), { classifications: ['public'] });
    });

    it('a first large load is found as soon as it answers, and its index follows once', async () => {
      const before = await builds();
      const stored = await addDocuments(api(), pipeline.id, docs(0, 150));
      expect(stored).toHaveLength(150);
      for (const n of [0, 77, 149]) await expectFound(n);
      await caughtUp('the first index');
      expect(await builds()).toBe(before + 1);
      for (const n of [0, 77, 149]) await expectFound(n);
    });

    it('a small write into an indexed vector embedding is found at once and merged, without a build', async () => {
      const before = await builds();
      await addDocuments(api(), pipeline.id, docs(150, 10));
      await expectFound(155);
      await caughtUp('the small write to be merged');
      expect(await builds()).toBe(before);
      await expectFound(155);
    });

    it('two loads at once both land whole, searches during them stay right', async () => {
      let loading = true;
      let searches = 0;
      const searching = (async () => {
        // Documents stored before the loads: found whatever the index is doing.
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
      // Found as soon as the loads answered, covered by an index or not.
      for (const n of [1000, 1150, 1299, 2000, 2150, 2299, 42]) await expectFound(n);
      await caughtUp('the loads to be indexed');
      for (const n of [1000, 1299, 2000, 2299, 42]) await expectFound(n);
    });

    it('a load that versions existing documents replaces their fragments', async () => {
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
  { env: { TROVE_EXACT_SEARCH_BELOW: '0', TROVE_JOBS_POLL_MS: '100' } },
);
