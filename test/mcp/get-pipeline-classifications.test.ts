/**
 * The get_pipeline_classifications tool against the published page: its result, its
 * errors and the permissions it needs.
 */
import { describeEachDatabase } from '../support/suite';
import { openToolSession, parseSse, RawMcp, toolCalls, toolsPageBlock } from './support';
import { createKey, GrantBody, SupportKb } from '../support/records';

describeEachDatabase('MCP tool get_pipeline_classifications', (fixture) => {
  let mcp: RawMcp, kb: SupportKb, sessionId: string;
  beforeAll(async () => {
    ({ mcp, kb, sessionId } = await openToolSession(fixture()));
  });
  const { output, argumentError, rpcError } = toolCalls(() => ({ mcp, sessionId }));

  describe('get_pipeline_classifications', () => {
    it('returns the published object for support-kb, like REST', async () => {
      const result = await output('get_pipeline_classifications', { pipeline_id: kb.pipelineId });
      expect(result).toEqual(
        toolsPageBlock(
          'The structuredContent of the result for the support-kb pipeline of First search, which defines',
        ),
      );
      expect(result).toEqual((await fixture().api.get(`/pipelines/${kb.pipelineId}/classifications`)).body);
      expect(
        await output('get_pipeline_classifications', { pipeline_id: kb.pipelineId.toUpperCase() }),
      ).toEqual(result);
    });

    it('answers the published errors', async () => {
      expect(await rpcError('get_pipeline_classifications', { pipeline_id: 'abc' })).toEqual({
        code: -32600,
        message: 'invalid length: found 3',
      });
      expect(await rpcError('get_pipeline_classifications', { pipeline_id: 'zzz' })).toEqual({
        code: -32600,
        message: 'invalid character: found `z` at 0',
      });
      const unknown = '7d3e9a41-2b6c-4f8d-9e1a-5c0b3f6a8d27';
      const response = await mcp.post(
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'get_pipeline_classifications', arguments: { pipeline_id: unknown.toUpperCase() } },
        },
        mcp.sessionHeaders(sessionId),
      );
      const events = parseSse(response.body);
      expect(events[1].data).toBe(
        JSON.stringify(toolsPageBlock('The following response reports a pipeline')),
      );
      expect(await argumentError('get_pipeline_classifications', {})).toBe(
        'failed to deserialize parameters: missing field `pipeline_id`',
      );
    });

    it('needs read and the * allow-list', async () => {
      const { api } = fixture();
      const check = async (grants: GrantBody[]) => {
        const client = mcp.as(
          await createKey(api, grants, `classifications-${grants.length}-${Math.random()}`),
        );
        const session = await client.openSession();
        return client.callTool(session, 'get_pipeline_classifications', { pipeline_id: kb.pipelineId });
      };
      expect(
        (await check([{ pipeline_id: kb.pipelineId, permissions: 3, classifications: '*' }])).error,
      ).toEqual({
        code: -32002,
        message: 'Pipeline not found',
        data: { id: kb.pipelineId },
      });
      expect(
        (await check([{ pipeline_id: kb.pipelineId, permissions: 4, classifications: ['public'] }])).error,
      ).toEqual({
        code: -32603,
        message: 'Authorization error: AccessLevel(READ)',
      });
      expect((await check([{ pipeline_id: '*', permissions: 4, classifications: '*' }])).result.isError).toBe(
        false,
      );
    });
  });
});
