/**
 * /mcp/chatgpt, the ChatGPT connector endpoint, through the official MCP client: the
 * `search` and `fetch` tools in OpenAI's documented shapes (one text item holding
 * the JSON), under the key's grants and classification allow-list, where what the
 * key cannot see is "not found" exactly as a missing document is.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { Credentials, keyHeaders } from '../support/http';
import { createKey, createSupportKb, SupportKb } from '../support/records';
import { describeEachDatabase } from '../support/suite';

const SearchAnswer = z.strictObject({
  results: z.array(z.strictObject({ id: z.string().min(1), title: z.string(), url: z.url() })),
});
const FetchAnswer = z.strictObject({
  id: z.string(),
  title: z.string(),
  text: z.string(),
  url: z.url(),
  metadata: z.record(z.string(), z.unknown()),
});

describeEachDatabase('the ChatGPT connector endpoint', (fixture) => {
  let kb: SupportKb;
  let publicOnly: Credentials;
  let internal: Credentials;
  let noGrant: Credentials;
  beforeAll(async () => {
    kb = await createSupportKb(fixture().api, 'chatgpt-kb');
    internal = await createKey(fixture().api, [{ pipeline_id: kb.pipelineId, permissions: 5 }]);
    publicOnly = await createKey(fixture().api, [
      { pipeline_id: kb.pipelineId, permissions: 5, classifications: ['public'] },
    ]);
    noGrant = await createKey(fixture().api, []);
  });

  async function connected(credentials: Credentials) {
    const transport = new StreamableHTTPClientTransport(new URL(`${fixture().trove.url}/mcp/chatgpt`), {
      requestInit: { headers: keyHeaders(credentials) },
    });
    const client = new Client({ name: 'chatgpt-shape', version: '1.0.0' });
    await client.connect(transport);
    return client;
  }

  /** The tool's one text item, parsed; the structured copy says the same. */
  async function call(client: Client, name: string, args: Record<string, unknown>) {
    const result = await client.callTool({ name, arguments: args });
    const content = result.content as { type: string; text: string }[];
    expect(content).toHaveLength(1);
    expect(content[0].type).toBe('text');
    if (result.isError) return { error: content[0].text };
    const json = JSON.parse(content[0].text);
    expect(result.structuredContent).toEqual(json);
    return { json };
  }

  it('lists search and fetch', async () => {
    const client = await connected(internal);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['search', 'fetch']);
      expect(tools[0].inputSchema).toMatchObject({ required: ['query'] });
      expect(tools[1].inputSchema).toMatchObject({ required: ['id'] });
    } finally {
      await client.close();
    }
  });

  it('searches, then fetches a result: the documented shapes', async () => {
    const client = await connected(internal);
    try {
      const found = await call(client, 'search', { query: 'How do customers get their money back?' });
      const { results } = SearchAnswer.parse(found.json);
      const refunds = results.find((r) => r.id === `${kb.pipelineId}:${kb.documents.refunds}`);
      expect(refunds).toBeDefined();
      expect(new Set(results.map((r) => r.id)).size).toBe(results.length);

      const fetched = await call(client, 'fetch', { id: refunds!.id });
      const document = FetchAnswer.parse(fetched.json);
      expect(document).toMatchObject({ id: refunds!.id, title: refunds!.title, url: refunds!.url });
      expect(document.text).toContain('Refunds for annual plans are prorated.');
      expect(document.metadata).toMatchObject({ pipeline_id: kb.pipelineId, classification: 'internal' });
    } finally {
      await client.close();
    }
  });

  it('keeps to the grants and classifications: what the key cannot see is not found, as a missing id is', async () => {
    const client = await connected(publicOnly);
    const outsider = await connected(noGrant);
    try {
      const found = await call(client, 'search', { query: 'How do customers get their money back?' });
      const ids = SearchAnswer.parse(found.json).results.map((r) => r.id);
      expect(ids).not.toContain(`${kb.pipelineId}:${kb.documents.refunds}`);
      expect(ids).not.toContain(`${kb.pipelineId}:${kb.documents.invoices}`);

      const hidden = `${kb.pipelineId}:${kb.documents.refunds}`;
      const missing = `${kb.pipelineId}:01900000-0000-7000-8000-00000000dead`;
      const refusals = await Promise.all([
        call(client, 'fetch', { id: hidden }),
        call(outsider, 'fetch', { id: `${kb.pipelineId}:${kb.documents.password}` }),
      ]);
      expect(refusals[0]).toEqual({ error: `Document ${hidden} not found` });
      expect(refusals[1]).toEqual({ error: `Document ${kb.pipelineId}:${kb.documents.password} not found` });
      expect(await call(client, 'fetch', { id: missing })).toEqual({
        error: `Document ${missing} not found`,
      });
      expect(await call(client, 'fetch', { id: 'not-an-id' })).toEqual({
        error: 'Document not-an-id not found',
      });

      // The public document is the key's to read.
      const readable = await call(client, 'fetch', { id: `${kb.pipelineId}:${kb.documents.password}` });
      expect(FetchAnswer.parse(readable.json).text).toContain('To reset a password');
      expect(SearchAnswer.parse((await call(outsider, 'search', { query: 'refund' })).json).results).toEqual(
        [],
      );
    } finally {
      await client.close();
      await outsider.close();
    }
  });

  it('answers a bad argument as a tool error, and a request without a key before any MCP', async () => {
    const client = await connected(internal);
    try {
      expect(await call(client, 'search', {})).toEqual({ error: 'query: is required' });
      expect(await call(client, 'fetch', { id: 7 })).toEqual({ error: 'id: is required' });
    } finally {
      await client.close();
    }
    const anonymous = await fetch(`${fixture().trove.url}/mcp/chatgpt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
  });
});
