import pino from 'pino';
import { Writable } from 'node:stream';
import { baseUrl, reportStartup, startupBlock, StartupFacts } from './startup-report';

const facts: StartupFacts = {
  host: '127.0.0.1',
  port: 8080,
  version: '0.1.0',
  database: 'embedded',
  dataDir: '/home/me/trove/data',
  uiEnabled: true,
  bootstrapKey: {
    id: '0193a000-0000-7000-8000-000000000001',
    secret: 'the-generated-secret-0123456789',
    file: '/home/me/trove/data/bootstrap-admin-key.env',
  },
};

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  return { logger: pino({ base: null, timestamp: false }, stream), lines };
}

describe('startup report', () => {
  it('names addresses a browser can open', () => {
    expect(baseUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(baseUrl('127.0.0.1', 80)).toBe('http://127.0.0.1:80');
    expect(baseUrl('::1', 8080)).toBe('http://[::1]:8080');
  });

  it('gives a terminal one block: where to go, and the new key with its file', () => {
    const block = startupBlock(facts);
    expect(block).toContain('http://127.0.0.1:8080/ui/');
    expect(block).toContain('http://127.0.0.1:8080/docs');
    expect(block).toContain('reachable from this machine only: TROVE_HOST=0.0.0.0');
    expect(block).toContain('x-api-key-secret  the-generated-secret-0123456789');
    expect(block).toContain('also in /home/me/trove/data/bootstrap-admin-key.env');
    const plain = startupBlock({ ...facts, host: '0.0.0.0', uiEnabled: false, bootstrapKey: null });
    expect(plain).not.toContain('/ui/');
    expect(plain).not.toContain('x-api-key');
    expect(plain).toContain('reachable on every interface');
  });

  it('writes the block to a terminal and nothing to the log', () => {
    const { logger, lines } = capture();
    const written: string[] = [];
    reportStartup(logger, facts, { isTTY: true, write: (text: string) => written.push(text) });
    expect(written).toEqual([startupBlock(facts)]);
    expect(lines).toEqual([]);
  });

  it('logs JSON lines to a pipe, the key last and once', () => {
    const { logger, lines } = capture();
    reportStartup(logger, facts, {
      isTTY: false,
      write: () => {
        throw new Error('not a terminal');
      },
    });
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toHaveLength(2);
    expect(parsed[0]).toMatchObject({
      console: 'http://127.0.0.1:8080/ui/',
      docs: 'http://127.0.0.1:8080/docs',
    });
    expect(parsed[1].msg).toBe(
      'Created the bootstrap admin API key. Save it now, it is not shown again: x-api-key=0193a000-0000-7000-8000-000000000001 ' +
        'x-api-key-secret=the-generated-secret-0123456789 (also in /home/me/trove/data/bootstrap-admin-key.env, readable by this user only)',
    );
  });
});
