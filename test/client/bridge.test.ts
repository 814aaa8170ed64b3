/**
 * The stdio bridge (`trove-mcp`) as a desktop assistant runs it: spawned by the
 * official client's stdio transport, with a key in its environment, against a
 * running Trove. It lists the /mcp and Guided Mind tools with portable schemas,
 * forwards calls, and uploads files of its own machine through REST.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { portabilityProblem } from '../../src/mcp/portable-schemas';
import { RETURN_POLICY } from '../guided-mind/support';
import { createKey, createSupportKb, SupportKb } from '../support/records';
import { Credentials } from '../support/http';
import { describeEachDatabase } from '../support/suite';

const NODE = path.resolve(__dirname, '../../node_modules/.bin/node');
const BIN = path.resolve(__dirname, '../../dist/client/trove-mcp.js');

describeEachDatabase('the stdio bridge', (fixture) => {
  let kb: SupportKb;
  let key: Credentials;
  let client: Client;
  let stderr = '';
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-bridge-'));

  beforeAll(async () => {
    kb = await createSupportKb(fixture().api);
    key = await createKey(
      fixture().api,
      [{ pipeline_id: kb.pipelineId, permissions: 7, classifications: '*' }],
      'desktop',
    );
    fs.writeFileSync(path.join(folder, 'returns.md'), RETURN_POLICY);
    const transport = new StdioClientTransport({
      command: NODE,
      args: [BIN],
      cwd: folder,
      env: {
        PATH: process.env.PATH ?? '',
        TROVE_URL: fixture().trove.url,
        TROVE_API_KEY: key.id,
        TROVE_API_SECRET: key.secret,
      },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk) => (stderr += chunk));
    client = new Client({ name: 'desktop-assistant', version: '1.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('lists the /mcp tools and the Guided Mind tools, every schema portable', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_pipeline_classifications',
      'get_pipelines',
      'search_knowledge',
      'rag_search',
      'upload_document',
      'upload_and_process',
    ]);
    for (const tool of tools)
      expect(portabilityProblem(tool.inputSchema as Record<string, unknown>)).toBeNull();
  });

  it('forwards the /mcp tools, answers and errors alike', async () => {
    const listed = await client.callTool({ name: 'get_pipelines', arguments: {} });
    expect(listed.structuredContent).toEqual({
      results: [expect.objectContaining({ pipeline_id: kb.pipelineId, name: 'support-kb' })],
    });
    const found = await client.callTool({
      name: 'search_knowledge',
      arguments: {
        pipeline_id: kb.pipelineId,
        query: 'How do customers get their money back?',
        classifications: ['internal'],
        type: 'similarity',
        params: { k: 1 },
      },
    });
    expect((found.structuredContent as { results: { document_id: string }[] }).results).toHaveLength(1);
    const wrongType = await client.callTool({
      name: 'search_knowledge',
      arguments: { pipeline_id: kb.pipelineId, query: 'q', classifications: [], type: 'vector' },
    });
    expect(wrongType.isError).toBe(true);
    await expect(
      client.callTool({ name: 'get_pipeline_classifications', arguments: { pipeline_id: 'nope' } }),
    ).rejects.toThrow('invalid character: found `n` at 0');
  });

  it('uploads a file of its own machine, then finds it with rag_search', async () => {
    const processed = await client.callTool({
      name: 'upload_and_process',
      arguments: { file_path: 'returns.md', project_id: kb.pipelineId, chunk_size: 512, chunk_overlap: 50 },
    });
    expect(processed.structuredContent).toMatchObject({
      filename: 'returns.md',
      status: 'processing',
      chunks_created: 1,
      message: 'Document uploaded and processing started.',
    });
    const documentId = (processed.structuredContent as { document_id: string }).document_id;
    const stored = await fixture().api.get(`/pipelines/${kb.pipelineId}/documents/${documentId}`);
    // No classification given: the narrowest of support-kb's (internal inherits public).
    expect(stored.body).toMatchObject({ classification: 'internal', external_id: 'returns.md' });

    const search = await client.callTool({
      name: 'rag_search',
      arguments: { query: 'What is the return policy?' },
    });
    const hits = (search.structuredContent as { content: { document_id: string; document_name: string }[] })
      .content;
    expect(hits[0]).toMatchObject({ document_id: documentId, document_name: 'returns.md' });

    const kept = await client.callTool({
      name: 'upload_document',
      arguments: {
        file_path: path.join(folder, 'returns.md'),
        project_id: kb.pipelineId,
        classification: 'public',
      },
    });
    expect(kept.structuredContent).toMatchObject({
      status: 'uploaded',
      message: 'Document uploaded successfully.',
    });
    const fileId = (kept.structuredContent as { document_id: string }).document_id;
    expect((await fixture().api.get(`/pipelines/${kb.pipelineId}/files/${fileId}`)).body).toMatchObject({
      filename: 'returns.md',
      classification: 'public',
    });
  });

  it('answers what went wrong as tool errors', async () => {
    const missing = await client.callTool({
      name: 'upload_document',
      arguments: { file_path: 'nowhere.pdf', project_id: kb.pipelineId },
    });
    expect(missing).toMatchObject({ isError: true });
    expect((missing.content as { text: string }[])[0].text).toBe(
      `file_path 'nowhere.pdf': no such file (looked for ${path.join(fs.realpathSync(folder), 'nowhere.pdf')})`,
    );
    const foreign = await client.callTool({
      name: 'upload_and_process',
      arguments: {
        file_path: 'returns.md',
        project_id: '01900000-0000-7000-8000-0000000000ff',
        classification: 'public',
      },
    });
    expect((foreign.content as { text: string }[])[0].text).toBe('Pipeline not found');
    expect(stderr).not.toContain(key.secret);
  });
});
