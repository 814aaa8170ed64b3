/**
 * The `openai` LLM provider against a local server speaking the chat-completions
 * API: streamed chunks, tool calls, retries on 429 with Retry-After, 413, the
 * content filter, a stream gone silent, broken streams, and the API key kept out of
 * messages. (An endpoint that never answers is tested through a running Trove in
 * agent-turns.test.ts: jest's sandbox hides the abort error the client classifies.)
 */
import { DomainError, ErrorCode } from '../../src/common/errors';
import { ChatEvent, ChatRequest } from '../../src/llms/chat-model';
import { OpenAiChatModel, OpenAiModelConfig } from '../../src/llms/openai.model';
import { OpenAiChatStub, startOpenAiChatStub } from '../support/openai-chat-stub';

const API_KEY = 'sk-stub-secret-0123456789';

let stub: OpenAiChatStub;
beforeAll(async () => (stub = await startOpenAiChatStub()));
afterAll(() => stub.close());
beforeEach(() => stub.reset());

const model = (config: Partial<OpenAiModelConfig> = {}) =>
  new OpenAiChatModel({
    endpoint: stub.url,
    model: 'stub-model',
    apiKey: API_KEY,
    tools: true,
    timeoutMs: 2000,
    maxRetries: 2,
    ...config,
  });

const request = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [
    { role: 'system', content: 'Answer from the sources.' },
    { role: 'user', content: 'Sources:\n[1] doc\nRefunds are prorated. More.\n\nQuestion: refunds?' },
  ],
  question: 'refunds?',
  sources: [],
  tools: [],
  signal: new AbortController().signal,
  ...overrides,
});

async function collect(events: AsyncIterable<ChatEvent>): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function failure(events: AsyncIterable<ChatEvent>): Promise<{ error: DomainError; seen: ChatEvent[] }> {
  const seen: ChatEvent[] = [];
  try {
    for await (const event of events) seen.push(event);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return { error: error as DomainError, seen };
  }
  throw new Error('expected the stream to fail');
}

describe('the openai chat provider', () => {
  it('streams the answer piece by piece, with the token usage, sending the model, messages and key', async () => {
    stub.next({ kind: 'text', chunks: ['Refunds ', 'are ', 'prorated [1]'], usage: [120, 9] });
    const events = await collect(model().stream(request()));
    expect(events).toEqual([
      { type: 'text', delta: 'Refunds ' },
      { type: 'text', delta: 'are ' },
      { type: 'text', delta: 'prorated [1]' },
      { type: 'usage', inputTokens: 120, outputTokens: 9 },
    ]);
    const sent = stub.requests[0];
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body).toMatchObject({ model: 'stub-model', stream: true });
    expect(sent.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent.body.tools).toBeUndefined();
  });

  it('offers tools and assembles streamed tool calls from their pieces', async () => {
    stub.next({
      kind: 'tool_calls',
      calls: [
        { name: 'search_knowledge', arguments: { query: 'refund policy' }, id: 'call_a' },
        { name: 'search_knowledge', arguments: { query: 'invoices' }, id: 'call_b' },
      ],
    });
    const tool = { name: 'search_knowledge', description: 'search', parameters: { type: 'object' } };
    const events = await collect(model().stream(request({ tools: [tool] })));
    expect(events).toEqual([
      {
        type: 'tool_calls',
        calls: [
          { id: 'call_a', name: 'search_knowledge', arguments: '{"query":"refund policy"}' },
          { id: 'call_b', name: 'search_knowledge', arguments: '{"query":"invoices"}' },
        ],
      },
    ]);
    expect(stub.requests[0].body.tools?.map((t) => t.function.name)).toEqual(['search_knowledge']);
  });

  it('does not offer tools to a model registered without them', async () => {
    const tool = { name: 'search_knowledge', description: 'search', parameters: { type: 'object' } };
    await collect(model({ tools: false }).stream(request({ tools: [tool] })));
    expect(stub.requests[0].body.tools).toBeUndefined();
  });

  it('retries a 429 that names a Retry-After and a 503, then answers', async () => {
    stub.next(
      { kind: 'status', status: 429, message: 'slow down', retryAfterSeconds: 1 },
      { kind: 'status', status: 503, message: 'overloaded' },
      { kind: 'text', chunks: ['fine'] },
    );
    const events = await collect(model().stream(request()));
    expect(events).toEqual([{ type: 'text', delta: 'fine' }]);
    expect(stub.requests).toHaveLength(3);
  });

  it('reports a persistent 429 as rate limiting after its retries', async () => {
    stub.next(
      ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429, retryAfterSeconds: 0 })),
    );
    const { error } = await failure(model().stream(request()));
    expect(error.code).toBe(ErrorCode.RateLimited);
    expect(error.message).toMatch(/^The model provider is rate limiting or out of quota: /);
    expect(stub.requests).toHaveLength(3);
  });

  it.each([
    ['a 413', { kind: 'status' as const, status: 413, message: 'request too large' }],
    [
      'a context length error',
      { kind: 'status' as const, status: 400, code: 'context_length_exceeded', message: 'too many tokens' },
    ],
  ])('reports %s as a request larger than the model accepts, without retrying', async (_, reply) => {
    stub.next(reply);
    const { error } = await failure(model().stream(request()));
    expect(error.code).toBe(ErrorCode.PayloadTooLarge);
    expect(error.message).toMatch(/^The request is larger than the selected model accepts/);
    expect(stub.requests).toHaveLength(1);
  });

  it.each([
    [
      'a refused request',
      { kind: 'status' as const, status: 400, code: 'content_filter', message: 'flagged' },
    ],
    [
      'an answer cut by the filter',
      { kind: 'text' as const, chunks: ['Partial'], finishReason: 'content_filter' },
    ],
  ])('reports %s as blocked by the content filter', async (_, reply) => {
    stub.next(reply);
    const { error } = await failure(model().stream(request()));
    expect(error.code).toBe(ErrorCode.ContentFiltered);
    expect(error.message).toBe("The model provider's content filter blocked the request.");
  });

  it('reports a refused key as an unusable model, without the key in the message', async () => {
    stub.next({ kind: 'status', status: 401, message: `Incorrect API key provided: ${API_KEY}` });
    const { error } = await failure(model().stream(request()));
    expect(error.code).toBe(ErrorCode.FailedDependency);
    expect(error.message).toMatch(/^No usable LLM: the selected model could not start/);
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).toContain('[redacted]');
  });

  it('times out a stream that goes silent mid-answer, keeping what came before', async () => {
    stub.next({ kind: 'stall', chunks: ['Half an ', 'answer'] });
    const { error, seen } = await failure(model({ timeoutMs: 300 }).stream(request()));
    expect(seen).toEqual([
      { type: 'text', delta: 'Half an ' },
      { type: 'text', delta: 'answer' },
    ]);
    expect(error.code).toBe(ErrorCode.Upstream);
    expect(stub.requests).toHaveLength(1);
  });

  it('fails a stream whose connection drops mid-answer, without retrying it', async () => {
    stub.next({ kind: 'break', chunks: ['Half'] });
    const { error, seen } = await failure(model().stream(request()));
    expect(seen).toEqual([{ type: 'text', delta: 'Half' }]);
    expect(error.code).toBe(ErrorCode.Upstream);
    expect(stub.requests).toHaveLength(1);
  });

  it('reports an unreachable endpoint', async () => {
    const { error } = await failure(
      model({ endpoint: 'http://127.0.0.1:9/v1', maxRetries: 0 }).stream(request()),
    );
    expect(error.code).toBe(ErrorCode.Upstream);
    // Admin keys see the address and the network's reason; every other key neither.
    expect(error.adminMessage).toMatch(
      /^The model failed to answer: cannot reach http:\/\/127.0.0.1:9\/v1: /,
    );
    expect(error.message).toBe('The model failed to answer: cannot reach the model endpoint');
  });

  it('stops at once when the turn is cancelled, with the cancel reason', async () => {
    stub.next({ kind: 'text', chunks: ['one ', 'two ', 'three'], delayMs: 200 });
    const controller = new AbortController();
    const seen: ChatEvent[] = [];
    const reason = new Error('cancelled by the user');
    await expect(
      (async () => {
        for await (const event of model().stream(request({ signal: controller.signal }))) {
          seen.push(event);
          controller.abort(reason);
        }
      })(),
    ).rejects.toBe(reason);
    expect(seen).toEqual([{ type: 'text', delta: 'one ' }]);
  });
});
