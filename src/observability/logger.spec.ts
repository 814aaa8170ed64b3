import pino from 'pino';
import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { createLogger, PinoNestLogger } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: new PinoNestLogger(pino({ level: 'trace' }, stream)) };
}

describe('PinoNestLogger', () => {
  it('turns Nest-style and pino-style calls into one structured line each', () => {
    const { lines, logger } = capture();
    Logger.overrideLogger(logger);
    const nest = new Logger('JobsWorker');
    nest.log('plain text');
    nest.log({ worker: 'w1' }, 'Ingestion job worker started');
    nest.error({ reqId: 'r1' }, 'Unhandled error');
    nest.error('failed', 'Error: boom\n    at somewhere (file.ts:1:1)');
    nest.warn(new Error('bad thing'));
    expect(
      lines.map(({ msg, context, worker, reqId, trace }) => ({ msg, context, worker, reqId, trace })),
    ).toEqual([
      { msg: 'plain text', context: 'JobsWorker', worker: undefined, reqId: undefined, trace: undefined },
      {
        msg: 'Ingestion job worker started',
        context: 'JobsWorker',
        worker: 'w1',
        reqId: undefined,
        trace: undefined,
      },
      { msg: 'Unhandled error', context: 'JobsWorker', worker: undefined, reqId: 'r1', trace: undefined },
      {
        msg: 'failed',
        context: 'JobsWorker',
        worker: undefined,
        reqId: undefined,
        trace: 'Error: boom\n    at somewhere (file.ts:1:1)',
      },
      { msg: 'bad thing', context: 'JobsWorker', worker: undefined, reqId: undefined, trace: undefined },
    ]);
    expect(lines.map((l) => l.level)).toEqual([30, 30, 50, 50, 40]);
  });
});

describe('createLogger', () => {
  it('writes levels by name', () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const logger = createLogger('info', stream);
    logger.info('one');
    logger.warn('two');
    logger.debug('hidden');
    expect(lines.map(({ level, msg, service }) => ({ level, msg, service }))).toEqual([
      { level: 'info', msg: 'one', service: 'trove' },
      { level: 'warn', msg: 'two', service: 'trove' },
    ]);
  });
});
