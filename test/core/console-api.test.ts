/**
 * The routes the web console needs beyond the published API, on each database:
 * `GET /api_keys/me` (a key reads its own record), `GET /jobs` (the caller's jobs,
 * every job for an admin), the probes `POST /embedding_models/{id}/test` and
 * `POST /llms/{id}/test`, and the console itself at /ui (static files under a strict
 * CSP, client routes answered with index.html, `/` unchanged, off with
 * TROVE_UI_ENABLED=false).
 */
import { ADMIN, Api } from '../support/http';
import { waitForJob } from '../support/jobs';
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';
import { OpenAiEmbeddingsStub, startOpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { describeEachDatabase } from '../support/suite';
import { createTestDatabase, startTrove } from '../support/trove-process';
import { createPipeline, DEFAULT_MODEL_ID, unique } from '../search/helpers';
import { createKey } from '../support/records';

const EXTRACTIVE_LLM_ID = '01900000-0000-7000-8000-000000000003';

describeEachDatabase(
  'console API routes',
  (fixture) => {
    const api = () => fixture().api;

    describe('GET /api_keys/me', () => {
      it('answers the admin key its own record, without a secret', async () => {
        const me = await api().get('/api_keys/me');
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ id: ADMIN.id, admin: true, disabled: false, grants: [] });
        expect(Object.keys(me.body).sort()).toEqual(
          ['admin', 'created_at', 'disabled', 'grants', 'id', 'name', 'scopes', 'updated_at'].sort(),
        );
        expect(me.text).not.toContain(ADMIN.secret);
      });

      it('answers a limited key its own grants and scopes, and nothing of other keys', async () => {
        const pipeline = await createPipeline(api(), { classifications: ['public', 'internal'] });
        const created = await api().post('/api_keys', {
          name: unique('reader'),
          scopes: ['agent:read', 'agent:execute'],
          grants: [{ pipeline_id: pipeline.id, permissions: 4, classifications: ['public'] }],
        });
        const reader = api().as({ id: created.body.id, secret: created.body.secret });
        const me = await reader.get('/api_keys/me');
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({
          id: created.body.id,
          name: created.body.name,
          admin: false,
          scopes: ['agent:read', 'agent:execute'],
          grants: [{ pipeline_id: pipeline.id, permissions: 4, classifications: ['public'] }],
        });
        expect(me.text).not.toContain(created.body.secret);
        // The rest of /api_keys stays admin-only.
        expect((await reader.get('/api_keys')).status).toBe(403);
        expect((await reader.get(`/api_keys/${ADMIN.id}`)).status).toBe(403);
      });

      it('refuses a missing, wrong or disabled key', async () => {
        expect((await api().as(null).get('/api_keys/me')).status).toBe(401);
        expect(
          (await api().as({ id: ADMIN.id, secret: 'wrong-secret-0000' }).get('/api_keys/me')).status,
        ).toBe(401);
        const created = await api().post('/api_keys', { name: unique('gone') });
        await api().patch(`/api_keys/${created.body.id}`, { disabled: true });
        expect(
          (await api().as({ id: created.body.id, secret: created.body.secret }).get('/api_keys/me')).status,
        ).toBe(401);
      });
    });

    describe('GET /jobs', () => {
      it("lists a key's own jobs, every job for an admin, with state filters and paging", async () => {
        const pipeline = await createPipeline(api(), { classifications: ['public'] });
        const writer = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 6 }]));
        const other = api().as(await createKey(api(), [{ pipeline_id: pipeline.id, permissions: 6 }]));
        const queue = async (as: Api, n: number) =>
          (
            await as.post(
              `/pipelines/${pipeline.id}/documents?async=true`,
              Array.from({ length: n }, (_, i) => ({ content: `job text ${i}`, classification: 'public' })),
            )
          ).body;
        const mine = await queue(writer, 2);
        const theirs = await queue(other, 1);
        await waitForJob(writer, mine.id);
        await waitForJob(other, theirs.id);

        const own = await writer.get('/jobs');
        expect(own.status).toBe(200);
        expect(own.body.data.map((j: any) => j.id)).toEqual([mine.id]);
        expect(own.body.data[0]).toMatchObject({ state: 'succeeded', total: 2, processed: 2, failed: 0 });
        expect(own.body.data[0].documents).toHaveLength(2);
        expect(Object.keys(own.body.page_info).sort()).toEqual([
          'after',
          'before',
          'count',
          'has_next',
          'has_prev',
        ]);

        const all = await api().get(`/jobs?pipeline_id=${pipeline.id}`);
        expect(all.body.data.map((j: any) => j.id)).toEqual([mine.id, theirs.id]);
        const page = await api().get(`/jobs?pipeline_id=${pipeline.id}&limit=1`);
        expect(page.body.page_info).toMatchObject({ count: 1, has_next: true });
        const next = await api().get(
          `/jobs?pipeline_id=${pipeline.id}&limit=1&after=${page.body.page_info.after}`,
        );
        expect(next.body.data.map((j: any) => j.id)).toEqual([theirs.id]);

        expect((await writer.get('/jobs?state$in=queued,running,failed')).body.data).toEqual([]);
        expect((await writer.get('/jobs?state=succeeded')).body.data.map((j: any) => j.id)).toEqual([
          mine.id,
        ]);
      });

      it('refuses bad filters and paging with a 422 naming them', async () => {
        const bad = await api().get('/jobs?owner=me');
        expect(bad.status).toBe(422);
        expect(bad.body.detail).toContain("cannot filter on 'owner'");
        expect((await api().get('/jobs?state$contains=run')).status).toBe(422);
        expect((await api().get('/jobs?limit=0')).status).toBe(422);
        expect((await api().get('/jobs?after=not-a-cursor')).status).toBe(422);
        expect((await api().as(null).get('/jobs')).status).toBe(401);
      });
    });

    describe('POST /embedding_models/{id}/test', () => {
      let stub: OpenAiEmbeddingsStub;
      beforeAll(async () => {
        stub = await startOpenAiEmbeddingsStub({ size: 16, apiKey: 'right-key' });
      });
      afterAll(() => stub?.close());

      it('embeds a probe with the built-in model: dimension and latency', async () => {
        const probe = await api().post(`/embedding_models/${DEFAULT_MODEL_ID}/test`);
        expect(probe.status).toBe(200);
        expect(probe.body).toEqual({
          id: DEFAULT_MODEL_ID,
          ok: true,
          dimension: 384,
          size: 384,
          latency_ms: expect.any(Number),
          error: null,
        });
        const own = await api().post(`/embedding_models/${DEFAULT_MODEL_ID}/test`, { text: 'my own probe' });
        expect(own.body.ok).toBe(true);
      });

      it("reports an endpoint's refusal as the answer, not as an error", async () => {
        const model = await api().post('/embedding_models', {
          name: unique('stubbed'),
          provider: 'openai',
          size: 16,
          parameters: { base_url: stub.url, model: 'stub', api_key: 'wrong-key' },
        });
        const before = stub.requests.length;
        const probe = await api().post(`/embedding_models/${model.body.id}/test`);
        expect(probe.status).toBe(200);
        expect(probe.body).toMatchObject({ ok: false, dimension: null, size: 16 });
        expect(probe.body.error).toMatch(/401/);
        expect(probe.body.error).toContain(stub.url);
        expect(probe.text).not.toContain('wrong-key');
        expect(stub.requests.length).toBeGreaterThan(before);
      });

      it('answers 404, 403, 401 and 422 as the other model routes do', async () => {
        expect((await api().post('/embedding_models/0193a000-0000-7000-8000-00000000ffff/test')).status).toBe(
          404,
        );
        const reader = api().as(await createKey(api(), [{ pipeline_id: '*', permissions: 7 }]));
        expect((await reader.post(`/embedding_models/${DEFAULT_MODEL_ID}/test`)).status).toBe(403);
        expect((await api().as(null).post(`/embedding_models/${DEFAULT_MODEL_ID}/test`)).status).toBe(401);
        expect((await api().post(`/embedding_models/${DEFAULT_MODEL_ID}/test`, { text: '' })).status).toBe(
          422,
        );
        expect(
          (await api().post(`/embedding_models/${DEFAULT_MODEL_ID}/test`, { texts: ['a'] })).status,
        ).toBe(422);
        expect((await api().post('/embedding_models/nope/test')).status).toBe(422);
      });
    });

    describe('POST /llms/{id}/test', () => {
      let chat: OpenAiChatStub;
      beforeAll(async () => {
        chat = await startOpenAiChatStub();
      });
      afterAll(() => chat?.close());

      it('asks the built-in extractive model a question: it answers from the probe source', async () => {
        const probe = await api().post(`/llms/${EXTRACTIVE_LLM_ID}/test`);
        expect(probe.status).toBe(200);
        expect(probe.body).toMatchObject({ id: EXTRACTIVE_LLM_ID, ok: true, error: null });
        expect(probe.body.answer).toContain('reachable');
        expect(probe.body.latency_ms).toEqual(expect.any(Number));
      });

      it('streams from an OpenAI-compatible model, and reports its failure as the answer', async () => {
        const llm = await api().post('/llms', {
          name: unique('stubbed'),
          provider: 'openai',
          endpoint: chat.url,
          model: 'stub',
          api_key: 'sk-probe-secret-value',
        });
        expect(llm.status).toBe(201);
        chat.next({ kind: 'text', chunks: ['Yes, ', 'reachable.'] });
        const ok = await api().post(`/llms/${llm.body.id}/test`, { text: 'Are you there?' });
        expect(ok.body).toMatchObject({ ok: true, answer: 'Yes, reachable.', error: null });
        expect(chat.requests[chat.requests.length - 1].body.messages?.at(-1)?.content).toContain(
          'Are you there?',
        );

        chat.next({ kind: 'status', status: 401, message: 'Incorrect API key provided' });
        const failed = await api().post(`/llms/${llm.body.id}/test`);
        expect(failed.status).toBe(200);
        expect(failed.body).toMatchObject({ ok: false, answer: null });
        expect(failed.body.error).toMatch(/model|LLM/i);
        // A probe is for admin keys: it names the endpoint that failed.
        expect(failed.body.error).toContain(chat.url);
        expect(failed.text).not.toContain('sk-probe-secret-value');
      });

      it('is for admin keys, and answers 404 for an unknown LLM', async () => {
        const reader = api().as(await createKey(api(), [{ pipeline_id: '*', permissions: 7 }]));
        expect((await reader.post(`/llms/${EXTRACTIVE_LLM_ID}/test`)).status).toBe(403);
        expect((await api().post('/llms/0193a000-0000-7000-8000-00000000ffff/test')).status).toBe(404);
        expect((await api().post(`/llms/${EXTRACTIVE_LLM_ID}/test`, { extra: 1 })).status).toBe(422);
      });
    });

    describe('the console at /ui', () => {
      it('serves index.html with a strict CSP for /ui/ and every client route', async () => {
        for (const path of ['/ui/', '/ui/pipelines', '/ui/agents/x/conversations/y']) {
          const page = await api().as(null).get(path);
          expect(page.status).toBe(200);
          expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
          expect(page.text).toContain('<div id="app"></div>');
          const csp = page.headers.get('content-security-policy') ?? '';
          expect(csp).toContain("default-src 'none'");
          expect(csp).toContain("script-src 'self'");
          expect(csp).not.toContain('unsafe-inline');
          expect(page.headers.get('x-frame-options')).toBe('DENY');
        }
      });

      it('serves the bundle with the same headers, and 404 for an unknown asset', async () => {
        const index = (await api().as(null).get('/ui/')).text;
        const script = /src="(\/ui\/assets\/[^"]+\.js)"/.exec(index)?.[1];
        expect(script).toBeDefined();
        const bundle = await api().as(null).get(script!);
        expect(bundle.status).toBe(200);
        expect(bundle.headers.get('content-type')).toMatch(/javascript/);
        expect(bundle.headers.get('cache-control')).toContain('immutable');
        expect(bundle.headers.get('content-security-policy')).toContain("default-src 'none'");
        expect((await api().as(null).get('/ui/assets/missing.js')).status).toBe(404);
        const bare = await api().as(null).get('/ui');
        expect(bare.status).toBe(308);
        expect(bare.headers.get('location')).toBe('/ui/');
      });

      it('links the console from /, and leaves the API as it was', async () => {
        expect((await api().as(null).get('/')).body).toEqual({
          name: 'trove',
          version: expect.any(String),
          mcp: '/mcp',
          console: '/ui/',
          docs: '/docs',
          openapi: '/openapi.json',
        });
        expect((await api().as(null).get('/pipelines')).status).toBe(401);
        expect((await api().get('/nothing-here')).status).toBe(404);
      });
    });
  },
  { env: { TROVE_JOBS_POLL_MS: '100' } },
);

describe('TROVE_UI_ENABLED=false', () => {
  it('serves no console, and the rest as before', async () => {
    const database = await createTestDatabase('pglite');
    const trove = await startTrove(database, { env: { TROVE_UI_ENABLED: 'false' } });
    try {
      const api = new Api(trove.url, null);
      expect((await api.get('/ui/')).status).toBe(404);
      expect((await api.get('/ui/pipelines')).status).toBe(404);
      const root = await api.get('/');
      expect(root.status).toBe(200);
      expect(root.body).toEqual({
        name: 'trove',
        version: expect.any(String),
        mcp: '/mcp',
        docs: '/docs',
        openapi: '/openapi.json',
      });
    } finally {
      await trove.stop();
      await database.drop();
    }
  });
});
