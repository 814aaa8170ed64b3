/**
 * One set of rules for a search, whichever edge it comes through (issue 8,
 * items 4, 8 and 10): REST answers 422 `{"detail"}`, MCP the JSON-RPC error
 * -32603 that the tools page gives every failure outside its table, with the
 * same message. And MCP never shows the database's text.
 *
 * Limits at their defaults: TROVE_SEARCH_MAX_QUERY_CHARS 8192,
 * TROVE_SEARCH_MAX_QUERY_TERMS 64, TROVE_SEARCH_MAX_K 1000.
 */
import { describeEachDatabase } from '../support/suite';
import { RawMcp } from '../mcp/support';
import { createSupportKb, SupportKb } from '../support/records';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describeEachDatabase('search rules shared by REST and MCP', (fixture) => {
  let kb: SupportKb;
  let mcp: RawMcp;
  let sessionId: string;

  beforeAll(async () => {
    const { api, trove } = fixture();
    kb = await createSupportKb(api, 'rules-kb');
    mcp = new RawMcp(trove.url, api.credentials);
    sessionId = await mcp.openSession();
  });

  const cases: {
    name: string;
    rest: Record<string, unknown>;
    mcp: Record<string, unknown>;
    message: string;
  }[] = [
    {
      name: 'an empty query',
      rest: { type: 'similarity', query: '  ' },
      mcp: { type: 'similarity', query: '  ' },
      message: 'query: must not be empty',
    },
    {
      name: 'lambda_mult above 1',
      rest: { type: 'mmr', query: 'refunds', params: { k: 2, fetch_k: 3, lambda_mult: 5 } },
      mcp: { type: 'mmr', query: 'refunds', params: { k: 2, fetch_k: 3, lambda_mult: 5 } },
      message: 'params.lambda_mult: must be a number from 0 (diversity) to 1 (relevance), or null',
    },
    {
      name: 'a query over TROVE_SEARCH_MAX_QUERY_CHARS',
      rest: { type: 'similarity', query: 'a'.repeat(8193) },
      mcp: { type: 'similarity', query: 'a'.repeat(8193) },
      message: 'query: must be at most 8192 characters (TROVE_SEARCH_MAX_QUERY_CHARS)',
    },
    {
      name: 'a full-text query of more words than TROVE_SEARCH_MAX_QUERY_TERMS',
      rest: { type: 'search', query: words(65) },
      mcp: { type: 'search', query: words(65) },
      message: 'query: a full-text query must hold at most 64 words (TROVE_SEARCH_MAX_QUERY_TERMS)',
    },
    {
      name: 'k over TROVE_SEARCH_MAX_K',
      rest: { type: 'similarity', query: 'refunds', params: { k: 1001 } },
      mcp: { type: 'similarity', query: 'refunds', params: { k: 1001 } },
      message: 'params.k: must be at most 1000 (TROVE_SEARCH_MAX_K)',
    },
    {
      name: 'fetch_k over TROVE_SEARCH_MAX_K',
      rest: { type: 'mmr', query: 'refunds', params: { k: 2, fetch_k: 65535 } },
      mcp: { type: 'mmr', query: 'refunds', params: { k: 2, fetch_k: 65535 } },
      message: 'params.fetch_k: must be at most 1000 (TROVE_SEARCH_MAX_K)',
    },
    {
      name: 'more than 1000 classifications',
      rest: {
        type: 'similarity',
        query: 'refunds',
        classifications: Array.from({ length: 1001 }, (_, i) => `c${i}`),
      },
      mcp: {
        type: 'similarity',
        query: 'refunds',
        classifications: Array.from({ length: 1001 }, (_, i) => `c${i}`),
      },
      message: 'classifications: must hold at most 1000 names',
    },
  ];

  it.each(cases.map((c) => [c.name, c]))('refuses %s on both edges with one message', async (_, c) => {
    const rest = await fixture().api.post(`/pipelines/${kb.pipelineId}/search`, {
      classifications: ['public'],
      ...c.rest,
    });
    expect({ status: rest.status, body: rest.body }).toEqual({ status: 422, body: { detail: c.message } });
    const message = await mcp.callTool(sessionId, 'search_knowledge', {
      pipeline_id: kb.pipelineId,
      classifications: ['public'],
      ...c.mcp,
    });
    expect(message.error).toEqual({ code: -32603, message: c.message });
  });

  it('accepts the largest allowed values on both edges', async () => {
    const rest = await fixture().api.post(`/pipelines/${kb.pipelineId}/search`, {
      type: 'search',
      query: words(64),
      classifications: ['public'],
      params: { k: 1000 },
    });
    expect(rest.status).toBe(200);
    const message = await mcp.callTool(sessionId, 'search_knowledge', {
      pipeline_id: kb.pipelineId,
      type: 'mmr',
      query: 'a'.repeat(8192),
      classifications: ['public'],
      params: { k: 1000, fetch_k: 1000, lambda_mult: 1 },
    });
    expect(message.result.isError).toBe(false);
  });

  it('answers NUL in an MCP text argument with the rule, not the database text', async () => {
    const listing = await mcp.callTool(sessionId, 'get_pipelines', { query: '\u0000' });
    expect(listing.error).toEqual({
      code: -32603,
      message: 'query: must not contain NUL characters (\\u0000)',
    });
    const search = await mcp.callTool(sessionId, 'search_knowledge', {
      pipeline_id: kb.pipelineId,
      type: 'search',
      query: 'refunds\u0000',
      classifications: ['public'],
    });
    expect(search.error).toEqual({
      code: -32603,
      message: 'query: must not contain NUL characters (\\u0000)',
    });
  });

  it('keeps the published -32600 errors', async () => {
    const message = await mcp.callTool(sessionId, 'search_knowledge', {
      pipeline_id: kb.pipelineId,
      type: 'similarity',
      query: 'refunds',
      classifications: ['public'],
      embedding_model_id: kb.pipeline.default_vector_embedding_id,
    });
    expect(message.error).toEqual({ code: -32600, message: 'Embedding model not found' });
  });
});
