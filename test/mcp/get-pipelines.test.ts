/**
 * The get_pipelines tool against the published page: its fields, order and paging,
 * the name filter, argument errors and what a key can list.
 */
import { Credentials } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { openToolSession, RawMcp, toolCalls, toolsPageBlock } from './support';
import { createKey, SupportKb } from '../support/records';

describeEachDatabase('MCP tool get_pipelines', (fixture) => {
  let mcp: RawMcp, kb: SupportKb, sessionId: string, modelId: string;
  beforeAll(async () => {
    ({ mcp, kb, sessionId, modelId } = await openToolSession(fixture()));
  });
  const { output, argumentError } = toolCalls(() => ({ mcp, sessionId }));

  describe('get_pipelines', () => {
    let ids: string[];
    beforeAll(async () => {
      const { api } = fixture();
      for (const name of ['Support-Archive', 'support_old', 'supportXold', 'billing 100% done', 'sales']) {
        const created = await api.post('/pipelines', {
          name,
          classifications: ['public'],
          full_text_search: true,
        });
        expect(created.status).toBe(201);
      }
      const all = await api.get('/pipelines?limit=100');
      ids = all.body.data.map((p: { id: string }) => p.id).sort();
    });

    it('reports the five fields, the embedding model id being the vector embedding id', async () => {
      const { results } = await output('get_pipelines', { query: 'support-kb', limit: 10 });
      expect(results).toEqual([
        {
          default_text_splitter_id: kb.pipeline.default_text_splitter_id,
          description: 'Support knowledge base',
          embedding_model_id: kb.pipeline.default_vector_embedding_id,
          name: 'support-kb',
          pipeline_id: kb.pipelineId,
        },
      ]);
      expect(results[0].embedding_model_id).not.toBe(modelId);
      const example = toolsPageBlock(
        'The structuredContent of the result for the support-kb pipeline of First search:',
      );
      expect(Object.keys(results[0])).toEqual(Object.keys(example.results[0]));
    });

    it('orders by pipeline id, 10 by default, with offset paging', async () => {
      expect(
        (await output('get_pipelines')).results.map((p: { pipeline_id: string }) => p.pipeline_id),
      ).toEqual(ids.slice(0, 10));
      expect((await output('get_pipelines', {})).results).toHaveLength(Math.min(10, ids.length));
      const page = await output('get_pipelines', { limit: 2, offset: 1 });
      expect(page.results.map((p: { pipeline_id: string }) => p.pipeline_id)).toEqual(ids.slice(1, 3));
      expect(
        (await output('get_pipelines', { limit: null, offset: null, query: null })).results,
      ).toHaveLength(Math.min(10, ids.length));
      expect((await output('get_pipelines', { limit: 0 })).results).toEqual([]);
      expect((await output('get_pipelines', { limit: 1_000_000_000_000_000 })).results).toHaveLength(
        ids.length,
      );
      expect((await output('get_pipelines', { offset: ids.length })).results).toEqual([]);
    });

    it('filters by name, case-sensitive, with % and _ as wildcards', async () => {
      const names = async (query: string) =>
        (await output('get_pipelines', { query })).results.map((p: { name: string }) => p.name).sort();
      expect(await names('support')).toEqual(['support-kb', 'support_old', 'supportXold'].sort());
      expect(await names('Support')).toEqual(['Support-Archive']);
      expect(await names('support_old')).toEqual(['support_old', 'supportXold'].sort());
      expect(await names('s%t')).toEqual(['support-kb', 'support_old', 'supportXold'].sort());
      expect(await names('100%')).toEqual(['billing 100% done']);
      expect(await names('nothing')).toEqual([]);
    });

    it('ignores unknown arguments and refuses wrong types as an error result', async () => {
      expect(
        (await output('get_pipelines', { query: 'sales', filters: { a: 1 }, distance_strategy: 'l2' }))
          .results,
      ).toHaveLength(1);
      expect(await argumentError('get_pipelines', { limit: -1 })).toBe(
        'failed to deserialize parameters: invalid value: integer `-1`, expected usize',
      );
      expect(await argumentError('get_pipelines', { limit: '5' })).toBe(
        'failed to deserialize parameters: invalid type: string "5", expected usize',
      );
      expect(await argumentError('get_pipelines', { offset: 1.5 })).toBe(
        'failed to deserialize parameters: invalid type: floating point `1.5`, expected usize',
      );
      expect(await argumentError('get_pipelines', { query: 5 })).toBe(
        'failed to deserialize parameters: invalid type: integer `5`, expected a string',
      );
    });

    it('lists only what the key can read', async () => {
      const { api } = fixture();
      const none = await createKey(
        api,
        [{ pipeline_id: kb.pipelineId, permissions: 1, classifications: '*' }],
        'no-read',
      );
      const one = await createKey(
        api,
        [{ pipeline_id: kb.pipelineId, permissions: 4, classifications: '*' }],
        'one-pipeline',
      );
      const session = async (credentials: Credentials) => {
        const client = mcp.as(credentials);
        return { client, id: await client.openSession() };
      };
      const a = await session(none);
      expect((await a.client.callTool(a.id, 'get_pipelines')).result.structuredContent).toEqual({
        results: [],
      });
      const b = await session(one);
      const listed = (await b.client.callTool(b.id, 'get_pipelines', { limit: 100 })).result.structuredContent
        .results;
      expect(listed.map((p: { pipeline_id: string }) => p.pipeline_id)).toEqual([kb.pipelineId]);
    });
  });
});
