/**
 * Structured logs: one pino logger for Fastify and Nest, JSON lines on stdout.
 * Secrets never reach it: the key secret header is redacted wherever it appears.
 * Levels are written by name (`"level":"warn"`), which log tools read without a
 * table of pino's numbers.
 */
import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { LogLevel } from '../config/settings';

export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'trove' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: ['req.headers["x-api-key-secret"]', 'headers["x-api-key-secret"]', '*.secret', 'secret'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Nest's logger interface over pino, so framework messages are JSON lines too.
 *
 * Nest calls `log(message, ...params)` and appends the Logger's context as the last
 * parameter; our own code logs pino-style, `logger.log({ fields }, 'message')`.
 * Both shapes land as one structured line: fields merged, `msg` the text, `context`
 * the class, `trace` an error stack.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params);
  }

  private write(level: pino.Level, message: unknown, params: unknown[]) {
    const rest = params.filter((p) => p !== undefined);
    const context =
      rest.length > 0 && typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const text = rest.find((p): p is string => typeof p === 'string');
    const trace = text && /\n\s+at /.test(text) ? text : undefined;
    const fields: Record<string, unknown> = { context, ...(trace ? { trace } : {}) };
    if (message instanceof Error) {
      this.logger[level]({ ...fields, err: message }, message.message);
    } else if (message !== null && typeof message === 'object') {
      this.logger[level]({ ...fields, ...(message as object) }, trace ? undefined : text);
    } else {
      this.logger[level](fields, String(message));
    }
  }
}
