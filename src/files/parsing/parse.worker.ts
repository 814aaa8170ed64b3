/**
 * The worker thread that reads files (parser-pool.ts starts it): one request at a
 * time, answered by id. Whatever the file does here (spin, balloon) costs this
 * thread, which the pool terminates, and never the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { KindedRejection, parseFile } from './parse-file';
import { FileRejected } from './parsed-file';
import type { ParseOutcome, ParseReply, ParseRequest } from './parser-pool';

const port = parentPort;
if (!port) throw new Error('parse.worker.js runs as a worker thread of the file parser');

port.on('message', (request: ParseRequest) => {
  const started = performance.now();
  const reply = (outcome: ParseOutcome) => {
    const message: ParseReply = { id: request.id, seconds: (performance.now() - started) / 1000, ...outcome };
    port.postMessage(message);
  };
  parseFile(request.bytes, request.filename, request.limits).then(
    (parsed) => reply({ parsed }),
    (error: unknown) => {
      if (error instanceof FileRejected) {
        reply({
          rejected: error.reason,
          ...(error instanceof KindedRejection ? { kind: error.kind } : {}),
        });
      } else {
        reply({ failed: error instanceof Error ? error.message : String(error) });
      }
    },
  );
});
