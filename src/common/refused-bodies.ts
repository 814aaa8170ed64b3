/**
 * What becomes of a body the server answered before reading it all: a 413 (a body over
 * the limit, a file over its limit mid-upload), and any refusal a route gives before it
 * reads (401, 403, 415). Until the rest of the body is off the wire, the connection can
 * carry nothing else; a client that sends its whole body before it reads the answer
 * (Node.js's fetch, which the ingest command and the bridge use) waits on a full TCP
 * window, and its request hung until the keep-alive timeout reset the connection.
 *
 * So the rest of such a body is read and dropped once the answer is sent, within a bound
 * (`maxBytes`, and DRAIN_MAX_MS): the client then reads its 413 and the connection serves
 * its next request. A body that goes on past the bound has its connection closed, which
 * the client sees as a reset rather than a hang. Fastify's own `connection: close` on a
 * body it refused is dropped for the same reason: closing while the client still sends
 * makes it fail to write (EPIPE) before it can read the answer.
 */
import type { FastifyInstance } from 'fastify';

/** How long the rest of a refused body may take to arrive before its connection is closed. */
const DRAIN_MAX_MS = 60_000;

export function drainRefusedBodies(app: FastifyInstance, maxBytes: number): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete && reply.statusCode >= 400 && reply.statusCode < 500)
      reply.removeHeader('connection');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed) return;
    const cutOff = () => raw.socket?.destroy();
    const deadline = setTimeout(cutOff, DRAIN_MAX_MS);
    deadline.unref();
    let drained = 0;
    raw.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > maxBytes) cutOff();
    });
    raw.once('close', () => clearTimeout(deadline));
    // A reader that stopped at a limit may still be piped to: it must see nothing more.
    raw.unpipe();
    raw.resume();
  });
}
