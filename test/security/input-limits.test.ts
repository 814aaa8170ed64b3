/**
 * Every list and size in a request is bounded, and going over answers 422 naming
 * the field (issue 8, item 7). The bounds an operator may need to move are
 * settings (here TROVE_METADATA_MAX_BYTES at its default, 65536); the others
 * follow from what Trove stores (a pipeline defines at most 1,000 classifications,
 * so a grant cannot usefully name more).
 */
import { describeEachDatabase } from '../support/suite';
import { createPipeline } from '../search/helpers';
import { RawMcp } from '../mcp/support';
import { createSupportKb } from '../support/records';

const names = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

function nestedObject(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describeEachDatabase('bounded requests', (fixture) => {
  let pipelineId: string;
  const api = () => fixture().api;

  beforeAll(async () => {
    pipelineId = (await createPipeline(api(), { classifications: ['public'] })).id;
  });

  async function refused(method: string, path: string, body: unknown, detail: string) {
    const response = await api().request(method, path, body);
    expect({ path, status: response.status, body: response.body }).toEqual({
      path,
      status: 422,
      body: { detail },
    });
  }

  it('bounds the classifications of a grant, and the grants of a key', async () => {
    await refused(
      'POST',
      '/api_keys',
      { name: 'big-grant', grants: [{ pipeline_id: '*', permissions: 4, classifications: names(1001) }] },
      'grants[0].classifications: must hold at most 1000 names',
    );
    const grants = Array.from({ length: 1001 }, () => ({ pipeline_id: '*', permissions: 4 }));
    await refused(
      'POST',
      '/api_keys',
      { name: 'many-grants', grants },
      'grants: must hold at most 1000 grants',
    );
    const fits = await api().post('/api_keys', {
      name: 'largest-grant',
      grants: [{ pipeline_id: '*', permissions: 4, classifications: names(1000) }],
    });
    expect(fits.status).toBe(201);
  });

  it('bounds the size and depth of document metadata', async () => {
    const documents = `/pipelines/${pipelineId}/documents`;
    await refused(
      'POST',
      documents,
      { content: 'x', classification: 'public', metadata: { big: 'm'.repeat(65536) } },
      'metadata: must be at most 65536 bytes as JSON (TROVE_METADATA_MAX_BYTES)',
    );
    await refused(
      'POST',
      documents,
      [
        { content: 'x', classification: 'public' },
        { content: 'x', classification: 'public', metadata: { k: nestedObject(32) } },
      ],
      '[1].metadata: must not be nested more than 32 levels deep',
    );
    const fits = await api().post(documents, {
      content: 'x',
      classification: 'public',
      metadata: { k: nestedObject(30), big: 'm'.repeat(60_000) },
    });
    expect(fits.status).toBe(201);
  });

  it('bounds list filters: how many, how long, how many values', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `name$ne=n${i}`).join('&');
    const tooMany = await api().get(`/pipelines?${many}`);
    expect({ status: tooMany.status, body: tooMany.body }).toEqual({
      status: 422,
      body: { detail: 'query parameters: at most 20 filters' },
    });
    const long = await api().get(`/pipelines?name$contains=${'x'.repeat(1001)}`);
    expect(long.body).toEqual({ detail: 'query parameter name$contains: must be at most 1000 characters' });
    const values = await api().get(`/pipelines?name$in=${names(1001).join(',')}`);
    expect(values.body).toEqual({ detail: 'query parameter name$in: at most 1000 values' });
    expect((await api().get(`/pipelines?name$in=${names(1000).join(',')}`)).status).toBe(200);
  });

  it('bounds provider names and parameters of the catalogue', async () => {
    await refused(
      'POST',
      '/embedding_models',
      { name: 'm', provider: 'p'.repeat(101), size: 3 },
      'provider: must be at most 100 characters',
    );
    await refused(
      'POST',
      '/text_splitters',
      { provider: 'character', parameters: { separator: 's'.repeat(16_384) } },
      'parameters: must be at most 16384 bytes as JSON',
    );
  });

  it('bounds the MCP listing query like the REST name filter', async () => {
    const { api: admin, trove } = fixture();
    await createSupportKb(admin, 'limits-kb');
    const mcp = new RawMcp(trove.url, admin.credentials);
    const session = await mcp.openSession();
    const message = await mcp.callTool(session, 'get_pipelines', { query: 'x'.repeat(1001) });
    expect(message.error).toEqual({ code: -32603, message: 'query: must be at most 1000 characters' });
  });
});
