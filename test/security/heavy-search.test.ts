/**
 * A heavy search must not freeze the server (issue 8, item 4).
 *
 * The query bounds (TROVE_SEARCH_MAX_QUERY_CHARS, _TERMS) keep such searches out
 * by default; these processes raise them so that one full-text search over a few
 * thousand fragments runs for a second or more, then check what the bounds cannot:
 *
 * - embedded database: PGlite runs PostgreSQL synchronously in WebAssembly; on the
 *   main thread one long statement stalls every request, /healthz included. While
 *   the search is in flight, sequential /healthz probes must keep answering;
 * - PostgreSQL: the statement time limit (TROVE_DB_STATEMENT_TIMEOUT_MS) cancels
 *   the statement, and the search answers 503 with a retry hint instead of running on.
 */
import { Api } from '../support/http';
import { databaseKinds } from '../support/databases';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { createPipeline } from '../search/helpers';

const RAISED_BOUNDS = { TROVE_SEARCH_MAX_QUERY_CHARS: '1000000', TROVE_SEARCH_MAX_QUERY_TERMS: '1000000' };
const FRAGMENTS = 4000;
/** Every fragment matches each term: the cost grows with fragments × terms. */
const HEAVY_QUERY = 'x '.repeat(6000);
/** Probes that must answer while it runs: far more than fit before and after the statement. */
const PROBES = 25;

/**
 * A full-text-only pipeline of one document split into FRAGMENTS one-line fragments,
 * ranked by ts_rank: its query of 6,000 terms is one tsquery evaluated per fragment
 * (BM25 reads the distinct lexemes only, here one).
 */
async function manyFragments(api: Api): Promise<string> {
  const splitter = await api.post('/text_splitters', {
    provider: 'character',
    parameters: { separator: '\n', chunk_size: 24, chunk_overlap: 0 },
  });
  expect(splitter.status).toBe(201);
  const pipeline = await createPipeline(api, {
    embedding_model_ids: [],
    text_splitter_id: splitter.body.id,
    full_text_ranking: 'ts_rank',
  });
  const lines = Array.from({ length: FRAGMENTS }, (_, i) => `x marks spot ${i}`).join('\n');
  const added = await api.post(`/pipelines/${pipeline.id}/documents`, {
    content: lines,
    classification: 'default',
  });
  expect(added.status).toBe(201);
  expect(added.body.fragment_count).toBe(FRAGMENTS);
  return pipeline.id;
}

const heavySearch = (api: Api, pipelineId: string) =>
  api.post(`/pipelines/${pipelineId}/search`, {
    type: 'search',
    query: HEAVY_QUERY,
    classifications: 'default',
    params: { k: 5 },
  });

describe('a heavy search and the embedded database [pglite]', () => {
  let database: TroveDatabase;
  let trove: TroveProcess;
  let api: Api;
  let pipelineId: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    trove = await startTrove(database, { env: RAISED_BOUNDS });
    api = new Api(trove.url);
    pipelineId = await manyFragments(api);
  });
  afterAll(async () => {
    await trove?.stop();
    await database?.drop();
  });

  it('keeps /healthz answering while the search is still in flight', async () => {
    // One probe after another: a stalled event loop answers none of them until the
    // statement ends, so only the few sent before and after it would count.
    let settled = false;
    const search = heavySearch(api, pipelineId).finally(() => (settled = true));
    let answeredInFlight = 0;
    while (!settled && answeredInFlight < PROBES) {
      const probe = await fetch(`${trove.url}/healthz`);
      if (probe.status === 200 && !settled) answeredInFlight++;
    }
    expect(answeredInFlight).toBe(PROBES);
    expect((await search).status).toBe(200);
  });
});

(databaseKinds().includes('postgres') ? describe : describe.skip)(
  'a heavy search and the statement time limit [postgres]',
  () => {
    let database: TroveDatabase;
    let setup: TroveProcess;
    let limited: TroveProcess;
    let pipelineId: string;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      setup = await startTrove(database, { env: RAISED_BOUNDS });
      pipelineId = await manyFragments(new Api(setup.url));
      // A second replica on the same database, whose statements may run 200 ms.
      limited = await startTrove(database, {
        env: { ...RAISED_BOUNDS, TROVE_DB_STATEMENT_TIMEOUT_MS: '200' },
      });
    });
    afterAll(async () => {
      await limited?.stop();
      await setup?.stop();
      await database?.drop();
    });

    it('cancels a statement over TROVE_DB_STATEMENT_TIMEOUT_MS with a 503 and a retry hint', async () => {
      const response = await heavySearch(new Api(limited.url), pipelineId);
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        detail: 'Service Unavailable: the database statement took too long and was cancelled',
      });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      // The replica is fine afterwards.
      const ok = await new Api(limited.url).post(`/pipelines/${pipelineId}/search`, {
        type: 'search',
        query: 'spot 12',
        classifications: 'default',
      });
      expect(ok.status).toBe(200);
    });
  },
);
