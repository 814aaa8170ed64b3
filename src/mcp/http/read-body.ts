import type { IncomingMessage } from 'node:http';

export const TOO_LARGE = Symbol('too-large');

/**
 * Reads a request body of at most `limit` bytes, counting as it streams (the
 * Content-Length, when sent, settles it at once). What is left unread of a
 * refused body is discarded so the connection stays usable.
 */
export function readBody(raw: IncomingMessage, limit: number): Promise<Buffer | typeof TOO_LARGE> {
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    raw.resume();
    return Promise.resolve(TOO_LARGE);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        raw.resume();
        resolve(TOO_LARGE);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
  });
}
