/**
 * A real HTTP server that speaks OpenAI's `POST /v1/embeddings`, for tests of the
 * `openai` provider and of Trove end to end without a model server.
 *
 * Vectors come from Trove's hashing vectorizer (ngram 3, lowercase), so they are
 * deterministic and meaningful: a search through this stub ranks like the `hashing`
 * provider does. Like OpenAI, it refuses empty strings in `input`. Unlike OpenAI, it
 * answers in reversed order by default (clients must place vectors by `index`) and
 * echoes a wrong API key in full in its 401 message (clients must scrub it).
 *
 * Faults are scripted per request: each `failNext`, `delayNext`, `holdNext` or
 * `wrongDimensionNext` queues faults that the next requests consume, in order.
 */
import { createServer, IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { HashingVectorizer } from '../../src/embeddings/hashing.provider';

export interface OpenAiEmbeddingsStubOptions {
  /** Vector size when a request does not send `dimensions`. Default 64. */
  size?: number;
  /** When set, every request must carry `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** Order of `data` in answers. Default 'reversed'. */
  order?: 'reversed' | 'in-order';
  /** Send embeddings as base64 float32, as some servers do whatever was asked. */
  base64?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** The status the stub answered, 0 while a delayed answer is pending. */
  status: number;
}

export interface OpenAiEmbeddingsStub {
  /** The base URL to configure, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  requests: RecordedRequest[];
  /** The vector the stub answers for `text` at `size`. */
  vectorFor(text: string, size?: number): number[];
  /** Answer the next `n` requests with `status` and an OpenAI-style error body. */
  failNext(status: number, n?: number, options?: { message?: string; retryAfterSeconds?: number }): void;
  /** Hold the next `n` answers for `ms` (to exceed a client's timeout). */
  delayNext(ms: number, n?: number): void;
  /** Answer the next `n` requests with vectors one dimension too long. */
  wrongDimensionNext(n?: number): void;
  /** Hold the next `n` answers until `releaseHeld()`: the test decides when a call completes. */
  holdNext(n?: number): void;
  /** Sends every held answer. */
  releaseHeld(): void;
  /** Forget recorded requests and queued faults. */
  reset(): void;
  close(): Promise<void>;
}

type Fault =
  | { kind: 'fail'; status: number; message: string; retryAfterSeconds?: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'hold' }
  | { kind: 'wrong-dimension' };

export async function startOpenAiEmbeddingsStub(
  options: OpenAiEmbeddingsStubOptions = {},
): Promise<OpenAiEmbeddingsStub> {
  const defaultSize = options.size ?? 64;
  const vectorizers = new Map<number, HashingVectorizer>();
  const vectorFor = (text: string, size = defaultSize) => {
    let vectorizer = vectorizers.get(size);
    if (!vectorizer)
      vectorizers.set(size, (vectorizer = new HashingVectorizer(size, { ngram: 3, lowercase: true })));
    return vectorizer.vectorize(text);
  };
  const requests: RecordedRequest[] = [];
  const faults: Fault[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const held: (() => void)[] = [];

  const send = (
    res: ServerResponse,
    record: RecordedRequest,
    status: number,
    body: unknown,
    headers = {},
  ) => {
    record.status = status;
    if (res.destroyed) return; // the client gave up (timeout, abort)
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (message: string, type = 'invalid_request_error', code: string | null = null) => ({
    error: { message, type, param: null, code },
  });

  const answer = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // recorded as text; refused below
    }
    const record: RecordedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body,
      status: 0,
    };
    requests.push(record);

    if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
      return send(res, record, 404, error(`Unknown request URL: ${req.method} ${req.url}`));
    }
    if (options.apiKey !== undefined) {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (given === undefined) return send(res, record, 401, error("You didn't provide an API key."));
      if (given !== options.apiKey) {
        return send(
          res,
          record,
          401,
          error(`Incorrect API key provided: ${given}.`, 'invalid_request_error', 'invalid_api_key'),
        );
      }
    }

    const fault = faults.shift();
    if (fault?.kind === 'fail') {
      const headers =
        fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
      return send(res, record, fault.status, error(fault.message, 'server_error'), headers);
    }

    const request = body as { model?: unknown; input?: unknown; dimensions?: unknown } | null;
    if (typeof request !== 'object' || request === null)
      return send(res, record, 400, error('We could not parse the JSON body of your request.'));
    if (typeof request.model !== 'string' || request.model === '')
      return send(res, record, 400, error('you must provide a model parameter'));
    const inputs = typeof request.input === 'string' ? [request.input] : request.input;
    if (
      !Array.isArray(inputs) ||
      inputs.length === 0 ||
      inputs.some((text) => typeof text !== 'string' || text === '')
    ) {
      return send(
        res,
        record,
        400,
        error(
          "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.",
        ),
      );
    }
    const size = typeof request.dimensions === 'number' ? request.dimensions : defaultSize;

    const data = (inputs as string[]).map((text, index) => {
      let vector = vectorFor(text, size);
      if (fault?.kind === 'wrong-dimension') vector = [...vector, 0];
      const embedding = options.base64
        ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
        : vector;
      return { object: 'embedding', index, embedding };
    });
    if ((options.order ?? 'reversed') === 'reversed') data.reverse();
    const tokens = (inputs as string[]).reduce((sum, text) => sum + text.split(/\s+/).length, 0);
    const reply = {
      object: 'list',
      data,
      model: request.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    };

    if (fault?.kind === 'delay') {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(res, record, 200, reply);
      }, fault.ms);
      timers.add(timer);
      return;
    }
    if (fault?.kind === 'hold') {
      held.push(() => send(res, record, 200, reply));
      return;
    }
    send(res, record, 200, reply);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const queue = (n: number, fault: Fault) => {
    for (let i = 0; i < n; i++) faults.push(fault);
  };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    vectorFor,
    failNext: (status, n = 1, opts = {}) =>
      queue(n, {
        kind: 'fail',
        status,
        message: opts.message ?? `stub failure ${status}`,
        retryAfterSeconds: opts.retryAfterSeconds,
      }),
    delayNext: (ms, n = 1) => queue(n, { kind: 'delay', ms }),
    wrongDimensionNext: (n = 1) => queue(n, { kind: 'wrong-dimension' }),
    holdNext: (n = 1) => queue(n, { kind: 'hold' }),
    releaseHeld: () => held.splice(0).forEach((answer) => answer()),
    reset: () => {
      requests.length = 0;
      faults.length = 0;
    },
    close: async () => {
      held.length = 0;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
