/**
 * The MCP server's methods against the published pages: the example exchange
 * replayed byte for byte, the initialize result, the tool list with its schemas,
 * the shape of every tool result, calls, and the metrics of it all. Each tool's
 * own results and errors: get-pipelines, get-pipeline-classifications and
 * search-knowledge.test.ts.
 */
import { describeEachDatabase } from '../support/suite';
import {
  lastMessage,
  openToolSession,
  parseSse,
  RawMcp,
  specPage,
  tableRows,
  toolCalls,
  toolsPageBlock,
  unquote,
} from './support';
import { createKey, SupportKb } from '../support/records';

const serverPage = specPage('foundation4-mcp-server.md');
const toolsPage = specPage('foundation4-mcp-tools.md');

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

describeEachDatabase('MCP methods', (fixture) => {
  let mcp: RawMcp, kb: SupportKb, sessionId: string;
  beforeAll(async () => {
    ({ mcp, kb, sessionId } = await openToolSession(fixture()));
  });
  const { tool, output, argumentError, rpcError } = toolCalls(() => ({ mcp, sessionId }));

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
      expect(lastMessage(response.body).result).toEqual(
        toolsPageBlock('The result of an initialize request'),
      );
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
      expect(byName('get_pipelines').inputSchema).toEqual(toolsPageBlock('Input schema:', 0));
      expect(byName('get_pipelines').outputSchema).toEqual(toolsPageBlock('Output schema:', 0));
      expect(byName('get_pipeline_classifications').inputSchema).toEqual(toolsPageBlock('Input schema:', 1));
      expect(byName('get_pipeline_classifications').outputSchema).toEqual(
        toolsPageBlock('Output schema:', 1),
      );
      expect(byName('search_knowledge').inputSchema).toEqual(toolsPageBlock('Input schema. The oneOf list'));
      expect(byName('search_knowledge').outputSchema).toEqual(toolsPageBlock('Output schema:', 2));
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

  describe('calls', () => {
    it('answers an unknown tool with -32602 tool not found', async () => {
      expect(await rpcError('no_such_tool', {})).toEqual({ code: -32602, message: 'tool not found' });
    });

    it('runs each call with the key of its own HTTP request', async () => {
      const { api } = fixture();
      // A second pipeline, which the admin sees and the reader does not.
      expect(
        (await api.post('/pipelines', { name: 'not-for-the-reader', classifications: ['public'] })).status,
      ).toBe(201);
      const reader = await createKey(
        api,
        [{ pipeline_id: kb.pipelineId, permissions: 4, classifications: '*' }],
        'per-request-reader',
      );
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
      // One call of each outcome the metrics count, so the test does not lean on others before it.
      await output('get_pipelines', {});
      await output('search_knowledge', {
        pipeline_id: kb.pipelineId,
        query: 'refund',
        classifications: ['internal'],
        type: 'similarity',
      });
      await argumentError('search_knowledge', {});
      await rpcError('get_pipeline_classifications', { pipeline_id: 'abc' });
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
