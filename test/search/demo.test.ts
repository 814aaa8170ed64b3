/**
 * `npm run demo` (scripts/demo.mjs) against a real Trove: the published "First
 * search" example, twice — the second run reuses the pipeline and versions the
 * documents instead of copying them.
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { ADMIN } from '../support/http';
import { describeEachDatabase } from '../support/suite';

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

describeEachDatabase('npm run demo', (fixture) => {
  const demo = () =>
    run(path.join(ROOT, 'node_modules/.bin/node'), [path.join(ROOT, 'scripts/demo.mjs')], {
      env: {
        PATH: process.env.PATH ?? '',
        TROVE_URL: fixture().trove.url,
        TROVE_API_KEY: ADMIN.id,
        TROVE_API_SECRET: ADMIN.secret,
      },
    });

  it('replays First search, and can be run again', async () => {
    const first = await demo();
    expect(first.stdout).toContain('Created the pipeline support-kb');
    expect(first.stdout).toContain('Searching internal finds all three documents');
    const pipelines = (await fixture().api.get('/pipelines?name=support-kb')).body.data;
    expect(pipelines).toHaveLength(1);
    const documents = (await fixture().api.get(`/pipelines/${pipelines[0].id}/documents`)).body.data;
    expect(documents.map((d: any) => d.external_id).sort()).toEqual([
      'invoices',
      'password-reset',
      'refunds',
    ]);

    const second = await demo();
    expect(second.stdout).toContain(`Using the existing pipeline support-kb (${pipelines[0].id})`);
    const again = (await fixture().api.get(`/pipelines/${pipelines[0].id}/documents`)).body.data;
    expect(again.map((d: any) => d.id)).toEqual(documents.map((d: any) => d.id));
    again.forEach((d: any, i: number) => expect(d.version).toBeGreaterThan(documents[i].version));
    const live = await fixture().api.post(`/pipelines/${pipelines[0].id}/search`, {
      type: 'similarity',
      query: 'refund',
      classifications: ['internal'],
      params: { k: 10 },
    });
    expect(live.body).toHaveLength(3);

    // The files step: five formats in one upload, found by a search; after two runs still
    // five documents (the file name is the external id, so the second run made versions).
    expect(first.stdout).toContain('Uploaded 5 files');
    expect(first.stdout).toMatch(/warranty\.md .*markdown/);
    const [files] = (await fixture().api.get('/pipelines?name=support-files')).body.data;
    const fileDocuments = (await fixture().api.get(`/pipelines/${files.id}/documents`)).body.data;
    expect(fileDocuments.map((d: any) => d.external_id).sort()).toEqual([
      'contacts.json',
      'plans.csv',
      'shipping.txt',
      'status.html',
      'warranty.md',
    ]);
  });

  it('says what is wrong without a key', async () => {
    const failed = await run(
      path.join(ROOT, 'node_modules/.bin/node'),
      [path.join(ROOT, 'scripts/demo.mjs')],
      {
        env: { PATH: process.env.PATH ?? '', TROVE_URL: fixture().trove.url },
      },
    ).catch((error) => error);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Set TROVE_API_KEY and TROVE_API_SECRET');
  });
});
