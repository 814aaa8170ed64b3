/**
 * The embedded database has no autovacuum: Trove refreshes its planner statistics
 * itself once enough fragments were added, so vector searches can use the HNSW index.
 */
import { Api } from '../support/http';
import { createTestDatabase, startTrove } from '../support/trove-process';
import { waitFor } from '../support/wait';

describe('planner statistics on the embedded database', () => {
  it('runs ANALYZE after 1,000 new fragments, not before', async () => {
    const database = await createTestDatabase('pglite');
    const trove = await startTrove(database);
    try {
      const api = new Api(trove.url);
      const pipeline = (await api.post('/pipelines', { name: 'stats' })).body;
      const batch = (from: number, n: number) =>
        Array.from({ length: n }, (_, i) => ({
          content: `fragment number ${from + i} about topic ${(from + i) % 7}`,
          classification: 'default',
        }));
      expect((await api.post(`/pipelines/${pipeline.id}/documents`, batch(0, 999))).status).toBe(201);
      // Nothing to wait for when nothing should happen: give a background ANALYZE a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(trove.output()).not.toContain('Refreshed planner statistics');
      expect((await api.post(`/pipelines/${pipeline.id}/documents`, batch(999, 1))).status).toBe(201);
      await waitFor('the ANALYZE', () => trove.output().includes('Refreshed planner statistics'));
      const line = trove
        .output()
        .split('\n')
        .find((l) => l.includes('Refreshed planner statistics'));
      expect(JSON.parse(line!)).toMatchObject({ rows: 1000, msg: 'Refreshed planner statistics (ANALYZE)' });
      const search = await api.post(`/pipelines/${pipeline.id}/search`, {
        type: 'similarity',
        query: 'topic 3',
        classifications: ['default'],
      });
      expect(search.body).toHaveLength(5);
    } finally {
      await trove.stop();
      await database.drop();
    }
  });
});
