/**
 * The last resort for an error nothing else caught: an `'error'` event no stream or
 * socket listened to, a callback that threw, a promise rejected with no handler.
 * Node.js ends the process on those; one bad request must not end it for everyone.
 *
 * Once the server listens, such an error is logged and counted
 * (`trove_uncaught_errors_total`), and the process keeps serving. That is safe here
 * because what such an error can break is the one request, stream or timer it came
 * from: durable state lives in the database, written in transactions that roll back
 * when the code that opened them stops, and what Trove keeps in memory (caches,
 * sessions, rate limits) is rebuilt or expires. What stays fatal:
 *  - an error before the server listens (a half-started Trove must not serve): main.ts
 *    installs this only after listen, so until then Node's default still exits;
 *  - the embedded database's thread dying: not an uncaught error but its own event, which
 *    fails /healthz so that the orchestrator restarts the process;
 *  - running out of memory, which no handler can catch.
 *
 * The log line names the error's class, code and stack frames. Its message is kept only
 * for Node.js's system errors (`ENOENT: no such file or directory, open '…'`), which
 * Node words itself; another message may quote the input that caused it (a parser's
 * "Unexpected token" quotes the document), and input never reaches the log.
 */
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { uncaughtErrors } from './metrics';

const MAX_FRAMES = 12;

export function keepServingOnUncaughtErrors(logger: Logger): void {
  process.on('uncaughtException', (error) => {
    uncaughtErrors.inc({ kind: 'exception' });
    logger.error({ error: describeUncaught(error) }, 'Uncaught error: logged, and the server keeps serving');
  });
  process.on('unhandledRejection', (reason) => {
    uncaughtErrors.inc({ kind: 'rejection' });
    logger.error(
      { error: describeUncaught(reason) },
      'Unhandled promise rejection: logged, and the server keeps serving',
    );
  });
}

/**
 * A listening server emits 'error' for what fails outside any one connection (accept
 * running out of file descriptors): without a listener that would end the process.
 */
export function logServerErrors(server: Server, logger: Logger, name: string): void {
  server.on('error', (error) =>
    logger.error({ error: describeUncaught(error), server: name }, 'Server error'),
  );
}

export interface UncaughtDescription {
  type: string;
  code?: string;
  syscall?: string;
  message?: string;
  stack?: string;
}

export function describeUncaught(error: unknown): UncaughtDescription {
  if (!(error instanceof Error)) return { type: typeof error };
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim());
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof syscall === 'string' ? { syscall, message: error.message } : {}),
    ...(frames.length > 0 ? { stack: frames.join('\n') } : {}),
  };
}
