/**
 * A body refused before it is read leaves its connection usable (issue 20, item 5).
 * When a route refused a multipart body before reading it all (a file over the limit,
 * a file in a field that takes none), the rest stayed on the wire unread: the next
 * request on that keep-alive connection was never read, and hung until the keep-alive
 * timeout reset the connection. Fastify's own 413 closed the connection while the client
 * still sent, so Node's fetch (undici, which the ingest command and the bridge use) saw
 * a failed write (EPIPE) instead of the 413. Now the rest of a refused body is read and
 * dropped within a bound: the client reads its answer and its next request, on the same
 * connection, is answered; past the bound the connection closes.
 *
 * The timeouts below only turn a hang into a failure; nothing is timed.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { createPipeline } from '../search/helpers';
import { ADMIN, keyHeaders, rawRequest, RawRequest } from '../support/http';
import { describeEachDatabase } from '../support/suite';

const MiB = 1024 * 1024;
const HANG_GUARD_MS = 60_000;
const NODE = path.resolve(__dirname, '../../node_modules/.bin/node');
const CLI = path.resolve(__dirname, '../../dist/cli.js');
const admin = keyHeaders(ADMIN);

/** A multipart body (as a browser or fetch encodes it) with one file under `field`. */
async function multipart(field: string, bytes: Buffer): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  form.append('classification', 'public');
  form.append(field, new Blob([bytes]), 'big.txt');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

describeEachDatabase(
  'bodies refused before they are read',
  (fixture) => {
    let pipelineId: string;
    const url = (path: string) => fixture().trove.url + path;
    const files = () => `/pipelines/${pipelineId}/files`;

    beforeAll(async () => {
      pipelineId = (await createPipeline(fixture().api, { classifications: ['public'] })).id;
    });

    /** The refused request, then another on the same keep-alive connection: both answered, one connection. */
    async function refusedThenServed(refusal: RawRequest, status: number): Promise<string> {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await rawRequest(fixture().trove.url, { ...refusal, agent });
        expect(refused.status).toBe(status);
        const next = await rawRequest(fixture().trove.url, { path: '/healthz', agent });
        expect(next.status).toBe(200);
        expect(next.localPort).toBe(refused.localPort);
        return refused.body;
      } finally {
        agent.destroy();
      }
    }

    it('serves the next request on the connection after refusing a file in the wrong field', async () => {
      const { body, type } = await multipart('attachment', Buffer.alloc(2 * MiB, 'a'));
      const detail = await refusedThenServed(
        { method: 'POST', path: files(), headers: { ...admin, 'content-type': type }, body },
        422,
      );
      expect(JSON.parse(detail).detail).toBe(
        "field attachment: a file was sent here; send files as 'file' or 'files'",
      );
    });

    it('serves the next request on the connection after refusing a file over the limit', async () => {
      const { body, type } = await multipart('file', Buffer.alloc(6 * MiB, 'a'));
      const detail = await refusedThenServed(
        { method: 'POST', path: files(), headers: { ...admin, 'content-type': type }, body },
        413,
      );
      expect(JSON.parse(detail).detail).toBe(
        "Payload Too Large: file 'big.txt' has more than 4194304 bytes, the most one file may have",
      );
    });

    it('serves the next request on the connection after refusing an upload without a key', async () => {
      const { body, type } = await multipart('file', Buffer.alloc(6 * MiB, 'a'));
      await refusedThenServed(
        { method: 'POST', path: files(), headers: { 'content-type': type }, body },
        401,
      );
    });

    it('serves the next request on the connection after refusing a JSON body over 4 MiB', async () => {
      await refusedThenServed(
        {
          method: 'POST',
          path: '/pipelines',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'x', description: 'd'.repeat(6 * MiB) }),
        },
        413,
      );
    });

    /** Node's fetch, as the clients use it, giving up only when the guard runs out. */
    const send = (path: string, init: RequestInit = {}) =>
      fetch(url(path), { ...init, signal: AbortSignal.timeout(HANG_GUARD_MS) });

    it('answers Node’s fetch a JSON body over 4 MiB with its 413, not a failed write', async () => {
      const refused = await send('/pipelines', {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', description: 'd'.repeat(12 * MiB) }),
      });
      expect(refused.status).toBe(413);
      expect((await send('/healthz')).status).toBe(200);
    });

    it('closes the connection of a body that goes on past the bound, and serves the next one', async () => {
      // The bound is what one upload may carry (TROVE_FILES_MAX_REQUEST_BYTES, 16 MiB here).
      const refused = await send('/pipelines', {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: Buffer.alloc(96 * MiB, ' '),
      }).then(
        (response) => response.status,
        (error: Error) => (error.name === 'TimeoutError' ? 'hung' : 'closed'),
      );
      expect([413, 'closed']).toContain(refused);
      expect((await send('/healthz')).status).toBe(200);
    });

    it('lets the ingest command report a file over the limit and upload the others', async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-refused-'));
      try {
        fs.writeFileSync(path.join(folder, 'a-big.txt'), Buffer.alloc(12 * MiB, 'a'));
        fs.writeFileSync(path.join(folder, 'b-note.txt'), 'A note uploaded after the refused file.\n');
        fs.writeFileSync(path.join(folder, 'c-note.txt'), 'Another note, on the same connection.\n');
        const run = await new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(
            NODE,
            [
              CLI,
              'ingest',
              folder,
              '--pipeline',
              pipelineId,
              '--classification',
              'public',
              '--concurrency',
              '1',
            ],
            {
              env: {
                PATH: process.env.PATH ?? '',
                TROVE_URL: fixture().trove.url,
                TROVE_API_KEY: ADMIN.id,
                TROVE_API_SECRET: ADMIN.secret,
              },
              stdio: ['ignore', 'pipe', 'pipe'],
              timeout: HANG_GUARD_MS,
            },
          );
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => resolve({ code, output }));
        });
        expect(run.output).toContain('2 uploaded, 0 unchanged, 1 failed.');
        expect(run.output).toContain(
          "failed: a-big.txt: 413: Payload Too Large: file 'a-big.txt' has more than 4194304 bytes",
        );
        expect(run.code).toBe(1);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    });
  },
  { env: { TROVE_FILES_MAX_BYTES: String(4 * MiB), TROVE_FILES_MAX_REQUEST_BYTES: String(16 * MiB) } },
);
