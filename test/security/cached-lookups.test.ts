/**
 * Searches keep the pipeline they read in memory (src/database/cache-generation.ts).
 * Whatever changes a key or a pipeline must still bite on the very next request, on
 * every Trove process of the database: here a change is made through one process and
 * the next search through another (PostgreSQL), or through the same one (PGlite, which
 * admits one process), after that process has searched enough to hold the pipeline.
 */
import { databaseKinds, DatabaseKind } from '../support/databases';
import { ADMIN, Api, Credentials } from '../support/http';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { addDocuments, createPipeline } from '../search/helpers';

describe.each(databaseKinds())('cached key and pipeline lookups [%s]', (kind: DatabaseKind) => {
  let database: TroveDatabase;
  const processes: TroveProcess[] = [];
  /** Where changes are made, and where searches run (another process on PostgreSQL). */
  let writer: Api;
  let searcher: TroveProcess;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    processes.push(await startTrove(database));
    if (kind === 'postgres') processes.push(await startTrove(database));
    writer = new Api(processes[0].url, ADMIN);
    searcher = processes[processes.length - 1];
  });
  afterAll(async () => {
    for (const p of processes) await p.stop();
    await database?.drop();
  });

  async function world(): Promise<{ pipelineId: string; key: Credentials & { id: string } }> {
    const pipeline = await createPipeline(writer, {
      classifications: ['public', 'internal'],
      hierarchy: [['internal', 'public']],
      full_text_search: true,
    });
    await addDocuments(writer, pipeline.id, [
      { content: 'Otters hold hands while they sleep.', classification: 'public' },
      { content: 'Otters keep a favourite stone in a pocket of skin.', classification: 'internal' },
    ]);
    const created = await writer.post('/api_keys', {
      name: 'reader',
      admin: false,
      grants: [{ pipeline_id: pipeline.id, permissions: 5, classifications: '*' }],
    });
    expect(created.status).toBe(201);
    return { pipelineId: pipeline.id, key: { id: created.body.id, secret: created.body.secret } };
  }

  const search = (key: Credentials, pipelineId: string, type: 'search' | 'similarity' = 'search') =>
    new Api(searcher.url, key).post(`/pipelines/${pipelineId}/search`, {
      type,
      query: 'otters',
      classifications: ['internal'],
    });

  /** Searches a few times, so that the searching process holds the key's pipeline. */
  async function warm(key: Credentials, pipelineId: string): Promise<void> {
    for (let i = 0; i < 3; i++) {
      expect((await search(key, pipelineId)).body).toHaveLength(2);
      expect((await search(key, pipelineId, 'similarity')).status).toBe(200);
    }
  }

  it('refuses a key disabled a moment ago, then serves it again once enabled', async () => {
    const { pipelineId, key } = await world();
    await warm(key, pipelineId);
    expect((await writer.patch(`/api_keys/${key.id}`, { disabled: true })).status).toBe(200);
    expect((await search(key, pipelineId)).status).toBe(401);
    expect((await writer.patch(`/api_keys/${key.id}`, { disabled: false })).status).toBe(200);
    expect((await search(key, pipelineId)).status).toBe(200);
  });

  it('refuses a deleted key at once', async () => {
    const { pipelineId, key } = await world();
    await warm(key, pipelineId);
    expect((await writer.delete(`/api_keys/${key.id}`)).status).toBe(204);
    expect((await search(key, pipelineId)).status).toBe(401);
  });

  it('applies a narrowed or withdrawn grant at once', async () => {
    const { pipelineId, key } = await world();
    await warm(key, pipelineId);
    await writer.patch(`/api_keys/${key.id}`, {
      grants: [{ pipeline_id: pipelineId, permissions: 5, classifications: ['public'] }],
    });
    const narrowed = await search(key, pipelineId);
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.map((hit: { classification: string }) => hit.classification)).toEqual(['public']);
    await writer.patch(`/api_keys/${key.id}`, {
      grants: [{ pipeline_id: pipelineId, permissions: 4, classifications: '*' }],
    });
    expect((await search(key, pipelineId)).status).toBe(404);
  });

  it('applies a changed classification hierarchy at once', async () => {
    const { pipelineId, key } = await world();
    await warm(key, pipelineId);
    // `internal` no longer includes `public`: a search of internal finds one fragment.
    const changed = await writer.put(`/pipelines/${pipelineId}/classifications`, {
      classifications: ['public', 'internal'],
      hierarchy: [],
    });
    expect(changed.status).toBe(200);
    const after = await search(key, pipelineId);
    expect(after.status).toBe(200);
    expect(after.body.map((hit: { classification: string }) => hit.classification)).toEqual(['internal']);
  });

  it('answers 404 for a pipeline deleted a moment ago', async () => {
    const { pipelineId, key } = await world();
    await warm(key, pipelineId);
    expect((await writer.delete(`/pipelines/${pipelineId}`)).status).toBe(204);
    expect((await search(key, pipelineId)).status).toBe(404);
    expect((await search(ADMIN, pipelineId, 'similarity')).status).toBe(404);
  });

  it('refuses a disabled key on MCP search_knowledge at once', async () => {
    const { pipelineId, key } = await world();
    await warm(key, pipelineId);
    const call = () =>
      fetch(`${searcher.url}/mcp`, {
        method: 'POST',
        headers: {
          'x-api-key': key.id,
          'x-api-key-secret': key.secret,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'search_knowledge',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'search_knowledge',
            arguments: {
              pipeline_id: pipelineId,
              query: 'otters',
              classifications: ['internal'],
              type: 'search',
            },
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      });
    const before = await call();
    expect(before.status).toBe(200);
    expect(await before.text()).toContain('Otters keep a favourite stone');
    await writer.patch(`/api_keys/${key.id}`, { disabled: true });
    expect((await call()).status).toBe(401);
  });
});
