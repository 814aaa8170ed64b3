/**
 * The answers /mcp gives outside a JSON-RPC result: plain-text HTTP errors,
 * JSON-RPC errors as a bare JSON body, the headers of an event stream, and
 * the 500 for a failure of Trove's own machinery.
 */
import type { FastifyReply } from 'fastify';

const TEXT = 'text/plain; charset=utf-8';

/** The first value of a request header that may repeat. */
export const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

export function text(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('content-type', TEXT).send(body);
}

/** JSON-RPC errors outside a stream; a Buffer, so Fastify adds no charset to the media type. */
export function json(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json').send(Buffer.from(body, 'utf8'));
}

export function sseHeaders(reply: FastifyReply): FastifyReply {
  return reply.code(200).header('content-type', 'text/event-stream').header('cache-control', 'no-cache');
}

/**
 * Failures of our own machinery (the session store's database), in the published library's words.
 * The transport answers them with a 500 and this message as plain text.
 */
export class InternalFailure extends Error {
  constructor(
    readonly context: string,
    readonly failure: unknown,
  ) {
    super(
      `Encounter an error when ${context}: ${failure instanceof Error ? failure.message : String(failure)}`,
    );
  }
}

export async function guard<T>(context: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new InternalFailure(context, error);
  }
}
