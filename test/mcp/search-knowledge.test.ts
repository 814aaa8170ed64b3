/**
 * The search_knowledge tool against the published page: every search type, the
 * parameter defaults, classifications, the embedding model id, argument and
 * operation errors, and the permissions and allow-lists it applies.
 */
import { startOpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { describeEachDatabase } from '../support/suite';
import { openToolSession, RawMcp, toolCalls, toolsPageBlock } from './support';
import { createKey, SupportKb } from '../support/records';

describeEachDatabase('MCP tool search_knowledge', (fixture) => {
  let mcp: RawMcp, kb: SupportKb, sessionId: string, modelId: string;
  beforeAll(async () => {
    ({ mcp, kb, sessionId, modelId } = await openToolSession(fixture()));
  });
  const { tool, argumentError } = toolCalls(() => ({ mcp, sessionId }));

  describe('search_knowledge', () => {
    const search = (args: Record<string, unknown>) =>
      tool('search_knowledge', {
        pipeline_id: kb.pipelineId,
        query: 'How do customers get their money back?',
        classifications: ['internal'],
        ...args,
      });
    const results = async (args: Record<string, unknown>) => {
      const message = await search(args);
      if (!message.result || message.result.isError) throw new Error(JSON.stringify(message));
      return message.result.structuredContent.results as {
        document_id: string;
        score: number;
        classification: string;
      }[];
    };

    it('runs MMR as the page example, by ascending distance', async () => {
      const example = toolsPageBlock('The following call runs an MMR search').params.arguments;
      const found = await results({ ...example, pipeline_id: kb.pipelineId });
      expect(found.map((f) => f.document_id).sort()).toEqual(Object.values(kb.documents).sort());
      expect(found.map((f) => f.score)).toEqual([...found.map((f) => f.score)].sort((a, b) => a - b));
      const fields = Object.keys(
        toolsPageBlock(
          'The structuredContent of the result for the support-kb pipeline of First search. The pipeline holds',
        ).results[0],
      );
      for (const fragment of found) expect(Object.keys(fragment)).toEqual(fields);
    });

    it('runs full-text search with ranks, best first', async () => {
      const found = await results({ type: 'search', query: 'refund reason', params: { k: 5 } });
      expect(found.map((f) => f.document_id)).toEqual([kb.documents.refunds]);
      expect(found[0].score).toBeGreaterThan(0);
    });

    it('runs hybrid as REST does (a placeholder on the published server)', async () => {
      const found = await results({ type: 'hybrid', params: { k: 3, embedding: null } });
      const rest = await fixture().api.post(`/pipelines/${kb.pipelineId}/search`, {
        type: 'hybrid',
        query: 'How do customers get their money back?',
        classifications: ['internal'],
        params: { k: 3 },
      });
      expect(rest.status).toBe(200);
      expect(found.map((f) => [f.document_id, f.score])).toEqual(
        rest.body.map((f: any) => [f.document_id, f.score]),
      );
      expect(found[0].document_id).toBe(kb.documents.refunds);
      expect(found.map((f) => f.score)).toEqual([...found.map((f) => f.score)].sort((a, b) => b - a));
    });

    it('applies the published parameter defaults', async () => {
      expect(await results({ type: 'similarity' })).toHaveLength(3);
      expect(await results({ type: 'similarity', params: null })).toHaveLength(3);
      expect(await results({ type: 'similarity', params: {} })).toEqual([]);
      expect(await results({ type: 'mmr', params: { k: 2 } })).toEqual([]);
      expect(await results({ type: 'mmr', params: { k: 2, fetch_k: 3 } })).toHaveLength(2);
      expect(await results({ type: 'mmr' })).toHaveLength(3);
      const threshold = (await results({ type: 'similarity', params: { k: 3 } }))[1].score;
      expect(await results({ type: 'similarity', params: { k: 3, threshold } })).toHaveLength(2);
      expect(
        await results({
          type: 'similarity',
          params: { k: 1, embedding: '00000000-0000-0000-0000-000000000000' },
        }),
      ).toHaveLength(1);
    });

    it('matches classifications hierarchically and ignores names the pipeline does not define', async () => {
      const classes = async (classifications: string[]) =>
        (await results({ type: 'similarity', classifications })).map((f) => f.classification).sort();
      expect(await classes(['internal'])).toEqual(['internal', 'internal', 'public']);
      expect(await classes(['public'])).toEqual(['public']);
      expect(await classes(['nope', 'public'])).toEqual(['public']);
      expect(await classes(['nope'])).toEqual([]);
      expect(await classes([])).toEqual([]);
    });

    it('takes an embedding model id, not the listing vector embedding id', async () => {
      expect(await results({ type: 'similarity', embedding_model_id: modelId })).toHaveLength(3);
      expect(await results({ type: 'similarity', embedding_model_id: modelId.toUpperCase() })).toHaveLength(
        3,
      );
      expect(
        (await search({ type: 'similarity', embedding_model_id: kb.pipeline.default_vector_embedding_id }))
          .error,
      ).toEqual({
        code: -32600,
        message: 'Embedding model not found',
      });
      expect((await search({ type: 'similarity', embedding_model_id: 'abc-def-01' })).error).toEqual({
        code: -32600,
        message: 'invalid group count: expected 5, found 3',
      });
      expect(await results({ type: 'similarity', embedding_model_id: null })).toHaveLength(3);
    });

    it('refuses a full-text-only pipeline for every type with Missing embedding model ID', async () => {
      const created = await fixture().api.post('/pipelines', {
        name: 'fulltext-only',
        embedding_model_ids: [],
        full_text_search: true,
        classifications: ['public'],
      });
      expect(created.status).toBe(201);
      for (const type of ['search', 'similarity', 'mmr', 'hybrid', 'history', 'query']) {
        const message = await search({ pipeline_id: created.body.id, type, classifications: ['public'] });
        expect(message.error).toEqual({ code: -32600, message: 'Missing embedding model ID' });
      }
    });

    it('answers the history placeholder and the invalid type as internal errors', async () => {
      const history = await search({ type: 'history' });
      expect(history.error).toEqual({
        code: -32603,
        message: 'History placeholder is not implemented yet',
        data: { params: { params: { k: 5 } } },
      });
      expect((await search({ type: 'query' })).error).toEqual({
        code: -32603,
        message: 'Invalid search type or parameters',
      });
    });

    it('answers full text on a pipeline without it as an internal error', async () => {
      const created = await fixture().api.post('/pipelines', {
        name: 'vectors-only',
        full_text_search: false,
        classifications: ['public'],
      });
      const message = await search({
        pipeline_id: created.body.id,
        type: 'search',
        classifications: ['public'],
      });
      expect(message.error.code).toBe(-32603);
      expect(message.error.message).toBeTruthy();
    });

    it('answers argument errors with the deserializer texts, and ignores unknown arguments', async () => {
      const base = {
        pipeline_id: kb.pipelineId,
        query: 'q',
        classifications: ['internal'],
        type: 'similarity',
      };
      const without = (key: string) => Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));
      expect(await argumentError('search_knowledge', without('pipeline_id'))).toBe(
        'failed to deserialize parameters: missing field `pipeline_id`',
      );
      expect(await argumentError('search_knowledge', without('query'))).toBe(
        'failed to deserialize parameters: missing field `query`',
      );
      expect(await argumentError('search_knowledge', without('classifications'))).toBe(
        'failed to deserialize parameters: missing field `classifications`',
      );
      expect(await argumentError('search_knowledge', without('type'))).toBe(
        'failed to deserialize parameters: missing field `type`',
      );
      expect(await argumentError('search_knowledge', {})).toBe(
        'failed to deserialize parameters: missing field `pipeline_id`',
      );
      expect(await argumentError('search_knowledge', { ...base, params: { k: '5' } })).toBe(
        'failed to deserialize parameters: invalid type: string "5", expected u16',
      );
      expect(await argumentError('search_knowledge', { ...base, params: { k: 65536 } })).toBe(
        'failed to deserialize parameters: invalid value: integer `65536`, expected u16',
      );
      expect(await argumentError('search_knowledge', { ...base, type: 'vector' })).toBe(
        'failed to deserialize parameters: unknown variant `vector`, expected one of `query`, `similarity`, `search`, `hybrid`, `mmr`, `history`',
      );
      expect(await argumentError('search_knowledge', { ...base, classifications: 'internal' })).toBe(
        'failed to deserialize parameters: invalid type: string "internal", expected a sequence',
      );
      expect(await argumentError('search_knowledge', { ...base, params: { embedding: 'abc' } })).toBe(
        'failed to deserialize parameters: UUID parsing failed: invalid length: found 3',
      );
      expect(await argumentError('search_knowledge', { ...base, params: 'k=5' })).toBe(
        'failed to deserialize parameters: invalid type: string "k=5", expected struct PlaceholderParameterSimilarity',
      );
      const ignored = await search({
        type: 'similarity',
        filters: { product: 'nothing' },
        distance_strategy: 'euclidean',
        params: { k: 1 },
      });
      expect(ignored.result.structuredContent.results).toHaveLength(1);
      // Always cosine: the score is REST's cosine distance, not a Euclidean one.
      const rest = await fixture().api.post(`/pipelines/${kb.pipelineId}/search`, {
        type: 'similarity',
        query: 'How do customers get their money back?',
        classifications: ['internal'],
        params: { k: 1 },
        distance_strategy: 'cosine',
      });
      expect(ignored.result.structuredContent.results[0].score).toBe(rest.body[0].score);
    });

    it('embeds the query for full-text search too: when the model fails, MCP fails and REST does not', async () => {
      const stub = await startOpenAiEmbeddingsStub({ size: 16 });
      try {
        const { api } = fixture();
        const model = await api.post('/embedding_models', {
          name: 'stubbed-openai',
          provider: 'openai',
          size: 16,
          parameters: { base_url: stub.url, model: 'stub-model' },
        });
        expect(model.status).toBe(201);
        const pipeline = await api.post('/pipelines', {
          name: 'stubbed',
          embedding_model_ids: [model.body.id],
          full_text_search: true,
          classifications: ['public'],
        });
        expect(
          (
            await api.post(`/pipelines/${pipeline.body.id}/documents`, {
              content: 'Refunds are prorated.',
              classification: 'public',
            })
          ).status,
        ).toBe(201);
        const before = stub.requests.length;
        const ok = await search({
          pipeline_id: pipeline.body.id,
          type: 'search',
          query: 'refunds',
          classifications: ['public'],
        });
        expect(ok.result.structuredContent.results).toHaveLength(1);
        expect(stub.requests.length).toBe(before + 1);

        stub.failNext(400, 10, { message: 'the stub refuses' });
        const failed = await search({
          pipeline_id: pipeline.body.id,
          type: 'search',
          query: 'refunds',
          classifications: ['public'],
        });
        expect(failed.error.code).toBe(-32603);
        expect(failed.error.message).toContain('the stub refuses');
        const rest = await api.post(`/pipelines/${pipeline.body.id}/search`, {
          type: 'search',
          query: 'refunds',
          classifications: ['public'],
        });
        expect(rest.status).toBe(200);
        expect(rest.body).toHaveLength(1);
      } finally {
        await stub.close();
      }
    });

    it('answers the identifier and pipeline errors', async () => {
      expect((await search({ pipeline_id: 'abc', type: 'similarity' })).error).toEqual({
        code: -32600,
        message: 'invalid length: found 3',
      });
      const unknown = '7d3e9a41-2b6c-4f8d-9e1a-5c0b3f6a8d27';
      expect((await search({ pipeline_id: unknown, type: 'similarity' })).error).toEqual({
        code: -32002,
        message: 'Pipeline not found',
        data: { id: unknown },
      });
    });

    it('needs read and execute; without them the pipeline is not found', async () => {
      const { api } = fixture();
      const attempt = async (permissions: number) => {
        const client = mcp.as(
          await createKey(
            api,
            [{ pipeline_id: kb.pipelineId, permissions, classifications: '*' }],
            `search-${permissions}`,
          ),
        );
        const session = await client.openSession();
        return client.callTool(session, 'search_knowledge', {
          pipeline_id: kb.pipelineId,
          query: 'refund',
          classifications: ['internal'],
          type: 'similarity',
        });
      };
      for (const permissions of [0, 1, 4, 6]) {
        expect((await attempt(permissions)).error).toEqual({
          code: -32002,
          message: 'Pipeline not found',
          data: { id: kb.pipelineId },
        });
      }
      expect((await attempt(5)).result.structuredContent.results).toHaveLength(3);
    });

    it('sees only the classifications of the key allow-list', async () => {
      const { api } = fixture();
      const client = mcp.as(
        await createKey(
          api,
          [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: ['public'] }],
          'public-only',
        ),
      );
      const session = await client.openSession();
      const message = await client.callTool(session, 'search_knowledge', {
        pipeline_id: kb.pipelineId,
        query: 'refund',
        classifications: ['internal'],
        type: 'similarity',
      });
      expect(
        message.result.structuredContent.results.map((f: { classification: string }) => f.classification),
      ).toEqual(['public']);
    });
  });
});
