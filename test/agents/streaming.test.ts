/**
 * The AG-UI streams (ops 10, 11, 12) and cancel (op 13), read with the official
 * @ag-ui/client: events parse, the order holds, exactly one terminal event ends
 * every stream after the conversation is saved; heartbeats while the model is
 * silent; a cancel mid-answer and a client that goes away both leave `Stopped`
 * with the partial answer; a provider failing mid-answer ends in RUN_ERROR.
 */
import { waitFor } from '../support/wait';
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';
import { describeEachDatabase } from '../support/suite';
import {
  AddMessageResponse,
  AgentConversation,
  CancelResponse,
  ErrorResponse,
  expectSchema,
  SSE_EVENT_NAMES,
} from './contract/schemas';
import { rawEvents, runStream, StreamRun, TERMINAL } from './support/agui';
import { addStubLlm, buildWorld, createStubAgent, World } from './support/world';
import { z } from 'zod';

const CreatedResult = z.looseObject({
  conversation: AgentConversation,
  recordsUsed: z.number().int().min(0),
  meta: z.looseObject({}),
});

let stub: OpenAiChatStub;
beforeAll(async () => (stub = await startOpenAiChatStub()));
afterAll(() => stub.close());

/** The order every successful stream follows; forwarded events may repeat between these. */
function expectWellFormed(run: StreamRun) {
  expect(run.error).toBeUndefined();
  expect(run.types[0]).toBe('RUN_STARTED');
  expect(run.types.filter((t) => TERMINAL.includes(t))).toHaveLength(1);
  expect(TERMINAL).toContain(run.types[run.types.length - 1]);
  for (const type of run.types) expect(SSE_EVENT_NAMES).toContain(type);
}

describeEachDatabase(
  'the agents API: streams',
  (fixture) => {
    let world: World;
    let extractiveAgent = '';
    let stubAgent = '';
    const streamPath = (agent: string) => `/api/v1/agents/${agent}/conversations/stream`;
    const conversationPath = (agent: string, id: string) => `/api/v1/agents/${agent}/conversations/${id}`;

    beforeAll(async () => {
      world = await buildWorld(fixture().api);
      await addStubLlm(fixture().api, stub.url);
      extractiveAgent = (
        await world.internal.post('/api/v1/agents/create', {
          name: 'Extractive',
          knowledge: [{ connectorId: world.supportKb }],
          shareWithOrg: true,
        })
      ).body.agent._key;
      stubAgent = await createStubAgent(world.internal, world, {
        name: 'Stubbed',
        toolsets: [{ name: 'jira', tools: [{ name: 'create_issue' }] }],
      });
    });
    beforeEach(() => stub.reset());

    describe('op 10: a new conversation', () => {
      it('streams RUN_STARTED, conversation_created, the retrieval, the answer, then RUN_FINISHED', async () => {
        const run = await runStream(world.internal, streamPath(extractiveAgent), {
          query: 'How do customers get their money back?',
          chatMode: 'quick',
        });
        expectWellFormed(run);
        expect(run.types).toEqual([
          'RUN_STARTED',
          'CUSTOM',
          'STEP_STARTED',
          'TOOL_CALL_START',
          'TOOL_CALL_ARGS',
          'TOOL_CALL_END',
          'TOOL_CALL_RESULT',
          'STEP_FINISHED',
          'TEXT_MESSAGE_START',
          'TEXT_MESSAGE_CONTENT',
          'TEXT_MESSAGE_CONTENT',
          'TEXT_MESSAGE_END',
          'RUN_FINISHED',
        ]);
        const [started, custom] = run.events as any[];
        expect(custom).toMatchObject({
          name: 'conversation_created',
          value: { conversationId: started.threadId },
        });
        expect(run.events[3]).toMatchObject({ toolCallName: 'search_knowledge' });
        const text = run.events
          .filter((e) => e.type === 'TEXT_MESSAGE_CONTENT')
          .map((e: any) => e.delta)
          .join('');
        expect(text).toContain('refund');

        const result = run.finished!.result;
        expectSchema(CreatedResult, result);
        expect(result.conversation).toMatchObject({ _id: started.threadId, status: 'Complete' });
        expect(result.recordsUsed).toBe(1);
        const answer = result.conversation.messages[1];
        expect(answer._id).toBe((run.events[8] as any).messageId);
        expect(answer.citations[0].citationData.metadata.recordId).toBe(world.documents.refunds);
      });

      it('frames every event as `event: <TYPE>` with the same type in its data', async () => {
        const { status, events } = await rawEvents(world.internal, streamPath(extractiveAgent), {
          query: 'When are invoices generated?',
          chatMode: 'quick',
        });
        expect(status).toBe(200);
        for (const { event, data } of events) {
          expect(data.type).toBe(event);
          expect(SSE_EVENT_NAMES).toContain(event);
        }
        expect(events[events.length - 1].event).toBe('RUN_FINISHED');
      });

      it('answers validation and lookup errors with HTTP statuses before any stream opens', async () => {
        const noMode = await world.internal.post(streamPath(extractiveAgent), { query: 'q' });
        expect(noMode.status).toBe(400);
        expect(noMode.headers.get('content-type')).toMatch(/^application\/json/);
        expectSchema(ErrorResponse, noMode.body);
        expect(noMode.body.error).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: 'chatMode: must be quick',
        });
        const unknown = await world.internal.post(streamPath('0193a000-0000-7000-8000-0000000000ff'), {
          query: 'q',
          chatMode: 'quick',
        });
        expect(unknown.status).toBe(404);
        const unscoped = await world.readOnly.post(streamPath(extractiveAgent), {
          query: 'q',
          chatMode: 'quick',
        });
        expect(unscoped.status).toBe(403);
      });

      it('reports the tools Trove does not run, and never calls them', async () => {
        const run = await runStream(world.internal, streamPath(stubAgent), {
          query: 'Refunds?',
          chatMode: 'quick',
        });
        expectWellFormed(run);
        const unavailable = run.events.find(
          (e: any) => e.type === 'CUSTOM' && e.name === 'tools_unavailable',
        ) as any;
        expect(unavailable.value.tools).toEqual(['jira.create_issue']);
        const parts = run.finished!.result.conversation.messages[1].parts;
        expect(parts).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ toolName: 'jira.create_issue', status: 'blocked' }),
          ]),
        );
      });
    });

    describe('op 11: a follow-up', () => {
      it('streams the answer and finishes with AddMessageResponse', async () => {
        const first = await runStream(world.internal, streamPath(extractiveAgent), {
          query: 'Refunds?',
          chatMode: 'quick',
        });
        const id = (first.events[0] as any).threadId;
        const run = await runStream(
          world.internal,
          `${conversationPath(extractiveAgent, id)}/messages/stream`,
          {
            query: 'When are invoices generated?',
            chatMode: 'quick',
          },
        );
        expectWellFormed(run);
        expect(run.types.slice(0, 2)).toEqual(['RUN_STARTED', 'CUSTOM']);
        expectSchema(AddMessageResponse, run.finished!.result);
        expect(run.finished!.result.conversation.messages).toHaveLength(4);
      });

      it('answers 404 before the stream for a conversation that is not the caller’s', async () => {
        const first = await runStream(world.internal, streamPath(extractiveAgent), {
          query: 'Refunds?',
          chatMode: 'quick',
        });
        const id = (first.events[0] as any).threadId;
        const response = await world.publicOnly.post(
          `${conversationPath(extractiveAgent, id)}/messages/stream`,
          {
            query: 'q',
            chatMode: 'quick',
          },
        );
        expect(response.status).toBe(404);
        expect(response.body.error).toMatchObject({
          code: 'HTTP_NOT_FOUND',
          message: 'Conversation not found',
        });
      });
    });

    describe('heartbeats', () => {
      it('sends HEARTBEAT while the model is silent; the AG-UI client ignores it', async () => {
        stub.next({ kind: 'text', chunks: ['Refunds are prorated', ' [1].'], delayMs: 2500 });
        const { events } = await rawEvents(world.internal, streamPath(stubAgent), {
          query: 'Refunds?',
          chatMode: 'quick',
        });
        const types = events.map((e) => e.event);
        expect(types).toContain('HEARTBEAT');
        expect(events.find((e) => e.event === 'HEARTBEAT')!.data).toEqual({
          type: 'HEARTBEAT',
          timestamp: expect.any(Number),
        });
        expect(types.indexOf('HEARTBEAT')).toBeGreaterThan(types.indexOf('TEXT_MESSAGE_START'));
        expect(types[types.length - 1]).toBe('RUN_FINISHED');

        stub.next({ kind: 'text', chunks: ['Refunds', ' [1].'], delayMs: 2500 });
        expectWellFormed(
          await runStream(world.internal, streamPath(stubAgent), { query: 'Refunds?', chatMode: 'quick' }),
        );
      });
    });

    describe('op 13: cancel', () => {
      const slow = () =>
        stub.next({
          kind: 'text',
          chunks: ['Refunds ', 'are ', 'prorated ', 'for ', 'annual ', 'plans [1].'],
          delayMs: 400,
        });

      it('stops a run mid-answer: RUN_FINISHED cancelled, Stopped, the partial answer kept', async () => {
        slow();
        const runId = '6f1c2f9e-8a44-4c1b-9d43-2d8f3c9a1b01';
        let cancel: unknown;
        let threadId = '';
        const run = await runStream(
          world.internal,
          streamPath(stubAgent),
          { query: 'Refunds?', chatMode: 'quick', runId },
          async (event) => {
            if (event.type === 'RUN_STARTED') threadId = (event as any).threadId;
            if (event.type === 'TEXT_MESSAGE_CONTENT' && cancel === undefined) {
              const response = await world.internal.post(`${conversationPath(stubAgent, threadId)}/cancel`, {
                runId,
              });
              expectSchema(CancelResponse, response.body);
              cancel = response.body;
            }
          },
        );
        expect(cancel).toEqual({ cancelled: true });
        expectWellFormed(run);
        expect(run.finished!.outcome).toEqual({ type: 'cancelled' });
        const conversation = run.finished!.result.conversation;
        expect(conversation.status).toBe('Stopped');
        const answer = conversation.messages[conversation.messages.length - 1];
        expect(answer.messageType).toBe('bot_response');
        expect(answer.content.startsWith('Refunds')).toBe(true);
        expect(answer.content).not.toContain('annual plans');
        expect(run.types.indexOf('TEXT_MESSAGE_END')).toBeLessThan(run.types.indexOf('RUN_FINISHED'));

        const again = await world.internal.post(`${conversationPath(stubAgent, conversation._id)}/cancel`, {
          runId,
        });
        expect(again.body).toEqual({ cancelled: false });
      });

      it('refuses a runId of another user or another conversation (403), and unknown conversations (404)', async () => {
        slow();
        const runId = '6f1c2f9e-8a44-4c1b-9d43-2d8f3c9a1b02';
        const mine = (
          await world.internal.post(`/api/v1/agents/${extractiveAgent}/conversations`, { query: 'Refunds?' })
        ).body.conversation._id;
        const theirs = (
          await world.publicOnly.post(`/api/v1/agents/${extractiveAgent}/conversations`, {
            query: 'Password?',
          })
        ).body.conversation._id;
        let checked = false;
        const run = await runStream(
          world.internal,
          streamPath(stubAgent),
          { query: 'Refunds?', chatMode: 'quick', runId },
          async (event) => {
            if (event.type !== 'TEXT_MESSAGE_CONTENT' || checked) return;
            checked = true;
            const otherConversation = await world.internal.post(
              `${conversationPath(extractiveAgent, mine)}/cancel`,
              { runId },
            );
            expect(otherConversation.status).toBe(403);
            expectSchema(ErrorResponse, otherConversation.body);
            const otherUser = await world.publicOnly.post(
              `${conversationPath(extractiveAgent, theirs)}/cancel`,
              { runId },
            );
            expect(otherUser.status).toBe(403);
            const notTheirs = await world.publicOnly.post(
              `${conversationPath(extractiveAgent, mine)}/cancel`,
              { runId },
            );
            expect(notTheirs.status).toBe(404);
            expect(notTheirs.body.error.message).toBe('Conversation not found or unauthorized');
          },
        );
        expect(checked).toBe(true);
        expect(run.finished!.result.conversation.status).toBe('Complete');
      });

      it('answers {cancelled: false} for a run never registered, and 400 for a missing or malformed runId', async () => {
        const id = (
          await world.internal.post(`/api/v1/agents/${extractiveAgent}/conversations`, { query: 'Refunds?' })
        ).body.conversation._id;
        const path = `${conversationPath(extractiveAgent, id)}/cancel`;
        expect(
          (await world.internal.post(path, { runId: '6f1c2f9e-8a44-4c1b-9d43-2d8f3c9a1bff' })).body,
        ).toEqual({ cancelled: false });
        for (const body of [{}, { runId: 'run-1' }]) {
          const response = await world.internal.post(path, body);
          expect(response.status).toBe(400);
          expect(response.body.error.code).toBe('VALIDATION_ERROR');
        }
      });

      it('refuses a runId already in use by a running turn', async () => {
        slow();
        const runId = '6f1c2f9e-8a44-4c1b-9d43-2d8f3c9a1b03';
        let second: any;
        await runStream(
          world.internal,
          streamPath(stubAgent),
          { query: 'Refunds?', chatMode: 'quick', runId },
          async (event) => {
            if (event.type === 'TEXT_MESSAGE_CONTENT' && !second) {
              second = await world.internal.post(streamPath(stubAgent), {
                query: 'Again?',
                chatMode: 'quick',
                runId,
              });
            }
          },
        );
        expect(second.status).toBe(400);
        expect(second.body.error.message).toBe(`runId: ${runId} is already in use by a running turn`);
      });
    });

    describe('a client that disconnects', () => {
      it('stops the turn: Stopped, with the partial answer', async () => {
        stub.next({
          kind: 'text',
          chunks: ['Refunds ', 'are ', 'prorated ', 'for ', 'annual ', 'plans [1].'],
          delayMs: 400,
        });
        let threadId = '';
        const run = await runStream(
          world.internal,
          streamPath(stubAgent),
          { query: 'Refunds?', chatMode: 'quick' },
          (event) => {
            if (event.type === 'RUN_STARTED') threadId = (event as any).threadId;
            if (event.type === 'TEXT_MESSAGE_CONTENT') return 'abort';
          },
        );
        expect(run.finished).toBeUndefined();
        const detail = await waitFor('the conversation to stop', async () => {
          const response = await world.internal.get(conversationPath(stubAgent, threadId));
          return response.body.conversation.status === 'Stopped' ? response.body : null;
        });
        const answer = detail.conversation.messages.find((m: any) => m.messageType === 'bot_response');
        expect(answer.content.startsWith('Refunds')).toBe(true);
        expect(answer.content).not.toContain('annual plans');
      });
    });

    describe('a provider failing mid-stream', () => {
      it('ends with one RUN_ERROR after the partial text, and keeps the conversation as Failed', async () => {
        stub.next({ kind: 'break', chunks: ['Refunds are', ' prorated'] });
        const run = await runStream(world.internal, streamPath(stubAgent), {
          query: 'Refunds?',
          chatMode: 'quick',
        });
        expectWellFormed(run);
        expect(run.types.slice(-2)).toEqual(['TEXT_MESSAGE_END', 'RUN_ERROR']);
        expect(run.runError).toMatchObject({
          code: 'HTTP_INTERNAL_SERVER_ERROR',
          message: expect.stringMatching(
            /^The model failed to answer: the model endpoint (broke off the answer|stopped before the answer was complete)/,
          ),
        });
        expect(run.runError!.message).not.toContain('127.0.0.1');
        const threadId = (run.events[0] as any).threadId;
        const detail = (await world.internal.get(conversationPath(stubAgent, threadId))).body.conversation;
        expect(detail).toMatchObject({ status: 'Failed', failReason: run.runError!.message });
        expect(detail.messages[0]).toMatchObject({ messageType: 'error', content: run.runError!.message });
      });
    });

    describe('op 12: regenerate', () => {
      it('replaces the last answer with a new one, streamed', async () => {
        const created = await runStream(world.internal, streamPath(extractiveAgent), {
          query: 'When are invoices generated?',
          chatMode: 'quick',
        });
        const { conversation } = created.finished!.result;
        const old = conversation.messages[1]._id;
        const run = await runStream(
          world.internal,
          `${conversationPath(extractiveAgent, conversation._id)}/message/${old}/regenerate`,
          {
            chatMode: 'quick',
          },
        );
        expectWellFormed(run);
        expect(run.types).not.toContain('CUSTOM');
        expectSchema(AddMessageResponse, run.finished!.result);
        const messages = run.finished!.result.conversation.messages;
        expect(messages.map((m: any) => m.messageType)).toEqual(['user_query', 'bot_response']);
        expect(messages[1]._id).not.toBe(old);
        expect(messages[1].content).toBe(conversation.messages[1].content);
      });

      it('reports lookups and rule failures as RUN_ERROR once the stream is open', async () => {
        const first = (
          await world.internal.post(`/api/v1/agents/${extractiveAgent}/conversations`, { query: 'Refunds?' })
        ).body.conversation;
        const [question, answer] = first.messages;
        await world.internal.post(`/api/v1/agents/${extractiveAgent}/conversations/${first._id}/messages`, {
          query: 'Invoices?',
        });
        const regenerate = (conversation: string, message: string) =>
          runStream(
            world.internal,
            `${conversationPath(extractiveAgent, conversation)}/message/${message}/regenerate`,
            { chatMode: 'quick' },
          );

        const notLast = await regenerate(first._id, answer._id);
        expectWellFormed(notLast);
        expect(notLast.types).toEqual(['RUN_STARTED', 'RUN_ERROR']);
        expect(notLast.runError).toEqual(
          expect.objectContaining({
            code: 'HTTP_BAD_REQUEST',
            message: 'Only the last message in the conversation can be regenerated',
          }),
        );
        const unknown = await regenerate('0123456789abcdef01234567', question._id);
        expect(unknown.runError).toMatchObject({ code: 'HTTP_NOT_FOUND', message: 'Conversation not found' });

        stub.next({ kind: 'status', status: 400, message: 'bad request' });
        const failed = await runStream(world.internal, streamPath(stubAgent), {
          query: 'Refunds?',
          chatMode: 'quick',
        });
        const failedId = (failed.events[0] as any).threadId;
        const errorMessage = failed.finished
          ? ''
          : (await world.internal.get(conversationPath(stubAgent, failedId))).body.conversation.messages[0]
              ._id;
        const notAnswer = await runStream(
          world.internal,
          `${conversationPath(stubAgent, failedId)}/message/${errorMessage}/regenerate`,
          {
            chatMode: 'quick',
          },
        );
        expect(notAnswer.runError).toMatchObject({
          message: 'Only a bot_response message can be regenerated',
        });
      });

      it('answers validation errors with 400 before the stream', async () => {
        const path = `${conversationPath(extractiveAgent, '0123456789abcdef01234567')}/message/0123456789abcdef01234568/regenerate`;
        const noMode = await world.internal.post(path, {});
        expect(noMode.status).toBe(400);
        expect(noMode.body.error.message).toBe('chatMode: must be quick');
        const badTime = await world.internal.post(path, {
          chatMode: 'quick',
          currentTime: '2026-05-11T15:43:21',
        });
        expect(badTime.status).toBe(400);
        const badId = await world.internal.post(
          `${conversationPath(extractiveAgent, 'nope')}/message/x/regenerate`,
          { chatMode: 'quick' },
        );
        expect(badId.status).toBe(400);
      });
    });
  },
  { env: { TROVE_AGENT_HEARTBEAT_SECONDS: '1', TROVE_LLM_MAX_RETRIES: '0' } },
);
