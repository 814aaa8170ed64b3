/**
 * Server-sent events in the framing of the published example exchange:
 * `data: ` first (with its space even when empty), then `id: `, then `retry: `,
 * then a blank line.
 */

/** Clients wait this long before reconnecting a dropped stream. */
export const SSE_RETRY_MS = 3000;
/** A comment every 15 s keeps idle GET streams open through proxies. */
export const SSE_KEEP_ALIVE_MS = 15_000;

export function sseEvent(data: string, id?: string, retry?: number): string {
  let event = `data: ${data}\n`;
  if (id !== undefined) event += `id: ${id}\n`;
  if (retry !== undefined) event += `retry: ${retry}\n`;
  return `${event}\n`;
}

/** The event with an empty data field that opens a stream within a session. */
export const primingEvent = (id: string) => sseEvent('', id, SSE_RETRY_MS);

export const SSE_KEEP_ALIVE = ':\n\n';
