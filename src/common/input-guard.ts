/**
 * The rules every piece of client input obeys, whatever the field: checked once
 * at the edge (the REST hook below, the MCP tool arguments) rather than field by
 * field, so a new field is covered the day it is added.
 *
 * - No NUL character (U+0000): PostgreSQL's text and jsonb cannot hold it, so it
 *   could not be stored faithfully; it is refused rather than silently dropped.
 * - No lone UTF-16 surrogate (`"\ud800"` is valid JSON text but no character):
 *   it has no UTF-8 form and would be stored as U+FFFD. This is I-JSON's rule
 *   (RFC 7493).
 * - At most MAX_JSON_DEPTH levels of nesting: no request of Trove needs more, and
 *   deeper values exhaust the stack of whatever walks them next (jsonb's parser).
 *
 * They hold for path parameters, query strings, JSON bodies and the text fields of
 * multipart forms alike, on every edge: the agents API words the same refusals as
 * its 400 VALIDATION_ERROR.
 *
 * Refusals are 422s naming the field: `metadata.k: must not contain NUL characters`.
 */
import type { FastifyInstance } from 'fastify';
import { CommonErrorReason, invalid } from './errors';
import { MAX_JSON_DEPTH } from './json-bounds';

/** A route whose handler reads and answers its raw input itself (/mcp) sets this in its config. */
export const RAW_INPUT = 'rawInput';

declare module 'fastify' {
  interface FastifyContextConfig {
    [RAW_INPUT]?: boolean;
  }
}

/**
 * For a plugin scope whose handlers read the raw request themselves (the MCP SDK,
 * oidc-provider): Fastify parses no body there, whatever its media type, so the size and
 * media type answers are the handler's. Its routes also set RAW_INPUT.
 */
export function leaveBodiesUnread(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

export type PathSegment = string | number;

/** `grants[0].classifications`, `metadata["a.b"]`: how messages name a field. */
export function formatPath(path: readonly PathSegment[]): string {
  return path
    .map((part, i) => {
      if (typeof part === 'number') return `[${part}]`;
      if (!IDENTIFIER.test(part)) return `[${JSON.stringify(part)}]`;
      return i === 0 ? part : `.${part}`;
    })
    .join('');
}

/** What is wrong with one string, or null. */
export function textProblem(text: string): string | null {
  if (text.includes('\0')) return 'must not contain NUL characters (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it holds a lone UTF-16 surrogate)';
  return null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * The first rule a parsed JSON value breaks, as `<field>: <problem>`, or null.
 * Iterative, so that the depth check itself cannot overflow the stack.
 */
export function jsonInputProblem(value: unknown, root: readonly PathSegment[] = []): string | null {
  const name = (path: readonly PathSegment[]) => (path.length === 0 ? 'body' : formatPath(path));
  const stack: { value: unknown; path: readonly PathSegment[]; depth: number }[] = [
    { value, path: root, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return `${name(path)}: ${problem}`;
      continue;
    }
    const isArray = Array.isArray(current);
    if (!isArray && !isPlainObject(current)) continue;
    if (depth >= MAX_JSON_DEPTH) {
      // A path that deep names its first levels only.
      const shown = path.length <= 8 ? name(path) : `${formatPath(path.slice(0, 8))}…`;
      return `${shown}: must not be nested more than ${MAX_JSON_DEPTH} levels deep`;
    }
    if (isArray) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: [...path, i], depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(current as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      const keyPath = [...path, key];
      const problem = textProblem(key);
      if (problem) return `${name(keyPath)}: ${problem}`;
      stack.push({ value: child, path: keyPath, depth: depth + 1 });
    }
  }
  return null;
}

/** Throws the 422 of the first rule `value` breaks. */
export function checkJsonInput(value: unknown, root: readonly PathSegment[] = []): void {
  const problem = jsonInputProblem(value, root);
  if (problem) throw invalid(CommonErrorReason.InvalidInput, problem);
}

/** The rules for each value of a flat object of strings (a query string, path parameters), named `<what> <key>`. */
function namedTextProblem(values: unknown, what: string): string | null {
  // Fastify's parsed query is an object of its own class (no Object.prototype).
  if (values === null || typeof values !== 'object') return null;
  for (const [key, raw] of Object.entries(values)) {
    const name = `${what} ${IDENTIFIER.test(key) ? key : JSON.stringify(key)}`;
    const keyProblem = textProblem(key);
    if (keyProblem) return `${name}: ${keyProblem}`;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      const problem = typeof value === 'string' ? textProblem(value) : null;
      if (problem) return `${name}: ${problem}`;
    }
  }
  return null;
}

/** The same rules for query parameters, named as the list routes name them. */
export function queryInputProblem(query: unknown): string | null {
  return namedTextProblem(query, 'query parameter');
}

/** And for path parameters (`%00` decodes to a NUL), before a handler looks anything up by them. */
export function pathInputProblem(params: unknown): string | null {
  return namedTextProblem(params, 'path parameter');
}

/**
 * The same rules for the text fields of a multipart form, named as the body's fields
 * are: a field's name and its text, or the value of a field sent as JSON. Fields that
 * hold JSON in text (an upload's `metadata`) are checked again once parsed.
 */
export function formFieldProblem(name: string, value: unknown): string | null {
  const field = formatPath([name]);
  const nameProblem = textProblem(name);
  if (nameProblem) return `${field}: ${nameProblem}`;
  return jsonInputProblem(value, [name]);
}

/**
 * The REST edge: every path parameter, query string and parsed body is checked
 * before any handler runs; multipart bodies, which handlers read themselves, as they
 * are read (files/multipart.ts). Routes marked RAW_INPUT in their config are left to
 * themselves.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.[RAW_INPUT]) return;
    const problem =
      pathInputProblem(request.params) ?? queryInputProblem(request.query) ?? jsonInputProblem(request.body);
    if (problem) throw invalid(CommonErrorReason.InvalidInput, problem);
  });
}
