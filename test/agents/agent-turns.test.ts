/**
 * Agent turns with an OpenAI-compatible LLM (a local chat-completions stub) through
 * a running Trove: what the model is told (agent prompt, numbered fragments, the
 * search_knowledge tool), the bounded tool loop, confidence and follow-ups, and the
 * document's error statuses of the JSON routes (413, 422, 424, 429, 500), each with
 * X-Conversation-Id and the conversation kept as Failed. Also the metrics.
 */
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';
import { describeEachDatabase } from '../support/suite';
import {
  AddMessageResponse,
  AgentConversationDetailResponse,
  CreateAgentConversationResponse,
  ErrorResponse,
  expectSchema,
} from './contract/schemas';
import { runStream } from './support/agui';
import { ALL_SCOPES, buildWorld, key, World } from './support/world';

const API_KEY = 'sk-stub-turns-secret-77';
const EXTRACTIVE = '01900000-0000-7000-8000-000000000003';

let stub: OpenAiChatStub;
beforeAll(async () => (stub = await startOpenAiChatStub()));
afterAll(() => stub.close());

describeEachDatabase(
  'the agents API: turns with an OpenAI-compatible LLM',
  (fixture) => {
    let world: World;
    let agent = '';
    const path = () => `/api/v1/agents/${agent}/conversations`;
    const messagesOf = (i: number) => stub.requests[i].body.messages ?? [];

    beforeAll(async () => {
      world = await buildWorld(fixture().api);
      const llm = await fixture().api.post('/llms', {
        name: 'stub',
        provider: 'openai',
        endpoint: stub.url,
        model: 'stub-model',
        api_key: API_KEY,
      });
      expect(llm.status).toBe(201);
      agent = (
        await world.internal.post('/api/v1/agents/create', {
          name: 'Support',
          systemPrompt: 'You are Ada, the support assistant.',
          instructions: 'Answer in one paragraph.',
          knowledge: [{ connectorId: world.supportKb }],
          models: [{ modelKey: 'stub', isReasoning: true }],
        })
      ).body.agent._key;
    });
    beforeEach(() => stub.reset());

    it('tells the model the agent’s prompt, the numbered fragments and the question, and offers search_knowledge', async () => {
      const response = await world.internal.post(path(), { query: 'How do customers get their money back?' });
      expect(response.status).toBe(201);
      expectSchema(CreateAgentConversationResponse, response.body);
      const sent = stub.requests[0];
      expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(sent.body.model).toBe('stub-model');
      const [system, user] = messagesOf(0);
      expect(system.role).toBe('system');
      expect(system.content).toMatch(/^You are Ada, the support assistant\.\nAnswer in one paragraph\./);
      expect(user.content).toMatch(/^Sources:\n\[1\] support-kb · internal\n/);
      expect(user.content).toContain('Refunds for annual plans are prorated.');
      expect(String(user.content).endsWith('Question: How do customers get their money back?')).toBe(true);
      expect(sent.body.tools?.map((t) => t.function.name)).toEqual(['search_knowledge']);
      // The stub cites the first source; it is saved as the answer's citation.
      const answer = response.body.conversation.messages[1];
      expect(answer.content).toMatch(/\[1\]$/);
      expect(answer.citations).toHaveLength(1);
      expect(answer.modelInfo).toMatchObject({
        modelName: 'stub-model',
        modelProvider: 'openai',
        modelFriendlyName: 'stub',
      });
      expect(fixture().trove.output()).not.toContain(API_KEY);
    });

    it('runs the model’s search_knowledge calls, numbering new fragments after the first ones', async () => {
      stub.next(
        {
          kind: 'tool_calls',
          calls: [
            { name: 'search_knowledge', arguments: { query: 'monthly invoices' }, id: 'call_invoices' },
          ],
        },
        { kind: 'text', chunks: ['Invoices are monthly [2] and refunds prorated [1].'] },
      );
      const run = await runStream(world.internal, `${path()}/stream`, {
        query: 'Refunds?',
        chatMode: 'quick',
      });
      expect(run.error).toBeUndefined();
      expect(stub.requests).toHaveLength(2);
      const tool = messagesOf(1).find((m) => m.role === 'tool')!;
      expect(tool.tool_call_id).toBe('call_invoices');
      const markers = [...(tool.content ?? '').matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));
      // One fragment per search here (TROVE_AGENT_SEARCH_K=1): the first search found [1].
      expect(markers).toEqual([2]);
      const modelCall = run.events.filter((e: any) => e.toolCallId === 'call_invoices').map((e) => e.type);
      expect(modelCall).toEqual(['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT']);
      const answer = run.finished!.result.conversation.messages[1];
      expect(answer.tools).toHaveLength(2);
      expect(answer.tools[1].toolResult).toEqual({ query: 'monthly invoices', sources: [2] });
      // The saved answer numbers its citations in order of first citation: [2] became [1].
      expect(answer.content).toBe('Invoices are monthly [1] and refunds prorated [2].');
      expect(answer.citations.map((c: any) => c.citationData.metadata.recordId)).toEqual([
        world.documents.invoices,
        world.documents.refunds,
      ]);
    });

    it('stops offering the tool after the configured number of rounds', async () => {
      const call = {
        kind: 'tool_calls' as const,
        calls: [{ name: 'search_knowledge', arguments: { query: 'more' } }],
      };
      stub.next(call, call, call);
      const response = await world.internal.post(path(), { query: 'Refunds?' });
      expect(response.status).toBe(201);
      expect(stub.requests.map((r) => (r.body.tools ?? []).length)).toEqual([1, 1, 0]);
    });

    it('runs at most the searches a round and a turn allow, and tells the model about the others', async () => {
      const calls = (round: number) => ({
        kind: 'tool_calls' as const,
        calls: [0, 1, 2, 3, 4].map((i) => ({
          name: 'search_knowledge',
          arguments: { query: `refund ${round}.${i}` },
          id: `call_${round}_${i}`,
        })),
      });
      stub.next(calls(1), calls(2), { kind: 'text', chunks: ['Refunds are prorated [1].'] });
      const response = await world.internal.post(path(), { query: 'Refunds?' });
      expect(response.status).toBe(201);
      const toolResults = (i: number) =>
        messagesOf(i)
          .filter((m) => m.role === 'tool')
          .map((m) => m.content ?? '');
      const perRound = 'Not run: at most 3 searches run per round.';
      const perTurn = 'Not run: this turn has made its 4 searches.';
      // Round 1: three of five run; round 2: the one the turn has left runs.
      const first = toolResults(1);
      expect(first).toHaveLength(5);
      expect(first.slice(0, 3).every((c) => !c.startsWith('Not run'))).toBe(true);
      expect(first.slice(3).every((c) => c.startsWith(perRound))).toBe(true);
      const second = toolResults(2).slice(5);
      expect(second).toHaveLength(5);
      expect(second[0].startsWith('Not run')).toBe(false);
      expect(second.slice(1, 3).every((c) => c.startsWith(perTurn))).toBe(true);
      expect(second.slice(3).every((c) => c.startsWith(perRound))).toBe(true);
      // The turn's own search and the four the model was allowed; no tool offered once they are spent.
      expect(response.body.conversation.messages[1].tools).toHaveLength(5);
      expect(stub.requests[2].body.tools).toBeUndefined();
    });

    it('answers a search the model asks badly (a query too long) with the error, as its result', async () => {
      stub.next(
        {
          kind: 'tool_calls',
          calls: [
            { name: 'search_knowledge', arguments: { query: 'refund '.repeat(2000) }, id: 'call_long' },
          ],
        },
        { kind: 'text', chunks: ['Refunds are prorated [1].'] },
      );
      const response = await world.internal.post(path(), { query: 'Refunds?' });
      expect(response.status).toBe(201);
      const tool = messagesOf(1).find((m) => m.role === 'tool')!;
      expect(tool).toMatchObject({
        tool_call_id: 'call_long',
        content: 'Search failed: query: must be at most 8192 characters (TROVE_SEARCH_MAX_QUERY_CHARS)',
      });
      expect(response.body.conversation.messages[1].content).toBe('Refunds are prorated [1].');
    });

    it('lets a turn pick its model only among the agent’s (or the default, for an agent without models)', async () => {
      // A registered LLM, the default even, that this agent was not given: refused before anything is saved.
      const refused = await world.internal.post(path(), { query: 'Refunds?', modelKey: EXTRACTIVE });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(`modelKey: '${EXTRACTIVE}' is not one of this agent's models`);
      expect(refused.headers.get('x-conversation-id')).toBeNull();
      expect(stub.requests).toHaveLength(0);
      const streamed = await runStream(world.internal, `${path()}/stream`, {
        query: 'Refunds?',
        chatMode: 'quick',
        modelKey: 'extractive',
      });
      expect(streamed.error?.message).toMatch(/HTTP 400/);
      // The agent's own model, by name or id.
      expect((await world.internal.post(path(), { query: 'Refunds?', modelKey: 'stub' })).status).toBe(201);
      // An agent without models answers with the default LLM, and only with it.
      const plain = (
        await world.internal.post('/api/v1/agents/create', {
          name: 'Plain',
          knowledge: [{ connectorId: world.supportKb }],
        })
      ).body.agent._key;
      const plainPath = `/api/v1/agents/${plain}/conversations`;
      expect((await world.internal.post(plainPath, { query: 'Refunds?', modelKey: 'stub' })).status).toBe(
        400,
      );
      expect((await world.internal.post(plainPath, { query: 'Refunds?', modelKey: EXTRACTIVE })).status).toBe(
        201,
      );
    });

    it('withholds an answer from a key that can no longer read what it was drawn from, and never sends it to a model again', async () => {
      const reader = await key(fixture().api, 'soon-narrowed', {
        scopes: ALL_SCOPES,
        grants: [
          { pipeline_id: world.supportKb, permissions: 5 },
          { pipeline_id: world.secret, permissions: 5 },
        ],
      });
      const roadmap = (
        await reader.post('/api/v1/agents/create', {
          name: 'Roadmap',
          knowledge: [{ connectorId: world.secret }, { connectorId: world.supportKb }],
          models: [{ modelKey: 'stub', isReasoning: true }],
        })
      ).body.agent._key;
      const conversations = `/api/v1/agents/${roadmap}/conversations`;
      // One answer quotes and cites the secret fragment; another was given it and cites nothing.
      const cited = (await reader.post(conversations, { query: 'When does Project Nightjar launch?' })).body
        .conversation;
      expect(cited.messages[1].content).toContain('launches in March');
      stub.next({ kind: 'text', chunks: ['The roadmap says: March, with a budget of four million.'] });
      const uncited = (await reader.post(conversations, { query: 'What is the Nightjar budget?' })).body
        .conversation;
      expect(uncited.messages[1].citations).toHaveLength(0);
      const found = (search: string) =>
        reader
          .get(`${conversations}?search=${encodeURIComponent(search)}`)
          .then((r) => r.body.conversations.map((c: any) => c._id));
      expect(await found('launches in March')).toEqual([cited._id]);

      await fixture().api.patch(`/api_keys/${reader.credentials!.id}`, {
        grants: [{ pipeline_id: world.supportKb, permissions: 5 }],
      });
      for (const conversation of [cited, uncited]) {
        const detail = await reader.get(`${conversations}/${conversation._id}`);
        const { messages } = detail.body.conversation;
        const question = messages.find((m: any) => m.messageType === 'user_query');
        const answer = messages.find((m: any) => m.messageType === 'bot_response');
        expect(question.content).toBe(conversation.messages[0].content);
        expect(answer).toMatchObject({
          content: 'This answer is withheld: it drew on sources this API key can no longer read.',
          citations: [],
          followUpQuestions: [],
        });
        expect(JSON.stringify(detail.body)).not.toMatch(/launches in March|four million/);
      }
      expect(await found('launches in March')).toEqual([]);
      expect(await found('four million')).toEqual([]);
      // A follow-up sends the model the conversation so far, without what the key can no longer read.
      stub.reset();
      const followUp = await reader.post(`${conversations}/${uncited._id}/messages`, { query: 'And when?' });
      expect(followUp.status).toBe(200);
      const history = messagesOf(0).filter((m) => m.role === 'assistant');
      expect(history.map((m) => m.content)).toEqual([
        'This answer is withheld: it drew on sources this API key can no longer read.',
      ]);
      expect(JSON.stringify(stub.requests)).not.toMatch(/launches in March|four million/);
      expect(JSON.stringify(followUp.body)).not.toMatch(/launches in March|four million/);
    });

    it('offers no tool when the request says tools: []', async () => {
      await world.internal.post(path(), { query: 'Refunds?', tools: [] });
      expect(stub.requests[0].body.tools).toBeUndefined();
    });

    it('keeps the confidence and the follow-ups the model wrote out of the answer, in their fields', async () => {
      stub.next({
        kind: 'text',
        chunks: ['Refunds are prorated [1].\n\nConfidence: High\nFollow-up: How are monthly plans refunded?'],
      });
      const created = await world.internal.post(path(), { query: 'Refunds?' });
      const answer = created.body.conversation.messages[1];
      expect(answer).toMatchObject({
        content: 'Refunds are prorated [1].',
        confidence: 'High',
        followUpQuestions: [{ question: 'How are monthly plans refunded?' }],
      });
      const detail = await world.internal.get(
        `${path()}/${created.body.conversation._id}?messageType=bot_response`,
      );
      expectSchema(AgentConversationDetailResponse, detail.body);
      expect(detail.body.conversation.messages[0].confidence).toBe('High');
    });

    it('gives the model the conversation so far on a follow-up', async () => {
      const created = await world.internal.post(path(), { query: 'Refunds?' });
      stub.reset();
      const added = await world.internal.post(`${path()}/${created.body.conversation._id}/messages`, {
        query: 'And invoices?',
      });
      expectSchema(AddMessageResponse, added.body);
      expect(messagesOf(0).map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
      expect(messagesOf(0)[1].content).toBe('Refunds?');
    });

    it('narrows retrieval to the request’s filters and skips it without internal search', async () => {
      await world.internal.post(path(), { query: 'Refunds?', filters: { kb: [world.secret] } });
      expect(messagesOf(0)[1].content).toMatch(/^Sources:\nNo sources were found\./);
      stub.reset();
      await world.internal.post(path(), { query: 'Refunds?', agentCapabilities: { internalSearch: false } });
      expect(messagesOf(0)[1].content).toMatch(/^Sources:\nNo sources were found\./);
    });

    describe('failures: the document’s statuses, X-Conversation-Id, and the conversation kept as Failed', () => {
      it.each([
        [
          '413',
          [{ kind: 'status' as const, status: 413, message: 'too large' }],
          413,
          'HTTP_PAYLOAD_TOO_LARGE',
          /^The request is larger than the selected model accepts/,
        ],
        [
          'the content filter',
          [{ kind: 'status' as const, status: 400, code: 'content_filter', message: 'flagged' }],
          422,
          'HTTP_UNPROCESSABLE_ENTITY',
          /^The model provider's content filter blocked the request\.$/,
        ],
        [
          '429 after a retry',
          [
            { kind: 'status' as const, status: 429, retryAfterSeconds: 0 },
            { kind: 'status' as const, status: 429, retryAfterSeconds: 0 },
          ],
          429,
          'HTTP_TOO_MANY_REQUESTS',
          /^The model provider is rate limiting or out of quota/,
        ],
        [
          'a refused key',
          [{ kind: 'status' as const, status: 401, message: 'bad key' }],
          424,
          'HTTP_FAILED_DEPENDENCY',
          /^No usable LLM: the selected model could not start/,
        ],
        [
          'an endpoint that never answers',
          [{ kind: 'hang' as const }, { kind: 'hang' as const }],
          500,
          'HTTP_INTERNAL_SERVER_ERROR',
          // A key other than an admin key is not told the endpoint's address.
          /^The model failed to answer: the model endpoint did not answer within 1000 ms$/,
        ],
      ])('%s', async (_, replies, status, code, message) => {
        stub.next(...replies);
        const response = await world.internal.post(path(), { query: 'Refunds?' });
        expect({ status: response.status, code: response.body.error?.code }).toEqual({ status, code });
        expectSchema(ErrorResponse, response.body);
        expect(response.body.error.message).toMatch(message);
        expect(response.text).not.toContain('127.0.0.1');
        const id = response.headers.get('x-conversation-id');
        expect(id).toMatch(/^[0-9a-f]{24}$/);
        const detail = (await world.internal.get(`${path()}/${id}`)).body.conversation;
        expect(detail).toMatchObject({ status: 'Failed', failReason: response.body.error.message });
        expect(detail.messages.map((m: { messageType: string }) => m.messageType)).toEqual([
          'error',
          'user_query',
        ]);
      });

      it('keeps a failed follow-up in the conversation and still sends X-Conversation-Id', async () => {
        const created = await world.internal.post(path(), { query: 'Refunds?' });
        stub.next({ kind: 'status', status: 413 });
        const id = created.body.conversation._id;
        const failed = await world.internal.post(`${path()}/${id}/messages`, { query: 'And invoices?' });
        expect(failed.status).toBe(413);
        expect(failed.headers.get('x-conversation-id')).toBe(id);
        stub.next({ kind: 'text', chunks: ['Invoices are monthly [1].'] });
        const retried = await world.internal.post(`${path()}/${id}/messages`, { query: 'And invoices?' });
        expect(retried.status).toBe(200);
        expect(retried.body.conversation.status).toBe('Complete');
        expect(retried.body.conversation.conversationErrors).toEqual([
          expect.objectContaining({ errorType: 'payload_too_large', message: failed.body.error.message }),
        ]);
      });

      it('answers 424 when no LLM is usable: none is the default, or the agent’s was deleted', async () => {
        const noModels = (
          await world.internal.post('/api/v1/agents/create', {
            name: 'Default',
            knowledge: [{ connectorId: world.supportKb }],
          })
        ).body.agent._key;
        await fixture().api.patch(`/llms/${EXTRACTIVE}`, { is_default: false });
        try {
          const response = await world.internal.post(`/api/v1/agents/${noModels}/conversations`, {
            query: 'Refunds?',
          });
          expect(response.status).toBe(424);
          expect(response.body.error).toMatchObject({
            code: 'HTTP_FAILED_DEPENDENCY',
            message:
              'No usable LLM: none is configured for the organization: register one with POST /llms and make it the default (is_default: true)',
          });
          expect(response.headers.get('x-conversation-id')).toMatch(/^[0-9a-f]{24}$/);
        } finally {
          await fixture().api.patch(`/llms/${EXTRACTIVE}`, { is_default: true });
        }
        const temporary = (await fixture().api.post('/llms', { name: 'temporary', provider: 'extractive' }))
          .body.id;
        const orphan = (
          await world.internal.post('/api/v1/agents/create', {
            name: 'Orphan',
            models: [{ modelKey: 'temporary', isReasoning: true }],
          })
        ).body.agent._key;
        await fixture().api.delete(`/llms/${temporary}`);
        const response = await world.internal.post(`/api/v1/agents/${orphan}/conversations`, {
          query: 'Refunds?',
        });
        expect(response.status).toBe(424);
        expect(response.body.error.message).toBe(
          `No usable LLM: the model '${temporary}' is not a registered LLM: register it with POST /llms or change the agent's models`,
        );
      });
    });

    it('exports agent turns by result, LLM latency, time to first token and tokens by model', async () => {
      const metrics = (await fixture().api.as(null).get('/metrics')).text;
      expect(metrics).toMatch(/^trove_agent_turns_total\{result="complete"\} [1-9]/m);
      expect(metrics).toMatch(/^trove_agent_turns_total\{result="failed"\} [1-9]/m);
      expect(metrics).toMatch(/^trove_llm_request_duration_seconds_count\{model="stub"\} [1-9]/m);
      expect(metrics).toMatch(/^trove_llm_time_to_first_token_seconds_count\{model="stub"\} [1-9]/m);
      expect(metrics).toMatch(/^trove_llm_tokens_total\{model="stub",kind="input"\} [1-9]/m);
      expect(metrics).toMatch(/^trove_llm_tokens_total\{model="stub",kind="output"\} [1-9]/m);
    });
  },
  {
    env: {
      TROVE_LLM_TIMEOUT_MS: '1000',
      TROVE_LLM_MAX_RETRIES: '1',
      TROVE_AGENT_MAX_TOOL_STEPS: '2',
      TROVE_AGENT_MAX_TOOL_CALLS_PER_ROUND: '3',
      TROVE_AGENT_MAX_TOOL_CALLS_PER_TURN: '4',
      TROVE_AGENT_SEARCH_K: '1',
    },
  },
);
