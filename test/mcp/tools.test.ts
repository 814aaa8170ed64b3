/**
 * The MCP server's methods and tools against the published pages: the example
 * exchange replayed byte for byte, the initialize result, the tool list with its
 * schemas, every tool's results, argument errors and operation errors, and the
 * permissions each tool needs.
 */
import { Credentials } from '../support/http';
import { startOpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { describeEachDatabase } from '../support/suite';
import {
  createKey,
  createSupportKb,
  jsonBlocks,
  lastMessage,
  parseSse,
  RawMcp,
  specPage,
  SupportKb,
  tableRows,
  unquote,
} from './support';

const serverPage = specPage('foundation4-mcp-server.md');
const toolsPage = specPage('foundation4-mcp-tools.md');
const toolBlocks = jsonBlocks(toolsPage);
const block = (intro: string, nth = 0) => {
  const found = toolBlocks.filter((b) => b.intro.startsWith(intro));
  if (!found[nth]) throw new Error(`no JSON block after "${intro}" #${nth}`);
  return found[nth].value;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The three curl commands of the example exchange: their headers and bodies. */
function exampleRequests(): { headers: Record<string, string>; body: string }[] {
  const text = serverPage.slice(serverPage.indexOf('Example exchange'));
  const commands = text
    .split('\ncurl ')
    .slice(1)
    .map((c) => c.slice(0, c.indexOf("'\n") + 1));
  return commands.map((command) => {
    const headers: Record<string, string> = {};
    for (const match of command.matchAll(/-H "([^:]+): ([^"]*)"/g)) headers[match[1]] = match[2];
    const body = /-d '([\s\S]*)'$/.exec(command)![1];
    return { headers, body };
  });
}

/** The events the page shows after `marker`, as the bytes of a response body. */
function exampleEvents(marker: string): string {
  const lines = serverPage.slice(serverPage.indexOf(marker)).split('\n');
  const start = lines.findIndex((line) => line.startsWith('data: '));
  const events: string[] = [];
  for (const line of lines.slice(start)) {
    if (line !== '' && !/^(data|id|retry): /.test(line)) break;
    events.push(line);
  }
  while (events[events.length - 1] === '') events.pop();
  return `${events.join('\n')}\n\n`;
}

describeEachDatabase('MCP methods and tools', (fixture) => {
  let mcp: RawMcp;
  let kb: SupportKb;
  let sessionId: string;
  let modelId: string;

  beforeAll(async () => {
    const { api, trove } = fixture();
    kb = await createSupportKb(api);
    modelId = (Object.values(kb.pipeline.embedding_models)[0] as { id: string }).id;
    mcp = new RawMcp(trove.url, { id: api.credentials!.id, secret: api.credentials!.secret });
    sessionId = await mcp.openSession();
  });

  const tool = (name: string, args?: unknown) => mcp.callTool(sessionId, name, args);
  const output = async (name: string, args?: unknown) => {
    const message = await tool(name, args);
    if (!message.result || message.result.isError)
      throw new Error(`${name} failed: ${JSON.stringify(message)}`);
    return message.result.structuredContent;
  };
  const argumentError = async (name: string, args: unknown) => {
    const message = await tool(name, args);
    expect(message.result.isError).toBe(true);
    expect(Object.keys(message.result)).toEqual(['content', 'isError']);
    expect(message.result.content).toHaveLength(1);
    expect(message.result.content[0].type).toBe('text');
    return message.result.content[0].text as string;
  };
  const rpcError = async (name: string, args: unknown) => {
    const message = await tool(name, args);
    expect(message.result).toBeUndefined();
    return message.error;
  };

  describe('the example exchange of the MCP server page', () => {
    it('replays byte for byte, apart from the session id, scores and ids', async () => {
      const [initialize, initialized, call] = exampleRequests();
      const variables = (headers: Record<string, string>, session = '') => {
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(headers)) {
          out[name] = value
            .replace('$FOUNDATION4_API_KEY', mcp.credentials!.id)
            .replace('$FOUNDATION4_API_SECRET', mcp.credentials!.secret)
            .replace('$MCP_SESSION_ID', session);
        }
        return out;
      };

      const first = await mcp.request({ headers: variables(initialize.headers), body: initialize.body });
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toBe('text/event-stream');
      const session = first.headers['mcp-session-id'] as string;
      expect(session).toMatch(UUID);
      expect(first.body).toBe(exampleEvents('The response has status 200. The following output'));

      const second = await mcp.request({
        headers: variables(initialized.headers, session),
        body: initialized.body,
      });
      expect([second.status, second.body]).toEqual([202, '']);

      const body = call.body.replace(`'"$PIPELINE_ID"'`, kb.pipelineId);
      const third = await mcp.request({ headers: variables(call.headers, session), body });
      expect(third.status).toBe(200);
      expect(third.headers['content-type']).toBe('text/event-stream');
      const fragment = lastMessage(third.body).result.structuredContent.results[0];
      const score = /"score":([^,}]+)/.exec(third.body)![1];
      const expected = exampleEvents('The response has status 200 and the following events')
        .replaceAll('01a0ed0d-df3f-7f80-9a1b-2c3d4e5f6a7b', fragment.document_id)
        .replaceAll('01a0ed0d-e007-7c3d-8e4f-6a7b8c9d0e1f', fragment.id)
        .replaceAll('1790683504447128', String(fragment.version))
        .replaceAll('0.6444976753595035', score);
      expect(third.body).toBe(expected);
      expect(fragment.document_id).toBe(kb.documents.refunds);

      // The score is the distance REST search returns for the same query, at full precision.
      const rest = await fixture().api.post(`/pipelines/${kb.pipelineId}/search`, {
        type: 'similarity',
        query: 'How do customers get their money back?',
        classifications: ['internal'],
        params: { k: 1 },
      });
      expect(rest.body[0].id).toBe(fragment.id);
      expect(fragment.score).toBe(rest.body[0].score);
    });

    it('numbers the events of a session per request: 0/n then 1/n', async () => {
      const session = await mcp.openSession();
      for (let n = 0; n < 3; n++) {
        const response = await mcp.post(
          { jsonrpc: '2.0', id: n, method: 'ping' },
          mcp.sessionHeaders(session),
        );
        expect(response.body).toBe(
          `data: \nid: 0/${n}\nretry: 3000\n\ndata: {"jsonrpc":"2.0","id":${n},"result":{}}\nid: 1/${n}\n\n`,
        );
        // Notifications and posted responses take no number.
        await mcp.post(
          { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } },
          mcp.sessionHeaders(session),
        );
        await mcp.post({ jsonrpc: '2.0', id: 'x', result: {} }, mcp.sessionHeaders(session));
      }
    });
  });

  describe('server information', () => {
    it('answers initialize as published', async () => {
      const response = await mcp.post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      });
      expect(lastMessage(response.body).result).toEqual(block('The result of an initialize request'));
    });

    it.each([
      ['2024-11-05', '2024-11-05'],
      ['2025-03-26', '2025-03-26'],
      ['2025-06-18', '2025-06-18'],
      ['2025-11-25', '2025-11-25'],
      ['2026-07-28', '2026-07-28'],
      ['2024-10-07', '2025-11-25'],
      ['2099-01-01', '2025-11-25'],
      ['banana', '2025-11-25'],
    ])('negotiates %s as %s', async (requested, answered) => {
      const response = await mcp.post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: requested, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      });
      expect(response.headers['mcp-session-id']).toMatch(UUID);
      expect(lastMessage(response.body).result.protocolVersion).toBe(answered);
    });

    it('answers ping, the empty lists, completion and logging/setLevel as the page says', async () => {
      expect((await mcp.call(sessionId, 'ping')).result).toEqual({});
      expect((await mcp.call(sessionId, 'resources/list')).result).toEqual({ resources: [] });
      expect((await mcp.call(sessionId, 'prompts/list')).result).toEqual({ prompts: [] });
      const completion = await mcp.call(sessionId, 'completion/complete', {
        ref: { type: 'ref/prompt', name: 'x' },
        argument: { name: 'a', value: 'b' },
      });
      expect(completion.result).toEqual({ completion: { values: [] } });
      const setLevel = await mcp.call(sessionId, 'logging/setLevel', { level: 'debug' }, 9);
      expect(setLevel).toEqual({
        jsonrpc: '2.0',
        id: 9,
        error: { code: -32601, message: 'logging/setLevel' },
      });
    });
  });

  describe('tools/list', () => {
    it('lists the three tools in alphabetical order, as published, in one page', async () => {
      const response = await mcp.post(
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        mcp.sessionHeaders(sessionId),
      );
      const result = lastMessage(response.body).result;
      expect(Object.keys(result)).toEqual(['tools']);
      const tools = result.tools;
      expect(tools.map((t: { name: string }) => t.name)).toEqual([
        'get_pipeline_classifications',
        'get_pipelines',
        'search_knowledge',
      ]);
      for (const t of tools)
        expect(Object.keys(t)).toEqual(['name', 'description', 'inputSchema', 'outputSchema', 'annotations']);

      const descriptions = tableRows(toolsPage, 'Tool\tDescription sent to the client');
      for (const [name, description] of descriptions) {
        expect(tools.find((t: { name: string }) => t.name === unquote(name)).description).toBe(
          unquote(description),
        );
      }
      const annotations = tableRows(toolsPage, 'Tool\t`readOnlyHint`');
      for (const [name, readOnly, destructive, idempotent, openWorld] of annotations) {
        expect(tools.find((t: { name: string }) => t.name === unquote(name)).annotations).toEqual({
          readOnlyHint: unquote(readOnly) === 'true',
          destructiveHint: unquote(destructive) === 'true',
          idempotentHint: unquote(idempotent) === 'true',
          openWorldHint: unquote(openWorld) === 'true',
        });
      }
      const byName = (name: string) => tools.find((t: { name: string }) => t.name === name);
      expect(byName('get_pipelines').inputSchema).toEqual(block('Input schema:', 0));
      expect(byName('get_pipelines').outputSchema).toEqual(block('Output schema:', 0));
      expect(byName('get_pipeline_classifications').inputSchema).toEqual(block('Input schema:', 1));
      expect(byName('get_pipeline_classifications').outputSchema).toEqual(block('Output schema:', 1));
      expect(byName('search_knowledge').inputSchema).toEqual(block('Input schema. The oneOf list'));
      expect(byName('search_knowledge').outputSchema).toEqual(block('Output schema:', 2));
      for (const t of tools) {
        expect(t.inputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
        expect(t.outputSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      }
    });

    it('answers 2026-07-28 with resultType first and the cache fields', async () => {
      const response = await mcp.modern('tools/list');
      const result = lastMessage(response.body).result;
      expect(Object.keys(result)).toEqual(['resultType', 'tools', 'ttlMs', 'cacheScope']);
      expect(result.resultType).toBe('complete');
      expect(result.tools).toHaveLength(3);
    });
  });

  describe('tool results', () => {
    it('carries the output twice: a text block with the JSON, and structuredContent', async () => {
      const message = await tool('get_pipelines', { query: 'support' });
      const result = message.result;
      expect(Object.keys(result)).toEqual(['content', 'structuredContent', 'isError']);
      expect(result.isError).toBe(false);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(result.structuredContent) }]);
    });

    it('leads with "resultType": "complete" in 2026-07-28, in a single event without a session', async () => {
      const response = await mcp.modern('tools/call', {
        name: 'get_pipelines',
        arguments: { query: 'support' },
      });
      expect(response.status).toBe(200);
      expect(response.headers['mcp-session-id']).toBeUndefined();
      const events = parseSse(response.body);
      expect(events).toHaveLength(1);
      expect(events[0].id).toBeUndefined();
      const result = JSON.parse(events[0].data).result;
      expect(Object.keys(result)).toEqual(['resultType', 'content', 'structuredContent', 'isError']);
      expect(result.resultType).toBe('complete');
      expect(result.structuredContent.results[0].pipeline_id).toBe(kb.pipelineId);
    });

    it('sorts the keys of every object, fragment metadata included', async () => {
      const { api } = fixture();
      const added = await api.post(`/pipelines/${kb.pipelineId}/documents`, {
        content: 'Zebra crossings of the quarterly newsletter.',
        classification: 'public',
        metadata: { zeta: 1, alpha: { omega: true, beta: [{ y: 1, b: 2 }] }, Mid: 'x' },
      });
      expect(added.status).toBe(201);
      const message = await tool('search_knowledge', {
        pipeline_id: kb.pipelineId,
        query: 'zebra crossings newsletter',
        classifications: ['public'],
        type: 'similarity',
        params: { k: 1 },
      });
      const text = message.result.content[0].text as string;
      expect(text).toContain('"metadata":{"Mid":"x","alpha":{"beta":[{"b":2,"y":1}],"omega":true},"zeta":1}');
      const fragmentKeys = Object.keys(message.result.structuredContent.results[0]);
      expect(fragmentKeys).toEqual([...fragmentKeys].sort());
      await api.delete(`/pipelines/${kb.pipelineId}/documents/${added.body.id}`);
    });
  });

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
      const example = block(
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
      const none = await createKey(api, 'no-read', [
        { pipeline_id: kb.pipelineId, permissions: 1, classifications: '*' },
      ]);
      const one = await createKey(api, 'one-pipeline', [
        { pipeline_id: kb.pipelineId, permissions: 4, classifications: '*' },
      ]);
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

  describe('get_pipeline_classifications', () => {
    it('returns the published object for support-kb, like REST', async () => {
      const result = await output('get_pipeline_classifications', { pipeline_id: kb.pipelineId });
      expect(result).toEqual(
        block(
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
      expect(events[1].data).toBe(JSON.stringify(block('The following response reports a pipeline')));
      expect(await argumentError('get_pipeline_classifications', {})).toBe(
        'failed to deserialize parameters: missing field `pipeline_id`',
      );
    });

    it('needs read and the * allow-list', async () => {
      const { api } = fixture();
      const check = async (grants: unknown[]) => {
        const client = mcp.as(
          await createKey(api, `classifications-${grants.length}-${Math.random()}`, grants),
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
      const example = block('The following call runs an MMR search').params.arguments;
      const found = await results({ ...example, pipeline_id: kb.pipelineId });
      expect(found.map((f) => f.document_id).sort()).toEqual(Object.values(kb.documents).sort());
      expect(found.map((f) => f.score)).toEqual([...found.map((f) => f.score)].sort((a, b) => a - b));
      const fields = Object.keys(
        block(
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

    it('answers the placeholders and the invalid type as internal errors', async () => {
      const hybrid = await search({ type: 'hybrid', params: { k: 3, embedding: null, extra: 1 } });
      expect(hybrid.error).toEqual({
        code: -32603,
        message: 'Hybrid placeholder is not implemented yet',
        data: { params: { params: { embedding: null, k: 3 } } },
      });
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
          await createKey(api, `search-${permissions}`, [
            { pipeline_id: kb.pipelineId, permissions, classifications: '*' },
          ]),
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
        await createKey(api, 'public-only', [
          { pipeline_id: kb.pipelineId, permissions: 5, classifications: ['public'] },
        ]),
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

  describe('calls', () => {
    it('answers an unknown tool with -32602 tool not found', async () => {
      expect(await rpcError('no_such_tool', {})).toEqual({ code: -32602, message: 'tool not found' });
    });

    it('runs each call with the key of its own HTTP request', async () => {
      const { api } = fixture();
      const reader = await createKey(api, 'per-request-reader', [
        { pipeline_id: kb.pipelineId, permissions: 4, classifications: '*' },
      ]);
      const admin = await mcp.callTool(sessionId, 'get_pipelines', { limit: 100 });
      const asReader = await mcp.as(reader).callTool(sessionId, 'get_pipelines', { limit: 100 });
      expect(admin.result.structuredContent.results.length).toBeGreaterThan(1);
      expect(
        asReader.result.structuredContent.results.map((p: { pipeline_id: string }) => p.pipeline_id),
      ).toEqual([kb.pipelineId]);
    });
  });

  describe('metrics', () => {
    it('exports MCP sessions, requests by method, tool calls by outcome and tool latency', async () => {
      const metrics = (await fixture().api.get('/metrics')).text as string;
      expect(metrics).toMatch(/^trove_mcp_sessions_open \d+/m);
      expect(metrics).toMatch(/^trove_mcp_requests_total\{method="tools\/call"\} \d+/m);
      expect(metrics).toMatch(/^trove_mcp_requests_total\{method="initialize"\} \d+/m);
      expect(metrics).toMatch(
        /^trove_mcp_tool_calls_total\{tool="search_knowledge",outcome="success"\} \d+/m,
      );
      expect(metrics).toMatch(
        /^trove_mcp_tool_calls_total\{tool="search_knowledge",outcome="tool_error"\} \d+/m,
      );
      expect(metrics).toMatch(
        /^trove_mcp_tool_calls_total\{tool="get_pipeline_classifications",outcome="rpc_error"\} \d+/m,
      );
      expect(metrics).toMatch(/^trove_mcp_tool_duration_seconds_count\{tool="get_pipelines"\} \d+/m);
      const open = Number(/^trove_mcp_sessions_open (\d+)/m.exec(metrics)![1]);
      expect(open).toBeGreaterThan(0);
    });
  });
});
