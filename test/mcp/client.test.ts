/**
 * The official MCP TypeScript client (@modelcontextprotocol/client) over
 * streamable HTTP, with the two API key headers: 2025-11-25 with a session,
 * and 2026-07-28 without one, pinned or negotiated.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Credentials, keyHeaders } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { RawMcp, refundsSearch } from './support';
import { createKey, createSupportKb, SupportKb } from '../support/records';

type Mode = 'legacy' | 'auto' | { pin: string };

describeEachDatabase('the official MCP client', (fixture) => {
  let kb: SupportKb;
  beforeAll(async () => {
    kb = await createSupportKb(fixture().api);
  });

  function connect(mode: Mode, credentials: Credentials = fixture().api.credentials!) {
    const transport = new StreamableHTTPClientTransport(new URL(`${fixture().trove.url}/mcp`), {
      requestInit: { headers: keyHeaders(credentials) },
    });
    const client = new Client({ name: 'trove-tests', version: '1.0.0' }, { versionNegotiation: { mode } });
    return { client, transport, connected: client.connect(transport) };
  }

  const searchArguments = () => refundsSearch(kb.pipelineId);

  describe('2025-11-25, with a session', () => {
    it('initializes, lists and calls the tools, then ends the session', async () => {
      const { client, transport, connected } = connect('legacy');
      await connected;
      try {
        expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
        expect(client.getServerVersion()).toEqual({ name: 'rmcp', version: '3.1.4' });
        expect(client.getServerCapabilities()).toEqual({ tools: {} });
        expect(client.getInstructions()).toBe('Foundation4.ai');

        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual([
          'get_pipeline_classifications',
          'get_pipelines',
          'search_knowledge',
        ]);

        const listing = await client.callTool({ name: 'get_pipelines', arguments: { query: 'support' } });
        expect(listing.isError).toBe(false);
        expect(listing.structuredContent).toEqual({
          results: [expect.objectContaining({ pipeline_id: kb.pipelineId, name: 'support-kb' })],
        });

        const found = await client.callTool({ name: 'search_knowledge', arguments: searchArguments() });
        expect(found.isError).toBe(false);
        const results = (found.structuredContent as { results: { document_id: string }[] }).results;
        expect(results.map((r) => r.document_id)).toEqual([kb.documents.refunds]);
        expect(JSON.parse((found.content as { text: string }[])[0].text)).toEqual(found.structuredContent);

        const classifications = await client.callTool({
          name: 'get_pipeline_classifications',
          arguments: { pipeline_id: kb.pipelineId },
        });
        expect(classifications.structuredContent).toEqual({
          classifications: ['internal', 'public'],
          hierarchy: [['internal', 'public']],
        });

        const wrong = await client.callTool({
          name: 'search_knowledge',
          arguments: { ...searchArguments(), type: 'vector' },
        });
        expect(wrong.isError).toBe(true);
        expect((wrong.content as { text: string }[])[0].text).toMatch(
          /^failed to deserialize parameters: unknown variant `vector`/,
        );

        await expect(
          client.callTool({ name: 'get_pipeline_classifications', arguments: { pipeline_id: 'abc' } }),
        ).rejects.toMatchObject({
          code: -32600,
          message: expect.stringContaining('invalid length: found 3'),
        });
        await expect(client.ping()).resolves.toBeDefined();

        const sessionId = transport.sessionId!;
        await transport.terminateSession();
        const after = await new RawMcp(fixture().trove.url, fixture().api.credentials!).post(
          { jsonrpc: '2.0', id: 1, method: 'ping' },
          { 'mcp-session-id': sessionId },
        );
        expect(after.status).toBe(404);
      } finally {
        await client.close();
      }
    });

    it('runs each call with the permissions of its key', async () => {
      const reader = await createKey(
        fixture().api,
        [{ pipeline_id: kb.pipelineId, permissions: 4, classifications: '*' }],
        'client-reader',
      );
      const { client, connected } = connect('legacy', reader);
      await connected;
      try {
        const listing = await client.callTool({ name: 'get_pipelines', arguments: { limit: 100 } });
        expect((listing.structuredContent as { results: unknown[] }).results).toHaveLength(1);
        await expect(
          client.callTool({ name: 'search_knowledge', arguments: searchArguments() }),
        ).rejects.toMatchObject({
          code: -32002,
          message: expect.stringContaining('Pipeline not found'),
        });
      } finally {
        await client.close();
      }
    });

    it('fails to connect with a wrong key', async () => {
      const { client, connected } = connect('legacy', {
        id: fixture().api.credentials!.id,
        secret: 'not-the-secret-at-all',
      });
      await expect(connected).rejects.toThrow(/401|Unauthorized/);
      await client.close();
    });
  });

  describe.each<[string, Mode]>([
    ['pinned', { pin: '2026-07-28' }],
    ['negotiated', 'auto'],
  ])('2026-07-28, %s, without a session', (_name, mode) => {
    it('discovers the server, lists and calls the tools', async () => {
      const { client, transport, connected } = connect(mode);
      await connected;
      try {
        expect(transport.sessionId).toBeUndefined();
        expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
        expect(client.getServerVersion()).toEqual({ name: 'rmcp', version: '3.1.4' });
        expect(client.getInstructions()).toBe('Foundation4.ai');

        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual([
          'get_pipeline_classifications',
          'get_pipelines',
          'search_knowledge',
        ]);

        const found = await client.callTool({ name: 'search_knowledge', arguments: searchArguments() });
        expect(found.isError).toBe(false);
        expect(
          (found.structuredContent as { results: { document_id: string }[] }).results[0].document_id,
        ).toBe(kb.documents.refunds);

        await expect(
          client.callTool({
            name: 'search_knowledge',
            arguments: { ...searchArguments(), pipeline_id: '7d3e9a41-2b6c-4f8d-9e1a-5c0b3f6a8d27' },
          }),
        ).rejects.toMatchObject({
          code: -32002,
        });
        const unknownTool = client.callTool({ name: 'no_such_tool', arguments: {} });
        await expect(unknownTool).rejects.toMatchObject({ code: -32602 });
      } finally {
        await client.close();
      }
    });
  });
});
