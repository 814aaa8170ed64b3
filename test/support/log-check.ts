/**
 * Every Trove process of the suite is checked, when it stops, for texts that must
 * never be logged: the contents of the documents the test client sent to it and
 * the secrets it answered (issue 8, item 12). The client notes them as it goes
 * (http.ts), so no test has to remember to; the check is a few substring searches
 * over the process's output.
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
