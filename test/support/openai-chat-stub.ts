/**
 * A real HTTP server that speaks OpenAI's `POST /v1/chat/completions` with
 * `stream: true` (server-sent chunks, `data: [DONE]`), for tests of the `openai`
 * LLM provider and of agent turns without a model server.
 *
 * Replies are scripted: each `next(...)` queues one reply that the next request
 * consumes. With nothing queued, the stub answers like a well-behaved model: it
 * quotes the first sentence of the first numbered source (`[n] ...`) of the last
 * user message and cites it, or says it knows nothing when there is none.
 */
import { createServer, IncomingHttpHeaders, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

export type StubReply =
  /** Streams these text pieces, `delayMs` apart, then finishes with `finishReason`. */
  | { kind: 'text'; chunks: string[]; delayMs?: number; finishReason?: string; usage?: [number, number] }
  /** Streams tool calls (arguments in two pieces each), finish_reason tool_calls. */
  | { kind: 'tool_calls'; calls: { name: string; arguments: unknown; id?: string }[] }
  /** Answers an HTTP error with an OpenAI-style body. */
  | { kind: 'status'; status: number; message?: string; code?: string; retryAfterSeconds?: number }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Holds the request until `until` settles (the test's cue), then answers with `then`. */
  | { kind: 'held'; until: Promise<unknown>; then: StubReply }
  /** Streams these pieces, then goes silent with the connection open. */
  | { kind: 'stall'; chunks: string[] }
  /** Streams these pieces, then drops the connection mid-answer. */
  | { kind: 'break'; chunks: string[] };

export interface RecordedChatRequest {
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    messages?: { role: string; content?: string; tool_call_id?: string; tool_calls?: unknown[] }[];
    tools?: { function: { name: string } }[];
    stream?: boolean;
    [key: string]: unknown;
  };
}

export interface OpenAiChatStub {
  /** The base URL to register as an LLM's endpoint, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  requests: RecordedChatRequest[];
  next(...replies: StubReply[]): void;
  reset(): void;
  close(): Promise<void>;
}

/** The default answer: the first sentence of the first `[n]` source of the last user message, cited. */
export function defaultAnswer(body: RecordedChatRequest['body']): string {
  const users = (body.messages ?? []).filter((m) => m.role === 'user' || m.role === 'tool');
  const text = users.map((m) => m.content ?? '').join('\n');
  const source = /^\[(\d+)\][^\n]*\n([^\n]+)/m.exec(text);
  if (!source) return 'I do not know.';
  const sentence = source[2].split(/(?<=[.!?])\s/)[0];
  return `${sentence} [${source[1]}]`;
}

export async function startOpenAiChatStub(): Promise<OpenAiChatStub> {
  const requests: RecordedChatRequest[] = [];
  const queue: StubReply[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const chunk = (
    res: ServerResponse,
    model: string,
    delta: object,
    finish: string | null = null,
    usage?: object,
  ) =>
    res.write(
      `data: ${JSON.stringify({
        id: 'chatcmpl-stub',
        object: 'chat.completion.chunk',
        created: 1,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
        ...(usage ? { usage } : {}),
      })}\n\n`,
    );

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (data) => (raw += data));
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      const body = JSON.parse(raw) as RecordedChatRequest['body'];
      requests.push({ headers: req.headers, body });
      const model = body.model ?? 'stub';
      let reply = queue.shift() ?? { kind: 'text', chunks: [defaultAnswer(body)], usage: [42, 7] };
      while (reply.kind === 'held') {
        await reply.until;
        reply = reply.then;
      }
      if (reply.kind === 'status') {
        res.writeHead(reply.status, {
          'content-type': 'application/json',
          ...(reply.retryAfterSeconds !== undefined
            ? { 'retry-after': String(reply.retryAfterSeconds) }
            : {}),
        });
        res.end(
          JSON.stringify({
            error: {
              message: reply.message ?? `stub error ${reply.status}`,
              type: reply.code ?? null,
              code: reply.code ?? null,
            },
          }),
        );
        return;
      }
      if (reply.kind === 'hang') return;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      chunk(res, model, { role: 'assistant', content: '' });
      if (reply.kind === 'tool_calls') {
        reply.calls.forEach((call, index) => {
          const args = JSON.stringify(call.arguments);
          const half = Math.floor(args.length / 2);
          chunk(res, model, {
            tool_calls: [
              {
                index,
                id: call.id ?? `call_${index}`,
                type: 'function',
                function: { name: call.name, arguments: args.slice(0, half) },
              },
            ],
          });
          chunk(res, model, { tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
        });
        chunk(res, model, {}, 'tool_calls');
        res.end('data: [DONE]\n\n');
        return;
      }
      for (const [i, piece] of reply.chunks.entries()) {
        if (i > 0 && reply.kind === 'text' && reply.delayMs) await wait(reply.delayMs);
        if (res.destroyed) return;
        chunk(res, model, { content: piece });
      }
      if (reply.kind === 'stall') return;
      if (reply.kind === 'break') {
        // Let the pieces reach the client first: a reset before the headers would be retried.
        await wait(100);
        res.socket?.destroy();
        return;
      }
      const usage = reply.usage
        ? {
            prompt_tokens: reply.usage[0],
            completion_tokens: reply.usage[1],
            total_tokens: reply.usage[0] + reply.usage[1],
          }
        : undefined;
      chunk(res, model, {}, reply.finishReason ?? 'stop');
      if (usage)
        res.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-stub', object: 'chat.completion.chunk', created: 1, model, choices: [], usage })}\n\n`,
        );
      res.end('data: [DONE]\n\n');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    next: (...replies) => queue.push(...replies),
    reset: () => {
      requests.length = 0;
      queue.length = 0;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
