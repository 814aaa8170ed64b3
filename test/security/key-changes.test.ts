/**
 * What a key may do is what it may do now, for every message of every session and
 * every search of a running agent turn: narrowing a key (here from every
 * classification to `public`) narrows what its open sessions answer at once, and
 * disabling, deleting or rotating it ends its sessions and their event streams. For
 * each endpoint and transport: /api/v1/mcp over legacy SSE (messages POSTed with no
 * credentials, only the session id) and over streamable HTTP, /mcp with a session
 * and its GET stream and without a session (2026-07-28), and AG-UI agent streams.
 */
import { connect, makeUploadRoot, openLegacySession } from '../guided-mind/support';
import { lastMessage, RawMcp } from '../mcp/support';
import { createSupportKb, SupportKb } from '../support/records';
import { Credentials } from '../support/http';
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';
import { describeEachDatabase } from '../support/suite';
import { unique } from '../search/helpers';
import { waitFor } from '../support/wait';
import { runStream } from '../agents/support/agui';
import { ALL_SCOPES } from '../agents/support/world';

const { root } = makeUploadRoot();
/** The text of an `internal` document of support-kb; `public` keys never see it. */
const SECRET = 'Invoices are generated on the first day of each month';
const SECRET_QUERY = 'Invoices are generated on the first day of each month, export as PDF or CSV';

let stub: OpenAiChatStub;
beforeAll(async () => (stub = await startOpenAiChatStub()));
afterAll(() => stub.close());

describeEachDatabase(
  'sessions and streams follow their key',
  (fixture) => {
    let kb: SupportKb;
    const admin = () => fixture().api;
    const url = () => fixture().trove.url;

    beforeAll(async () => {
      kb = await createSupportKb(admin());
    });

    /** A key with every permission and classification on support-kb. */
    const fullKey = (scopes?: string[]) =>
      admin()
        .post('/api_keys', {
          name: unique('key'),
          grants: [{ pipeline_id: kb.pipelineId, permissions: 7, classifications: '*' }],
          ...(scopes ? { scopes } : {}),
        })
        .then((created) => ({ id: created.body.id, secret: created.body.secret }) as Credentials);
    const narrow = async (key: Credentials) =>
      expect(
        (
          await admin().patch(`/api_keys/${key.id}`, {
            grants: [{ pipeline_id: kb.pipelineId, permissions: 7, classifications: ['public'] }],
          })
        ).status,
      ).toBe(200);
    const revocations: [string, (key: Credentials) => Promise<unknown>][] = [
      ['disabled', (key) => admin().patch(`/api_keys/${key.id}`, { disabled: true })],
      ['deleted', (key) => admin().delete(`/api_keys/${key.id}`)],
      ['rotated', (key) => admin().post(`/api_keys/${key.id}/rotate`)],
    ];
    const ragSearch = { name: 'rag_search', arguments: { query: SECRET_QUERY, limit: 20, threshold: 0 } };
    const texts = (result: any) => JSON.stringify(result);

    describe('/api/v1/mcp, legacy SSE (messages POSTed with the session id only)', () => {
      it('answers with the key as it is now: narrowed to public, the secret text is gone', async () => {
        const key = await fullKey();
        const session = await openLegacySession(url(), key);
        expect(texts((await session.request('tools/call', ragSearch)).result)).toContain(SECRET);
        await narrow(key);
        const after = await session.request('tools/call', ragSearch);
        expect(after.result.isError).toBeFalsy();
        expect(texts(after.result)).not.toContain(SECRET);
        expect(texts(after.result)).toContain('To reset a password');
        session.stream.close();
      });

      it.each(revocations)('ends the session and its stream when the key is %s', async (_, revoke) => {
        const key = await fullKey();
        const session = await openLegacySession(url(), key);
        await revoke(key);
        await waitFor('the stream to end', () => session.ended(), { timeoutMs: 15_000 });
        const refused = await session.post({
          jsonrpc: '2.0',
          id: 9,
          method: 'tools/call',
          params: ragSearch,
        });
        expect(refused.status).toBe(404);
        expect(refused.body).not.toContain(SECRET);
      });

      it('refuses a message posted before the watch noticed, and stores nothing for a deleted key', async () => {
        const key = await fullKey();
        const session = await openLegacySession(url(), key);
        await admin().delete(`/api_keys/${key.id}`);
        // Whether or not the stream has ended yet, the message is authorised with the key of now.
        const refused = await session.post({
          jsonrpc: '2.0',
          id: 9,
          method: 'tools/call',
          params: {
            name: 'upload_and_process',
            arguments: { file_path: 'policies.md', project_id: kb.pipelineId, classification: 'internal' },
          },
        });
        expect(refused.status).toBe(404);
        await waitFor('the stream to end', () => session.ended(), { timeoutMs: 15_000 });
        const documents = await admin().get(`/pipelines/${kb.pipelineId}/documents?limit=100`);
        expect(documents.body.data.map((d: any) => d.metadata?.filename)).not.toContain('policies.md');
      });
    });

    describe.each(['2025-11-25', '2026-07-28'] as const)('/api/v1/mcp, streamable HTTP %s', (transport) => {
      it('answers narrowly once the key is narrowed, and not at all once it is disabled', async () => {
        const key = await fullKey();
        const client = await connect(url(), key, transport);
        try {
          expect(texts(await client.callTool(ragSearch))).toContain(SECRET);
          await narrow(key);
          expect(texts(await client.callTool(ragSearch))).not.toContain(SECRET);
          await admin().patch(`/api_keys/${key.id}`, { disabled: true });
          await expect(client.callTool(ragSearch)).rejects.toThrow();
        } finally {
          await client.close().catch(() => undefined);
        }
      });
    });

    describe('/mcp', () => {
      const search = {
        name: 'search_knowledge',
        arguments: {
          pipeline_id: '',
          query: SECRET_QUERY,
          type: 'similarity',
          classifications: ['public', 'internal'],
          params: { k: 10 },
        },
      };
      const searchOf = () => ({ ...search, arguments: { ...search.arguments, pipeline_id: kb.pipelineId } });

      it('a session answers with the key as it is now', async () => {
        const key = await fullKey();
        const mcp = new RawMcp(url(), key);
        const sessionId = await mcp.openSession();
        expect(texts(await mcp.call(sessionId, 'tools/call', searchOf()))).toContain(SECRET);
        await narrow(key);
        expect(texts(await mcp.call(sessionId, 'tools/call', searchOf()))).not.toContain(SECRET);
      });

      it('2026-07-28 (no session) answers with the key as it is now', async () => {
        const key = await fullKey();
        const mcp = new RawMcp(url(), key);
        expect(texts(lastMessage((await mcp.modern('tools/call', searchOf())).body))).toContain(SECRET);
        await narrow(key);
        expect(texts(lastMessage((await mcp.modern('tools/call', searchOf())).body))).not.toContain(SECRET);
      });

      it.each(revocations)('ends the session and its GET stream when the key is %s', async (_, revoke) => {
        const key = await fullKey();
        const mcp = new RawMcp(url(), key);
        const sessionId = await mcp.openSession();
        const stream = await mcp.openStream(sessionId);
        expect(stream.status).toBe(200);
        let ended = false;
        void stream.ended.then(() => (ended = true));
        await revoke(key);
        await waitFor('the GET stream to end', () => ended, { timeoutMs: 15_000 });
        // The session is gone for the admin too: it ended, it is not merely refused to the key.
        const ping = await mcp
          .as(admin().credentials)
          .post({ jsonrpc: '2.0', id: 1, method: 'ping' }, mcp.sessionHeaders(sessionId));
        expect([ping.status, ping.body]).toEqual([404, 'Not Found: Session not found']);
      });
    });

    describe('AG-UI agent streams', () => {
      let agent = '';
      beforeAll(async () => {
        const llm = await admin().post('/llms', {
          name: 'stub',
          provider: 'openai',
          endpoint: stub.url,
          model: 'stub-model',
        });
        expect(llm.status).toBe(201);
        const created = await admin().post('/api/v1/agents/create', {
          name: 'Support',
          knowledge: [{ connectorId: kb.pipelineId }],
          models: [{ modelKey: 'stub', isReasoning: true }],
          shareWithOrg: true,
        });
        expect(created.status).toBe(201);
        agent = created.body.agent._key;
      });
      beforeEach(() => stub.reset());
      const streamPath = () => `/api/v1/agents/${agent}/conversations/stream`;

      it('searches with the key as it is at each search: narrowed mid-turn, the model never gets the secret', async () => {
        const key = admin().as(await fullKey(ALL_SCOPES));
        let release!: () => void;
        stub.next(
          {
            kind: 'held',
            until: new Promise<void>((resolve) => (release = resolve)),
            then: {
              kind: 'tool_calls',
              calls: [{ name: 'search_knowledge', arguments: { query: SECRET_QUERY }, id: 'call_secret' }],
            },
          },
          { kind: 'text', chunks: ['Done.'] },
        );
        const run = runStream(key, streamPath(), { query: 'How do I reset my password?', chatMode: 'quick' });
        await waitFor('the first model call', () => stub.requests.length === 1);
        await narrow(key.credentials!);
        release();
        const finished = await run;
        expect(finished.runError).toBeUndefined();
        expect(stub.requests).toHaveLength(2);
        const tool = stub.requests[1].body.messages!.find((m) => m.role === 'tool')!;
        expect(tool.tool_call_id).toBe('call_secret');
        expect(tool.content).not.toContain(SECRET);
      });

      it.each(revocations)(
        'ends a running turn when its key is %s, saved as Failed with the reason',
        async (name, revoke) => {
          const credentials = await fullKey(ALL_SCOPES);
          const key = admin().as(credentials);
          stub.next({ kind: 'hang' });
          const run = runStream(key, streamPath(), {
            query: 'How do I reset my password?',
            chatMode: 'quick',
          });
          await waitFor('the model call', () => stub.requests.length === 1);
          await revoke(credentials);
          const finished = await run;
          expect(finished.runError?.message).toBe(
            'Unauthorized: the API key was disabled, deleted or given a new secret while this was running',
          );
          if (name !== 'disabled') return;
          // Enabled again, the key finds its conversation Failed, with the reason.
          await admin().patch(`/api_keys/${credentials.id}`, { disabled: false });
          const conversationId = (finished.events.find((e: any) => e.name === 'conversation_created') as any)
            .value.conversationId;
          const detail = await key.get(`/api/v1/agents/${agent}/conversations/${conversationId}`);
          expect(detail.body.conversation).toMatchObject({
            status: 'Failed',
            failReason: finished.runError!.message,
          });
        },
      );
    });
  },
  { env: { TROVE_UPLOAD_ROOT: root, TROVE_AGENT_SEARCH_K: '1' } },
);
