/**
 * The process-level last resort (src/observability/last-resort.ts), as main.ts installs
 * it once the server listens: an `'error'` event nobody listens to, a throw in a timer
 * and a rejected promise nobody handles are logged, counted, and the process goes on.
 * Run in a Node.js process of its own over the built code: what is tested is that the
 * process survives, which no in-process test can show.
 */
import { spawnSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';

const NODE = path.resolve(__dirname, '../../node_modules/.bin/node');
const DIST = path.resolve(__dirname, '../../dist');

const SCRIPT = `
const { EventEmitter } = require('node:events');
const fs = require('node:fs');
const { createLogger } = require(${JSON.stringify(path.join(DIST, 'observability/logger.js'))});
const { keepServingOnUncaughtErrors } = require(${JSON.stringify(path.join(DIST, 'observability/last-resort.js'))});
const { registry } = require(${JSON.stringify(path.join(DIST, 'observability/metrics.js'))});
keepServingOnUncaughtErrors(createLogger('info'));
fs.createReadStream('/nonexistent/trove-last-resort');
setTimeout(() => { throw new SyntaxError('Unexpected token in "the secret document text"'); }, 10);
setTimeout(() => Promise.reject(new Error('rejected with the secret document text')), 20);
setTimeout(async () => {
  const counted = (await registry.getSingleMetric('trove_uncaught_errors_total').get()).values;
  console.log(JSON.stringify({ alive: true, counted }));
}, 200);
`;

describe('the last resort for uncaught errors', () => {
  it('logs them without their text and keeps the process running', () => {
    const run = spawnSync(NODE, ['-e', SCRIPT], {
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir() },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors.map((line) => [line.msg, line.error.type, line.error.code])).toEqual([
      ['Uncaught error: logged, and the server keeps serving', 'Error', 'ENOENT'],
      ['Uncaught error: logged, and the server keeps serving', 'SyntaxError', undefined],
      ['Unhandled promise rejection: logged, and the server keeps serving', 'Error', undefined],
    ]);
    // Node words a system error itself: its message is kept. Any other may quote input: it is not.
    expect(errors[0].error.message).toBe(
      "ENOENT: no such file or directory, open '/nonexistent/trove-last-resort'",
    );
    expect(run.stdout).not.toContain('secret document text');
    expect(errors[1].error.stack).toMatch(/^at /);
    const last = lines[lines.length - 1];
    expect(last.alive).toBe(true);
    expect(last.counted).toEqual(
      expect.arrayContaining([
        { labels: { kind: 'exception' }, value: 2 },
        { labels: { kind: 'rejection' }, value: 1 },
      ]),
    );
  });
});
