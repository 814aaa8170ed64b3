/**
 * A reader that stops reading a long stream is not buffered for without bound: the
 * writer waits once TROVE_STREAM_BUFFER_BYTES are unread, and a reader that keeps it
 * so for TROVE_STREAM_STALL_SECONDS is cut off. What is checked is what the server did
 * (the cut-off counter, the bytes that reached the reader, what was saved), not how
 * long anything took: an AG-UI turn whose answer is far larger than every buffer on
 * the way, and a legacy MCP SSE session whose client POSTs without reading its stream.
 */
import { openLegacySession } from '../guided-mind/support';
import { counterValue } from '../support/metrics';
import { keyHeaders, openStream } from '../support/http';
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';
import { describeEachDatabase } from '../support/suite';
import { waitFor } from '../support/wait';

const CUT_OFF = 'trove_stream_slow_readers_cut_off_total';
/** Well over what the kernel's socket buffers on both ends of a loopback connection can hold. */
const ANSWER_CHUNKS = 1200;
const CHUNK = 16_384;
const chunkText = (i: number) => `w${i} `.padEnd(CHUNK, '.');

let stub: OpenAiChatStub;
beforeAll(async () => (stub = await startOpenAiChatStub()));
afterAll(() => stub.close());

describeEachDatabase(
  'slow readers of long streams',
  (fixture) => {
    const admin = () => fixture().api;

    it('an AG-UI turn waits for its reader, cuts a paused one off, and saves the answer so far', async () => {
      expect(
        (await admin().post('/llms', { name: 'stub', provider: 'openai', endpoint: stub.url, model: 'm' }))
          .status,
      ).toBe(201);
      const agent = (
        await admin().post('/api/v1/agents/create', {
          name: 'Verbose',
          knowledge: [],
          models: [{ modelKey: 'stub', isReasoning: true }],
        })
      ).body.agent._key;
      const chunks = Array.from({ length: ANSWER_CHUNKS }, (_, i) => chunkText(i));
      stub.next({ kind: 'text', chunks });
      const before = await counterValue(admin(), CUT_OFF, 'stream="agui"');

      const stream = await openStream(
        fixture().trove.url,
        `/api/v1/agents/${agent}/conversations/stream`,
        {
          ...keyHeaders(admin().credentials!),
          'content-type': 'application/json',
          accept: 'text/event-stream',
        },
        { method: 'POST', body: JSON.stringify({ query: 'Tell me everything.', chatMode: 'quick' }) },
      );
      stream.pause();
      await waitFor(
        'the paused reader to be cut off',
        async () => (await counterValue(admin(), CUT_OFF, 'stream="agui"')) > before,
        {
          timeoutMs: 60_000,
          intervalMs: 200,
        },
      );
      stream.resume();
      await stream.ended;
      const received = stream.received();
      const full = chunks.join('');
      // The server stopped writing: far less than the answer reached the reader, and no terminal event.
      expect(received.length).toBeLessThan(full.length / 2);
      expect(received).not.toContain('RUN_FINISHED');

      // The turn ended as a disconnect does: Stopped, with what the model had written by then.
      const conversationId = /"conversationId":"([0-9a-f]{24})"/.exec(received)![1];
      const detail = await waitFor('the turn to be saved', async () => {
        const conversation = (await admin().get(`/api/v1/agents/${agent}/conversations/${conversationId}`))
          .body.conversation;
        return conversation.status === 'Stopped' && conversation;
      });
      const answer = detail.messages.find((m: any) => m.messageType === 'bot_response');
      expect(answer.content.length).toBeGreaterThan(0);
      expect(answer.content.length).toBeLessThan(full.length);
      expect(full.startsWith(answer.content)).toBe(true);
    });

    it('a legacy MCP SSE session whose client posts without reading is cut off', async () => {
      const splitter = await admin().post('/text_splitters', {
        provider: 'recursive_character',
        parameters: { chunk_size: 50_000, chunk_overlap: 0 },
      });
      expect(splitter.status).toBe(201);
      const pipeline = await admin().post('/pipelines', {
        name: 'long-fragments',
        classifications: ['public'],
        text_splitter_id: splitter.body.id,
      });
      expect(pipeline.status).toBe(201);
      const documents = Array.from({ length: 20 }, (_, i) => ({
        content: `Document ${i} about return policies. `.repeat(1200),
        classification: 'public',
      }));
      expect((await admin().post(`/pipelines/${pipeline.body.id}/documents`, documents)).status).toBe(201);
      const before = await counterValue(admin(), CUT_OFF, 'stream="mcp_sse"');

      const session = await openLegacySession(fixture().trove.url, admin().credentials!);
      session.stream.pause();
      const search = {
        name: 'rag_search',
        arguments: { query: 'return policies', limit: 20, threshold: 0 },
      };
      // Each answer is about a megabyte; the client reads none of them.
      let posted = 0;
      await waitFor(
        'the session to be cut off',
        async () => {
          if ((await counterValue(admin(), CUT_OFF, 'stream="mcp_sse"')) > before) return true;
          if (posted < 40) {
            const accepted = await session.post({
              jsonrpc: '2.0',
              id: 100 + posted++,
              method: 'tools/call',
              params: search,
            });
            expect([202, 404]).toContain(accepted.status);
          }
          return false;
        },
        { timeoutMs: 60_000, intervalMs: 100 },
      );
      session.stream.resume();
      await session.stream.ended;
      // Cut off before the answers posted were all written, and the session is gone.
      // Whole events only: the connection was dropped, perhaps mid-event.
      const answered = [...session.stream.received().matchAll(/^event: message\ndata: (.*)\n\n/gm)]
        .map((m) => JSON.parse(m[1]).id)
        .filter((id) => id >= 100);
      expect(answered.length).toBeLessThan(posted);
      const after = await session.post({ jsonrpc: '2.0', id: 1, method: 'ping' });
      expect(after.status).toBe(404);
    });
  },
  { env: { TROVE_STREAM_BUFFER_BYTES: '65536', TROVE_STREAM_STALL_SECONDS: '2' } },
);
