/**
 * Why a request is answered with a 5xx, noted by the edge that chose the answer (an
 * error filter, the health checks, the MCP transport) and read by the request log line
 * (src/observability/request-hooks.ts), so an operator reading a 502 sees which
 * dependency failed. Kept per request object, and gone with it.
 */
const failureReasons = new WeakMap<object, string>();

/** Records why `request` is answered with a 5xx, for its request log line. */
export function noteFailureReason(request: object | undefined, reason: string): void {
  if (request) failureReasons.set(request, reason);
}

/** What an edge noted of `request`'s failure, if anything. */
export const notedFailureReason = (request: object): string | undefined => failureReasons.get(request);
