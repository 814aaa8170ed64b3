/**
 * Every Trove process of the suite is checked, when it stops, for texts that must
 * never be logged: the contents of the documents the test client sent to it and
 * the secrets it answered (issue 8, item 12). The client notes them as it goes
 * (http.ts), so no test has to remember to; the check is a few substring searches
 * over the process's output. Each line must also be a JSON object an operator's log
 * tooling can read (checkLogLines).
 *
 * A long content is checked by excerpts across its length, since a fragment of
 * it (a chunk) is what a leak would most likely print.
 */
const EXCERPT = 40;
const EXCERPTS_PER_TEXT = 5;
/** Shorter texts ("x", "hello") could appear in a log by coincidence. */
const MIN_LENGTH = 20;

const sensitive = new Map<string, Set<string>>();

/** Notes `text` as never to be logged by the Trove at `baseUrl`. */
export function noteSensitive(baseUrl: string, text: unknown): void {
  if (typeof text !== 'string' || text.length < MIN_LENGTH) return;
  let texts = sensitive.get(baseUrl);
  if (!texts) sensitive.set(baseUrl, (texts = new Set()));
  const step = Math.max(EXCERPT, Math.floor(text.length / EXCERPTS_PER_TEXT));
  for (let start = 0; start + MIN_LENGTH <= text.length && texts.size < 100_000; start += step)
    texts.add(text.slice(start, start + EXCERPT));
}

/** Notes the document contents of a request body sent to a documents route. */
export function noteDocumentContents(baseUrl: string, path: string, body: unknown): void {
  if (!/\/documents(\?|$)/.test(path)) return;
  for (const item of Array.isArray(body) ? body : [body]) {
    if (item !== null && typeof item === 'object')
      noteSensitive(baseUrl, (item as { content?: unknown }).content);
  }
}

/**
 * Throws, naming the first excerpts found, when the output of the Trove at `baseUrl`
 * holds any, as written or escaped as in a JSON log line.
 */
export function checkLog(baseUrl: string, output: string): void {
  const leaked = [...(sensitive.get(baseUrl) ?? [])].filter(
    (text) => output.includes(text) || output.includes(JSON.stringify(text).slice(1, -1)),
  );
  sensitive.delete(baseUrl);
  if (leaked.length > 0) {
    throw new Error(
      `The log of the Trove at ${baseUrl} holds ${leaked.length} text(s) it must never log, e.g. ${JSON.stringify(leaked.slice(0, 3))}`,
    );
  }
}

const LEVEL_NAMES = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);

/**
 * The first duplicated key of any object in a JSON text, or undefined. JSON.parse
 * keeps the last of two equal keys silently, so this walks the text itself.
 */
export function duplicateKeyOf(json: string): string | undefined {
  const scopes: (Set<string> | null)[] = [];
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (char === '{') scopes.push(new Set());
    else if (char === '[') scopes.push(null);
    else if (char === '}' || char === ']') scopes.pop();
    else if (char === '"') {
      let end = i + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      const keys = scopes[scopes.length - 1];
      if (keys && /^\s*:/.test(json.slice(end + 1, end + 8))) {
        const key = JSON.parse(json.slice(i, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
      }
      i = end;
    }
  }
  return undefined;
}

/**
 * Throws, naming the first bad line, unless every line of `output` is a JSON object
 * with unique keys and a level by name.
 */
export function checkLogLines(baseUrl: string, output: string): void {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  for (const line of lines) {
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch {
      throw new Error(`The Trove at ${baseUrl} logged a line that is not JSON: ${line.slice(0, 300)}`);
    }
    const level = (entry as { level?: unknown } | null)?.level;
    if (
      typeof entry !== 'object' ||
      entry === null ||
      Array.isArray(entry) ||
      !LEVEL_NAMES.has(String(level))
    )
      throw new Error(`The Trove at ${baseUrl} logged a line without a level name: ${line.slice(0, 300)}`);
    const duplicate = duplicateKeyOf(line);
    if (duplicate !== undefined)
      throw new Error(`The Trove at ${baseUrl} logged the key "${duplicate}" twice: ${line.slice(0, 300)}`);
  }
}

/** The request line (request-hooks.ts) of the request answered with `requestId`, once it is written. */
export function requestLogLine(output: string, requestId: string): Record<string, unknown> | undefined {
  return output
    .split('\n')
    .filter((line) => line.includes(requestId))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((entry) => entry.msg === 'request' && entry.reqId === requestId);
}
