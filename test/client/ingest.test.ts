/**
 * `trove ingest` over HTTP against a running Trove: a folder walked with globs,
 * files skipped when Trove already holds their content hash, failures named in
 * the summary and the exit code, transient failures retried.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { createKey, createSupportKb, SupportKb } from '../support/records';
import { Credentials } from '../support/http';
import { describeEachDatabase } from '../support/suite';

const NODE = path.resolve(__dirname, '../../node_modules/.bin/node');
const CLI = path.resolve(__dirname, '../../dist/cli.js');

interface Run {
  code: number | null;
  output: string;
}

function ingest(args: string[], url: string, key: Credentials): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(NODE, [CLI, 'ingest', ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        TROVE_URL: url,
        TROVE_API_KEY: key.id,
        TROVE_API_SECRET: key.secret,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A proxy to `target` that answers the first `failures` file uploads with 503. */
function flakyProxy(
  target: string,
  failures: number,
): Promise<{ url: string; failed: () => number; close(): void }> {
  let failed = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (request.method === 'POST' && request.url?.endsWith('/files') && failed < failures) {
        failed++;
        response
          .writeHead(503, { 'content-type': 'application/json' })
          .end('{"detail":"Service Unavailable"}');
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          ([name]) => !['host', 'connection', 'content-length'].includes(name),
        ),
      ) as Record<string, string>;
      const answer = await fetch(target + request.url, {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      });
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'text/plain',
      });
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        failed: () => failed,
        close: () => server.close(),
      }),
    ),
  );
}

describeEachDatabase('trove ingest', (fixture) => {
  let kb: SupportKb;
  let key: Credentials;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-ingest-'));
  const write = (relative: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true });
    fs.writeFileSync(path.join(folder, relative), content);
  };
  const externalIds = async () =>
    (await fixture().api.get(`/pipelines/${kb.pipelineId}/documents?expired=false&limit=100`)).body.data
      .map((d: { external_id: string | null }) => d.external_id)
      .filter((id: string | null) => id !== null)
      .sort();

  beforeAll(async () => {
    kb = await createSupportKb(fixture().api, `ingest-kb-${fixture().kind}`);
    key = await createKey(
      fixture().api,
      [{ pipeline_id: kb.pipelineId, permissions: 6, classifications: '*' }],
      'ingest',
    );
    write('handbook.md', '# Handbook\n\nExpense reports are due on the fifth of each month.\n');
    write('data/rates.csv', 'city,rate\nLisbon,120\nOslo,180\n');
    write('data/deep/notes.txt', 'Deep notes that the exclude glob keeps out.\n');
    write(
      'page.html',
      '<html><body><main><h1>Parking</h1><p>Parking permits are issued by reception.</p></main></body></html>',
    );
    write('.hidden.md', 'Hidden files are never ingested.\n');
    write('logo.png', 'not a format Trove reads');
    write('broken.pdf', 'plain text pretending to be a PDF');
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('ingests a folder, names the file it could not, and exits 1', async () => {
    const run = await ingest(
      [
        folder,
        '--pipeline',
        kb.pipeline.name,
        '--classification',
        'public',
        '--recursive',
        '--exclude',
        'data/deep/**',
        '--metadata',
        'team=ops',
      ],
      fixture().trove.url,
      key,
    );
    expect(run.code).toBe(1);
    expect(run.output).toContain('Ingesting 4 files\n');
    expect(run.output).toMatch(/\[\d\/4\] handbook\.md: uploaded as 'public' \(1 fragments\)\n/);
    expect(run.output).not.toContain('No --classification given');
    expect(run.output).not.toContain('unchanged, skipped:');
    expect(run.output).toContain('3 uploaded, 0 unchanged, 1 failed.');
    expect(run.output).toMatch(/ {2}failed: broken\.pdf: 422: File 'broken\.pdf': .+/);
    expect(await externalIds()).toEqual(['data/rates.csv', 'handbook.md', 'page.html']);
    const listed = await fixture().api.get(
      `/pipelines/${kb.pipelineId}/documents?external_id$eq=handbook.md`,
    );
    expect(listed.body.data[0]).toMatchObject({
      classification: 'public',
      metadata: { team: 'ops', filename: 'handbook.md' },
    });
  });

  it('skips what Trove already holds, uploads what changed, retrying a transient failure', async () => {
    write('handbook.md', '# Handbook\n\nExpense reports are due on the tenth of each month.\n');
    fs.rmSync(path.join(folder, 'broken.pdf'));
    const proxy = await flakyProxy(fixture().trove.url, 1);
    try {
      const run = await ingest(
        [
          folder,
          '--pipeline',
          kb.pipelineId,
          '--classification',
          'public',
          '--recursive',
          '--include',
          '**/*.{md,csv}',
          '--exclude',
          'data/deep/**',
        ],
        proxy.url,
        key,
      );
      expect(run.output).toContain(
        '1 uploaded, 1 unchanged, 0 failed.\n  unchanged, skipped: data/rates.csv\n',
      );
      expect(run.code).toBe(0);
      expect(proxy.failed()).toBe(1);
    } finally {
      proxy.close();
    }
    const versions = await fixture().api.get(
      `/pipelines/${kb.pipelineId}/documents?external_id$eq=handbook.md&expired=false`,
    );
    expect(versions.body.data).toHaveLength(1);
    const found = await fixture().api.post(`/pipelines/${kb.pipelineId}/search`, {
      type: 'search',
      query: 'tenth',
      classifications: ['public'],
    });
    expect(found.body.map((f: { page_content: string }) => f.page_content).join(' ')).toContain(
      'tenth of each month',
    );
  });

  it('says which classification files got when none was given, and with --verbose what became of each', async () => {
    write('faq.md', '# FAQ\n\nThe office opens at nine.\n');
    const args = [folder, '--pipeline', kb.pipelineId, '--include', '*.md', '--verbose'];
    const run = await ingest(args, fixture().trove.url, key);
    expect(run.code).toBe(0);
    const stored = await fixture().api.get(`/pipelines/${kb.pipelineId}/documents?external_id$eq=faq.md`);
    const classification = stored.body.data[0].classification as string;
    expect(run.output).toContain(
      `No --classification given: every file is stored as '${classification}', the pipeline's narrowest classification.\n`,
    );
    expect(run.output).toContain(
      [
        '1 uploaded, 1 unchanged, 0 failed.',
        `  faq.md: uploaded as '${classification}' (1 fragments)`,
        '  handbook.md: unchanged (Trove holds the same sha256), skipped',
        '',
      ].join('\n'),
    );
  });

  it('refuses a command it cannot run with exit code 2', async () => {
    const run = await ingest([folder], fixture().trove.url, key);
    expect(run.code).toBe(2);
    expect(run.output).toContain('--pipeline is required');
    const unknown = await ingest([folder, '--pipeline', 'no-such-pipeline'], fixture().trove.url, key);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain(
      '--pipeline no-such-pipeline: no pipeline of that name that this key can read',
    );
  });
});
