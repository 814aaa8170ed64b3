/**
 * TROVE_DATABASE_READ_URL against a real streaming replica: searches are read there,
 * everything else (writes, and reads that must see them) from the primary; a replica
 * that stops answering costs nothing but its speed. With its WAL replay paused, the
 * replica is a snapshot of the past, which tells where each read went.
 */
import { Api } from '../support/http';
import { databaseKinds } from '../support/databases';
import {
  StreamingReplica,
  startStreamingReplica,
  streamingReplicaAvailable,
} from '../support/streaming-replica';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { waitFor } from '../support/wait';

// Without PostgreSQL (a run on PGlite alone) or its server binaries these skip, and say so;
// in CI (TROVE_TEST_REQUIRE_POSTGRES=true) either is a failure (global-setup, streamingReplicaAvailable).
const withReplica =
  databaseKinds().includes('postgres') && streamingReplicaAvailable() ? describe : describe.skip;

withReplica('read replicas (TROVE_DATABASE_READ_URL)', () => {
  let database: TroveDatabase, replica: StreamingReplica, trove: TroveProcess, api: Api;
  let pipelineId: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    replica = await startStreamingReplica();
    const name = new URL(database.env.DATABASE_URL).pathname.slice(1);
    trove = await startTrove(database, { env: { TROVE_DATABASE_READ_URL: replica.url(name) } });
    api = new Api(trove.url);
    pipelineId = (await api.post('/pipelines', { name: 'replicated', classifications: ['public'] })).body.id;
  }, 300_000);

  afterAll(async () => {
    await trove?.stop();
    await replica?.stop();
    await database?.drop();
  });

  const store = async (content: string) =>
    (await api.post(`/pipelines/${pipelineId}/documents`, [{ content, classification: 'public' }])).body[0];
  const found = async (query: string) => {
    const response = await api.post(`/pipelines/${pipelineId}/search`, {
      type: 'search',
      query,
      classifications: ['public'],
    });
    expect(response.status).toBe(200);
    return (response.body as { document_id: string }[]).map((hit) => hit.document_id);
  };

  it('reads from the primary while the replica has not replayed the migrations yet', async () => {
    // A second Trove, started while the replica holds its database but no table of it
    // yet: as on a loaded machine, where replay lags the migrations a Trove runs at start.
    const lagging = await createTestDatabase('postgres');
    const name = new URL(lagging.env.DATABASE_URL).pathname.slice(1);
    await replica.caughtUp();
    await replica.pause();
    let early: TroveProcess | undefined;
    try {
      early = await startTrove(lagging, { env: { TROVE_DATABASE_READ_URL: replica.url(name) } });
      const earlyApi = new Api(early.url);
      const pipeline = (await earlyApi.post('/pipelines', { name: 'early', classifications: ['public'] }))
        .body;
      const [stored] = (
        await earlyApi.post(`/pipelines/${pipeline.id}/documents`, [
          { content: 'Kiwis forage at night for worms and grubs.', classification: 'public' },
        ])
      ).body;
      const response = await earlyApi.post(`/pipelines/${pipeline.id}/search`, {
        type: 'search',
        query: 'kiwis',
        classifications: ['public'],
      });
      expect(response.status).toBe(200);
      expect((response.body as { document_id: string }[]).map((hit) => hit.document_id)).toEqual([stored.id]);
      expect(early.output()).toContain('Read replica failed the read; reading from the primary');
    } finally {
      await replica.resume();
      await early?.stop();
      await lagging.drop();
    }
  });

  it('searches the replica and writes and reads documents on the primary', async () => {
    const first = await store('Penguins huddle together through the polar winter.');
    await waitFor('the replica to catch up', async () => (await found('penguins')).includes(first.id), {
      timeoutMs: 60_000,
    });

    await replica.pause();
    try {
      const second = await store('Albatrosses glide for hours over the southern ocean.');
      // The primary has it: the document reads back at once.
      expect((await api.get(`/pipelines/${pipelineId}/documents/${second.id}`)).status).toBe(200);
      // The paused replica does not: the search was served there.
      expect(await found('albatrosses')).toEqual([]);
      expect(await found('penguins')).toEqual([first.id]);
      await replica.resume();
      await waitFor('replay to resume', async () => (await found('albatrosses')).includes(second.id), {
        timeoutMs: 60_000,
      });
    } finally {
      await replica.resume().catch(() => undefined);
    }
  });

  it('refuses a key disabled or narrowed on the primary at once, however far the replica lags', async () => {
    const key = (
      await api.post('/api_keys', {
        name: 'replica reader',
        admin: false,
        grants: [{ pipeline_id: pipelineId, permissions: 5, classifications: '*' }],
      })
    ).body;
    const reader = api.as({ id: key.id, secret: key.secret });
    const search = () =>
      reader.post(`/pipelines/${pipelineId}/search`, {
        type: 'search',
        query: 'penguins',
        classifications: ['public'],
      });
    await waitFor('the replica to know the key', async () => (await search()).status === 200, {
      timeoutMs: 60_000,
    });
    for (let i = 0; i < 3; i++) expect((await search()).status).toBe(200);

    await replica.pause();
    try {
      // The paused replica still holds the key enabled and the grant whole: neither is read there.
      await api.patch(`/api_keys/${key.id}`, {
        grants: [{ pipeline_id: pipelineId, permissions: 5, classifications: ['secret'] }],
      });
      expect((await search()).body).toEqual([]);
      await api.patch(`/api_keys/${key.id}`, { disabled: true });
      expect((await search()).status).toBe(401);
    } finally {
      await replica.resume();
    }
  });

  it('reads from the primary while the replica is down', async () => {
    const third = await store('Puffins nest in burrows on steep cliffs.');
    await replica.stop(); // again in afterAll: stopping twice is harmless
    await waitFor(
      'the search to answer from the primary',
      async () => (await found('puffins')).includes(third.id),
      { timeoutMs: 60_000 },
    );
    // Vector search too (its session settings and two-step MMR).
    const mmr = await api.post(`/pipelines/${pipelineId}/search`, {
      type: 'mmr',
      query: 'puffins',
      classifications: ['public'],
      params: { k: 2, fetch_k: 3 },
    });
    expect(mmr.status).toBe(200);
    expect(mmr.body).toHaveLength(2);
  });
});
