/**
 * The process that reads files (parser-pool.ts forks it): one request at a time,
 * answered by id over IPC. Whatever a file does here (spin, balloon) costs this
 * process, which the pool kills, and never the server: not its event loop, and not
 * its heap either (a worker thread running out of heap can abort the whole process,
 * nodejs/node#47224; a child process only aborts itself).
 */
import { KindedRejection, parseFile } from './parse-file';
import { FileRejected } from './parsed-file';
import type { ParseOutcome, ParseReply, ParseRequest, ParseStarted } from './parser-pool';

if (!process.send) throw new Error('parse-process.js runs as a child process of the file parser');

process.on('message', (request: ParseRequest) => {
  // The read starts once the pool knows it has (its deadline counts from the ack, so the
  // ack must leave before a read that keeps this thread busy).
  const ack: ParseStarted = { id: request.id, started: true };
  process.send!(ack, undefined, {}, () => read(request));
});

function read(request: ParseRequest): void {
  const started = performance.now();
  const reply = (outcome: ParseOutcome) => {
    const message: ParseReply = { id: request.id, seconds: (performance.now() - started) / 1000, ...outcome };
    process.send!(message);
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
        reply({ failed: failureOf(error) });
      }
    },
  );
}

/**
 * A reader that threw, as the server may log it: the error's class and where it was
 * thrown. Not its message: a reader's message may quote the file.
 */
function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const frame = error.stack?.split('\n').find((line) => /^\s+at /.test(line));
  return frame ? `${error.name} ${frame.trim()}` : error.name;
}

// The server going away closes the channel: nothing is left to answer to.
process.on('disconnect', () => process.exit(0));
