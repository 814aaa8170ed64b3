/**
 * The Guided Mind tools at /api/v1/mcp: the page's example calls answer the page's
 * result shapes over every transport, the official client parses them, rag_search
 * keeps to the key's grants, and `file_path` never leaves TROVE_UPLOAD_ROOT.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createKey, createSupportKb, SupportKb } from '../support/records';
import { Credentials, keyHeaders, rawRequest } from '../support/http';
import { startRerankStub } from '../support/rerank-stub';
import { describeEachDatabase } from '../support/suite';
import { connect, makeUploadRoot, rawCall, RETURN_POLICY, TRANSPORTS } from './support';

const { root, outside } = makeUploadRoot();

const NOT_UNDER_ROOT = 'no such file inside the upload root (links out of it are not followed)';

/** Uploads raced against the swapper, a few seconds' worth, from a few clients at once. */
const RACE_CALLS = 600;
const RACE_CLIENTS = 4;
/**
 * Swaps `<base>/docs` with the link `<base>/link-out` (out of the root) and back, in a
 * loop until killed; every rename is atomic, so the path is a folder, a link or missing.
 */
const SWAPPER = `
const fs = require('node:fs');
const base = process.argv[1];
const folder = base + '/docs', aside = base + '/docs-aside', link = base + '/link-out';
for (;;) {
  try {
    fs.renameSync(folder, aside);
    fs.renameSync(link, folder);
    fs.renameSync(folder, link);
    fs.renameSync(aside, folder);
  } catch {}
}`;

type Hit = { text: string; score: number; document_id: string; document_name: string; project_id: string };

describeEachDatabase(
  'the Guided Mind tools',
  (fixture) => {
    let kb: SupportKb;
    let other: SupportKb;
    let admin: Credentials;
    const url = () => fixture().trove.url;

    beforeAll(async () => {
      const { api } = fixture();
      admin = api.credentials!;
      kb = await createSupportKb(api);
      other = await createSupportKb(api, 'other-kb');
      const added = await api.post(`/pipelines/${kb.pipelineId}/documents`, {
        content: RETURN_POLICY,
        classification: 'public',
        metadata: { filename: 'policies.pdf' },
      });
      expect(added.status).toBe(201);
    });

    describe("the page's example calls and result shapes", () => {
      it('rag_search: content items with text, score, document_id, document_name (and type), and metadata', async () => {
        const result = await rawCall(url(), admin, 'rag_search', {
          query: 'What is the return policy?',
          limit: 5,
          threshold: 0.7,
        });
        expect(result.isError).toBeUndefined();
        expect(result.content.length).toBeGreaterThanOrEqual(1);
        const [best] = result.content;
        expect(best).toEqual({
          type: 'text',
          text: expect.stringContaining('Our return policy allows returns within 30 days'),
          score: expect.any(Number),
          document_id: expect.any(String),
          document_name: 'policies.pdf',
          project_id: kb.pipelineId,
        });
        expect(best.score).toBeGreaterThanOrEqual(0.7);
        expect(result.metadata).toEqual({
          chunks_retrieved: result.content.length,
          processing_time_ms: expect.any(Number),
        });
        // The same data for clients that read structured content.
        expect(result.structuredContent).toEqual({
          content: result.content.map(({ type: _type, ...hit }: { type: string }) => hit),
          metadata: result.metadata,
        });
      });

      it('upload_document: keeps the file for later processing', async () => {
        const result = await rawCall(url(), admin, 'upload_document', {
          file_path: './policies.md',
          project_id: kb.pipelineId,
        });
        expect(result).toMatchObject({
          document_id: expect.any(String),
          filename: 'policies.md',
          status: 'uploaded',
          message: 'Document uploaded successfully.',
        });
        expect(result.structuredContent).toMatchObject({
          document_id: result.document_id,
          filename: 'policies.md',
          status: 'uploaded',
          project_id: kb.pipelineId,
        });
        const pending = await fixture().api.get(`/pipelines/${kb.pipelineId}/files/${result.document_id}`);
        // No classification given: the pipeline's narrowest (internal inherits public).
        expect(pending.body).toMatchObject({ filename: 'policies.md', classification: 'internal' });
        const processed = await fixture().api.post(
          `/pipelines/${kb.pipelineId}/files/${result.document_id}/process`,
        );
        expect(processed.status).toBe(201);
      });

      it('upload_and_process: stores the document with the chunking asked for, searchable at once', async () => {
        const result = await rawCall(url(), admin, 'upload_and_process', {
          file_path: 'sub/shipping.txt',
          project_id: kb.pipelineId,
          chunk_size: 512,
          chunk_overlap: 50,
          classification: 'public',
        });
        expect(result).toMatchObject({
          document_id: expect.any(String),
          filename: 'shipping.txt',
          status: 'processing',
          chunks_created: 1,
          message: 'Document uploaded and processing started.',
        });
        const document = await fixture().api.get(
          `/pipelines/${kb.pipelineId}/documents/${result.document_id}`,
        );
        expect(document.body).toMatchObject({
          classification: 'public',
          metadata: { filename: 'shipping.txt' },
        });
        const found = await rawCall(url(), admin, 'rag_search', {
          query: 'How fast do parcels ship?',
          threshold: 0,
        });
        expect(found.structuredContent.content.map((hit: Hit) => hit.document_id)).toContain(
          result.document_id,
        );
      });
    });

    describe.each(TRANSPORTS)('the official client over %s', (transport) => {
      it('lists the three tools and parses every result', async () => {
        const client = await connect(url(), admin, transport);
        try {
          const { tools } = await client.listTools();
          expect(tools.map((tool) => tool.name)).toEqual([
            'rag_search',
            'upload_document',
            'upload_and_process',
          ]);
          const search = await client.callTool({
            name: 'rag_search',
            arguments: { query: 'return policy', threshold: 0.2 },
          });
          expect(search.isError).toBeFalsy();
          const hits = (search.structuredContent as { content: Hit[] }).content;
          expect(hits[0].document_name).toBe('policies.pdf');
          expect(search.content).toEqual(hits.map((hit) => ({ type: 'text', text: hit.text })));

          const upload = await client.callTool({
            name: 'upload_and_process',
            arguments: { file_path: 'policies.md', project_id: other.pipelineId, classification: 'public' },
          });
          expect(upload.structuredContent).toMatchObject({ status: 'processing', filename: 'policies.md' });
          const refused = await client.callTool({ name: 'rag_search', arguments: { query: '', limit: 50 } });
          expect(refused.isError).toBe(true);
          expect(refused.content).toEqual([
            {
              type: 'text',
              text: 'Invalid arguments: query: must be a string of 1-1000 characters; limit: must be an integer from 1 to 20',
            },
          ]);
        } finally {
          await client.close();
        }
      });
    });

    describe('rag_search and the key', () => {
      let publicReader: Credentials;
      let readOnly: Credentials;
      beforeAll(async () => {
        publicReader = await createKey(
          fixture().api,
          [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: ['public'] }],
          'public-reader',
        );
        readOnly = await createKey(
          fixture().api,
          [
            { pipeline_id: kb.pipelineId, permissions: 4, classifications: '*' },
            { pipeline_id: other.pipelineId, permissions: 4, classifications: '*' },
          ],
          'read-only',
        );
      });

      const hitsOf = async (credentials: Credentials, query = '') => {
        const result = await rawCall(
          url(),
          credentials,
          'rag_search',
          { query: 'refund invoices password policy', threshold: 0, limit: 20 },
          query,
        );
        return result;
      };

      it('searches every pipeline the key may search, merged by score, and only what its allow-list gives', async () => {
        const all = await hitsOf(admin);
        const hits: Hit[] = all.structuredContent.content;
        expect(new Set(hits.map((hit) => hit.project_id))).toEqual(
          new Set([kb.pipelineId, other.pipelineId]),
        );
        expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
        for (const hit of hits) expect(hit.score).toBeGreaterThanOrEqual(0);

        const narrowed: Hit[] = (await hitsOf(publicReader)).structuredContent.content;
        expect(narrowed.length).toBeGreaterThan(0);
        expect(narrowed.every((hit) => hit.project_id === kb.pipelineId)).toBe(true);
        const internal = [kb.documents.invoices, kb.documents.refunds];
        expect(narrowed.some((hit) => internal.includes(hit.document_id))).toBe(false);
      });

      it('names a pipeline with ?project_id=, and a pipeline the key may not search does not exist for it', async () => {
        const one: Hit[] = (await hitsOf(admin, `project_id=${other.pipelineId}`)).structuredContent.content;
        expect(one.length).toBeGreaterThan(0);
        expect(one.every((hit) => hit.project_id === other.pipelineId)).toBe(true);

        const hidden = await hitsOf(publicReader, `project_id=${other.pipelineId}`);
        const missing = await hitsOf(publicReader, 'project_id=01900000-0000-7000-8000-0000000000ff');
        expect(hidden).toEqual({ content: [{ type: 'text', text: 'Pipeline not found' }], isError: true });
        expect(missing).toEqual(hidden);
        // Read without execute: nothing to search, named or not.
        expect(await hitsOf(readOnly, `project_id=${kb.pipelineId}`)).toEqual(hidden);
        expect((await hitsOf(readOnly)).structuredContent.content).toEqual([]);
      });

      it("answers an ordinary question with the passage that answers it, at the page's default threshold", async () => {
        const result = await rawCall(url(), admin, 'rag_search', {
          query: 'How do refunds work for annual plans?',
        });
        const hits: Hit[] = result.structuredContent.content;
        expect(hits[0].document_id).toBe(kb.documents.refunds);
        expect(hits[0].score).toBeGreaterThanOrEqual(0.7);
        expect(hits.every((hit) => hit.score >= 0.7 && hit.score <= 1)).toBe(true);
      });

      it("scores by the pipeline's default reranker when it names one", async () => {
        const { api } = fixture();
        const stub = await startRerankStub();
        try {
          const reranker = await api.post('/rerankers', {
            name: `rag-reranker-${Date.now()}`,
            provider: 'tei',
            endpoint: stub.teiUrl,
          });
          expect(
            (await api.patch(`/pipelines/${other.pipelineId}`, { default_reranker_id: reranker.body.id }))
              .status,
          ).toBe(200);
          const query = 'refund reason ticket';
          const hits: Hit[] = (
            await rawCall(
              url(),
              admin,
              'rag_search',
              { query, threshold: 0, limit: 3 },
              `project_id=${other.pipelineId}`,
            )
          ).structuredContent.content;
          expect(hits[0].document_id).toBe(other.documents.refunds);
          for (const hit of hits)
            expect(hit.score).toBeCloseTo(Math.min(1, stub.relevance(query, hit.text)), 9);
          expect(stub.requests.length).toBeGreaterThan(0);
          await api.patch(`/pipelines/${other.pipelineId}`, { default_reranker_id: null });
        } finally {
          await stub.close();
        }
      });

      it('keeps hits at least as similar as the threshold, at most limit of them', async () => {
        const loose: Hit[] = (
          await rawCall(url(), admin, 'rag_search', { query: 'return policy', threshold: 0, limit: 2 })
        ).structuredContent.content;
        expect(loose).toHaveLength(2);
        const all: Hit[] = (
          await rawCall(url(), admin, 'rag_search', {
            query: 'return policy refunds',
            threshold: 0,
            limit: 20,
          })
        ).structuredContent.content;
        const scores = all.map((hit) => hit.score);
        const cut = (Math.max(...scores) + Math.min(...scores)) / 2;
        expect(Math.max(...scores)).toBeGreaterThan(cut);
        const strict = await rawCall(url(), admin, 'rag_search', {
          query: 'return policy refunds',
          threshold: cut,
          limit: 20,
        });
        expect(strict.structuredContent.content).toEqual(all.filter((hit) => hit.score >= cut));
        expect(strict.metadata.chunks_retrieved).toBe(strict.structuredContent.content.length);
        // Nothing scores above 1.
        const none = await rawCall(url(), admin, 'rag_search', { query: 'invoices', threshold: 1.0 });
        expect(none.structuredContent.content.every((hit: Hit) => hit.score === 1)).toBe(true);
      });
    });

    describe('file_path on the server', () => {
      const refusal = async (filePath: string) => {
        const result = await rawCall(url(), admin, 'upload_document', {
          file_path: filePath,
          project_id: kb.pipelineId,
        });
        expect(result.isError).toBe(true);
        return result.content[0].text as string;
      };

      it.each([
        ['../outside/secret.txt', "'..' is not allowed"],
        ['sub/../policies.md', "'..' is not allowed"],
        // Whatever is outside, there or not, through a link or not: one text.
        [path.join(outside, 'secret.txt'), NOT_UNDER_ROOT],
        [path.join(outside, 'no-such-file.txt'), NOT_UNDER_ROOT],
        ['escape.txt', NOT_UNDER_ROOT],
        ['dangling-escape.txt', NOT_UNDER_ROOT],
        ['outside-dir/secret.txt', NOT_UNDER_ROOT],
        ['outside-dir/no-such-file.txt', NOT_UNDER_ROOT],
        ['/etc/passwd', NOT_UNDER_ROOT],
        ['/etc/no-such-file', NOT_UNDER_ROOT],
        ['/dev/zero', NOT_UNDER_ROOT],
        [
          'hard-link.txt',
          'it has other hard links, which may lead out of the upload root; upload a copy instead',
        ],
        ['pipe.txt', 'not a regular file'],
        ['folder.md', 'not a regular file'],
        ['missing.md', NOT_UNDER_ROOT],
        ['..notes.md', 'not a regular file'],
      ])('refuses %s', async (filePath, reason) => {
        const text = await refusal(filePath);
        expect(text).toContain(`file_path '${filePath}': ${reason}.`);
        expect(text).toContain('stdio bridge');
      });

      it('reads a file through a link that stays inside, under the real name', async () => {
        const result = await rawCall(url(), admin, 'upload_document', {
          file_path: 'inside-link.md',
          project_id: kb.pipelineId,
        });
        expect(result).toMatchObject({ filename: 'policies.md', status: 'uploaded' });
      });

      it('never stores a file from outside the root while a folder of its path is swapped for a link out', async () => {
        // A folder of the path flips between a real folder and a link out of the root,
        // as fast as a child process can rename; the uploads race it. A win would be a
        // pending file holding the outside bytes.
        const base = fs.mkdtempSync(path.join(root, 'race-'));
        const away = fs.mkdtempSync(path.join(outside, 'race-'));
        const folder = path.join(base, 'docs');
        fs.mkdirSync(folder);
        fs.writeFileSync(path.join(folder, 'notes.txt'), 'Notes kept inside the upload root.\n');
        fs.writeFileSync(path.join(away, 'notes.txt'), 'OUTSIDE: a file the race must never store.\n');
        fs.symlinkSync(away, path.join(base, 'link-out'));
        const outsideSha = createHash('sha256')
          .update(fs.readFileSync(path.join(away, 'notes.txt')))
          .digest('hex');
        const insideSha = createHash('sha256')
          .update(fs.readFileSync(path.join(folder, 'notes.txt')))
          .digest('hex');

        const race = await createSupportKb(fixture().api, `race-kb-${path.basename(base)}`);
        const swapper = spawn(process.execPath, ['-e', SWAPPER, base], { stdio: 'ignore' });
        const outcomes = { stored: 0, refused: 0 };
        try {
          const filePath = path.relative(root, path.join(folder, 'notes.txt'));
          const upload = async () => {
            for (let i = 0; i < RACE_CALLS / RACE_CLIENTS; i++) {
              const result = await rawCall(url(), admin, 'upload_document', {
                file_path: filePath,
                project_id: race.pipelineId,
              });
              outcomes[result.isError ? 'refused' : 'stored']++;
            }
          };
          await Promise.all(Array.from({ length: RACE_CLIENTS }, upload));
        } finally {
          swapper.kill();
        }
        const pending = await fixture().api.get(`/pipelines/${race.pipelineId}/files?limit=1000`);
        expect(pending.status).toBe(200);
        const shas = (pending.body.data as { sha256: string }[]).map((file) => file.sha256);
        expect(shas.length).toBe(outcomes.stored);
        expect({ outsideStored: shas.filter((sha) => sha === outsideSha).length }).toEqual({
          outsideStored: 0,
        });
        expect(shas.every((sha) => sha === insideSha)).toBe(true);
        // The race was run: some calls found the folder, some the link.
        expect(outcomes.stored).toBeGreaterThan(0);
        expect(outcomes.refused).toBeGreaterThan(0);
      });

      it('tells a key that may not write before it reads anything', async () => {
        const reader = await createKey(
          fixture().api,
          [{ pipeline_id: kb.pipelineId, permissions: 5, classifications: '*' }],
          'reader',
        );
        const result = await rawCall(url(), reader, 'upload_document', {
          file_path: '/etc/passwd',
          project_id: kb.pipelineId,
        });
        expect(result.isError).toBe(true);
        expect(result.content[0].text).toMatch(/^Forbidden: this key lacks write permission/);
      });
    });

    describe('the HTTP edge', () => {
      it('takes a key as headers, Bearer or api_key, and refuses the rest in ErrorResponse', async () => {
        const key = await createKey(
          fixture().api,
          [{ pipeline_id: '*', permissions: 5, classifications: '*' }],
          'edge',
        );
        const list = (headers: Record<string, string>, query = '') =>
          rawRequest(url(), {
            method: 'POST',
            path: `/api/v1/mcp${query}`,
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              ...headers,
            },
            body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
          });
        expect((await list(keyHeaders(key))).status).toBe(200);
        expect((await list({ authorization: `Bearer ${key.id}.${key.secret}` })).status).toBe(200);
        expect((await list({}, `?api_key=${key.id}.${encodeURIComponent(key.secret)}`)).status).toBe(200);

        const missing = await list({});
        expect(missing.status).toBe(401);
        expect(JSON.parse(missing.body)).toEqual({
          error: {
            requestId: expect.any(String),
            code: 'HTTP_UNAUTHORIZED',
            message: 'Unauthorized: No API Key specified.',
          },
        });
        const wrong = await list({}, `?api_key=${key.id}.not-the-secret`);
        expect(JSON.parse(wrong.body).error.message).toBe('Unauthorized: Invalid API Key.');
        const foreignHost = await list({ ...keyHeaders(key), host: 'evil.example' });
        expect(foreignHost.status).toBe(403);

        // The secret rode in a URL: it is in no log line (checked again when Trove stops) and no metric.
        const metrics = await rawRequest(url(), { path: '/metrics' });
        expect(metrics.body).not.toContain(key.secret);
        expect(fixture().trove.output()).not.toContain(key.secret);
      });

      it('answers the health probe without a key, and the session operations with 405', async () => {
        const health = await rawRequest(url(), { path: '/api/v1/mcp/health' });
        expect(JSON.parse(health.body)).toEqual({
          status: 'ok',
          transports: ['streamable-http', 'sse'],
          tools: ['rag_search', 'upload_document', 'upload_and_process'],
        });
        const get = await rawRequest(url(), {
          path: '/api/v1/mcp',
          headers: { ...keyHeaders(admin), accept: 'text/event-stream' },
        });
        expect(get.status).toBe(405);
        const stray = await rawRequest(url(), {
          method: 'POST',
          path: '/api/v1/mcp/messages?session_id=nope',
          headers: { ...keyHeaders(admin), 'content-type': 'application/json' },
          body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
        });
        expect(stray.status).toBe(404);
        expect(JSON.parse(stray.body).error.message).toBe('Session not found');
      });
    });
  },
  { env: { TROVE_UPLOAD_ROOT: root } },
);
