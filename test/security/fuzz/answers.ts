/**
 * What the fuzz test demands of every answer, per edge (see RouteKind in routes.ts):
 * no server fault, no database text, an x-request-id, and the edge's own shapes of
 * success and error. A failed check throws with the request and the answer, for
 * fast-check to report and shrink.
 */
import type { RawResponse } from '../../support/http';
import { parseSse } from '../../mcp/support';
import type { RouteKind } from '../routes';

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export function fail(request: FuzzRequest, response: RawResponse, problem: string): never {
  const shown =
    typeof request.body === 'string' ? request.body.slice(0, 200) : request.body?.subarray(0, 200);
  throw new Error(
    `${problem}\n${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers)} ${JSON.stringify(shown?.toString())}\n` +
      `=> ${response.status} ${JSON.stringify(response.headers['content-type'])} ${response.body.slice(0, 300)}`,
  );
}

/** 501 and 502 are answers of the contract (placeholders, an embedding endpoint that refuses). */
const serverFault = (status: number) => status >= 500 && status !== 501 && status !== 502;

/**
 * Phrases of PostgreSQL's and the drivers' messages, which no answer may carry, and
 * the SQLSTATE of Trove's last-resort answer to a value the database refused: input
 * that got that far escaped the input rules, which name the field instead.
 */
const DATABASE_TEXT =
  /invalid byte sequence|invalid input syntax|violates|syntax error at|value too long for type|stack depth limit|in tsquery|unsupported Unicode escape|QueryFailedError|ECONNREFUSED|Connection terminated|SQLSTATE/i;

/** What every answer of every edge owes: below 500, no database text, a request id. */
function checkEveryAnswer(request: FuzzRequest, response: RawResponse): void {
  if (serverFault(response.status)) fail(request, response, 'a server error');
  if (DATABASE_TEXT.test(response.body)) fail(request, response, 'database text in the answer');
  if (!response.headers['x-request-id']) fail(request, response, 'no x-request-id');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function parsed(request: FuzzRequest, response: RawResponse): unknown {
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    return fail(request, response, 'a body that is not JSON');
  }
}

/** `{"detail": "..."}` and nothing else. */
const isDetail = (body: unknown) =>
  isObject(body) && Object.keys(body).join() === 'detail' && typeof body.detail === 'string';

/** The agents API's ErrorResponse: `{"error": {"requestId"?, "code", "message"}}`, and no 500 code. */
function checkErrorResponse(request: FuzzRequest, response: RawResponse, body: unknown): void {
  const error = isObject(body) && Object.keys(body).join() === 'error' ? body.error : undefined;
  if (
    !isObject(error) ||
    typeof error.code !== 'string' ||
    typeof error.message !== 'string' ||
    !Object.keys(error).every((key) => ['requestId', 'code', 'message'].includes(key))
  )
    fail(
      request,
      response,
      'an error that is not the ErrorResponse {"error": {"requestId", "code", "message"}}',
    );
  if (error.code === 'INTERNAL_ERROR') fail(request, response, 'an INTERNAL_ERROR');
}

/**
 * An AG-UI stream as the agents API frames it (`event: <TYPE>` and `data: <JSON>`):
 * RUN_STARTED first, then events of the same type as their frame, and exactly one
 * terminal event, last; a RUN_ERROR never an INTERNAL_ERROR.
 */
function checkEventStream(request: FuzzRequest, response: RawResponse): void {
  if (response.status !== 200) fail(request, response, 'an event stream whose status is not 200');
  const frames = response.body.split('\n\n').filter((frame) => frame.trim() !== '');
  const types = frames.map((frame) => {
    const name = /^event: (\S+)$/m.exec(frame)?.[1];
    const data = frame
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n');
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return fail(request, response, `an event whose data is not JSON: ${frame.slice(0, 200)}`);
    }
    if (!name || event.type !== name) fail(request, response, `an event not framed by its type: ${frame}`);
    if (event.type === 'RUN_ERROR' && (event.code === 'INTERNAL_ERROR' || typeof event.message !== 'string'))
      fail(request, response, 'a RUN_ERROR that is an internal error');
    return name;
  });
  const terminal = types.filter((type) => type === 'RUN_FINISHED' || type === 'RUN_ERROR');
  if (types[0] !== 'RUN_STARTED')
    fail(request, response, 'an event stream that does not start with RUN_STARTED');
  if (terminal.length !== 1 || !['RUN_FINISHED', 'RUN_ERROR'].includes(types[types.length - 1]))
    fail(request, response, 'an event stream without exactly one terminal event, last');
}

/** Every route but /mcp, in the shapes of its kind. */
export function checkAnswer(kind: RouteKind, request: FuzzRequest, response: RawResponse): void {
  checkEveryAnswer(request, response);
  const type = String(response.headers['content-type'] ?? '');
  if (kind === 'agents-stream' && type.startsWith('text/event-stream'))
    return checkEventStream(request, response);
  if (kind === 'agents-gateway' && [204, 404].includes(response.status) && response.body === '') return;
  if (response.status < 400) {
    if (kind !== 'rest-text' && response.status !== 204) parsed(request, response);
    return;
  }
  const body = parsed(request, response);
  if (kind === 'rest' || kind === 'rest-text') {
    if (!isDetail(body)) fail(request, response, 'an error that is not {"detail": "..."}');
    return;
  }
  const gatewayBlank =
    kind === 'agents-gateway' &&
    response.status === 400 &&
    isObject(body) &&
    /^\w+ is required$/.test(String(body.error));
  if (!gatewayBlank) checkErrorResponse(request, response, body);
}

export function checkMcp(request: FuzzRequest, response: RawResponse): void {
  checkEveryAnswer(request, response);
  const type = String(response.headers['content-type'] ?? '');
  const isRpc = (message: Record<string, unknown>) =>
    message?.jsonrpc === '2.0' &&
    ('result' in message ||
      (typeof (message.error as { code?: unknown })?.code === 'number' &&
        typeof (message.error as { message?: unknown })?.message === 'string'));
  try {
    if (type.startsWith('text/event-stream')) {
      for (const event of parseSse(response.body))
        if (event.data !== '' && !isRpc(JSON.parse(event.data)))
          fail(request, response, 'an event that is not JSON-RPC');
    } else if (type.startsWith('application/json')) {
      const body = JSON.parse(response.body);
      if (!isDetail(body) && !isRpc(body))
        fail(request, response, 'JSON that is neither {"detail"} nor JSON-RPC');
    } else if (response.body !== '' && !type.startsWith('text/plain')) {
      fail(request, response, 'an unexpected media type');
    } else if (response.body === '' && ![202, 404].includes(response.status)) {
      fail(request, response, 'an empty answer');
    }
  } catch (error) {
    if (error instanceof SyntaxError) fail(request, response, `a body that does not parse: ${error.message}`);
    throw error;
  }
}

/**
 * The authorization server (/api/v1/oauth2, /.well-known): OAuth's JSON errors
 * `{"error", "error_description"}` (RFC 6749 §5.2), metadata as JSON, or its HTML pages
 * (sign-in, consent, the error page of a request it cannot send back to a client);
 * a path it does not serve, Trove's 404 `{"detail"}`.
 */
export function checkOAuth(request: FuzzRequest, response: RawResponse): void {
  checkEveryAnswer(request, response);
  const type = String(response.headers['content-type'] ?? '');
  if (type.startsWith('text/html') || (response.status >= 300 && response.status < 400)) return;
  if (response.body === '' && [200, 204, 404].includes(response.status)) return;
  const body = parsed(request, response);
  // Trove's own framework answers what reaches no route (a POST of the metadata) as the REST API does.
  if (response.status >= 400 && !(isObject(body) && typeof body.error === 'string') && !isDetail(body))
    fail(request, response, 'an error that is neither OAuth\'s {"error": "..."} nor {"detail": "..."}');
}

/** Below 500, no database text, and in one of the endpoint's forms: JSON-RPC, ErrorResponse, or plain text. */
export function checkGuidedMind(request: FuzzRequest, response: RawResponse): void {
  checkEveryAnswer(request, response);
  const type = String(response.headers['content-type'] ?? '');
  const known = (body: Record<string, any>) =>
    body?.jsonrpc === '2.0' ||
    (typeof body?.error?.code === 'string' && typeof body.error.message === 'string') ||
    body?.status === 'ok';
  try {
    if (type.startsWith('text/event-stream')) {
      for (const line of response.body.split('\n'))
        if (line.startsWith('data: ') && JSON.parse(line.slice(6)).jsonrpc !== '2.0')
          fail(request, response, 'an event that is not JSON-RPC');
    } else if (type.startsWith('application/json')) {
      if (!known(JSON.parse(response.body)))
        fail(request, response, 'JSON that is neither JSON-RPC nor ErrorResponse');
    } else if (response.body !== '' && !type.startsWith('text/plain')) {
      fail(request, response, 'an unexpected media type');
    }
  } catch (error) {
    if (error instanceof SyntaxError) fail(request, response, `a body that does not parse: ${error.message}`);
    throw error;
  }
}
