/**
 * The `helm test` Pod's script, as the chart renders it, run against a real Trove:
 * it passes when /readyz is ready and MCP lists search_knowledge, and fails, saying
 * why, with a wrong key.
 */
import { spawnSync } from 'node:child_process';
import { ADMIN_KEY, ADMIN_SECRET } from '../support/http';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { EXTERNAL_DB, rendered } from './support/chart';
import { findObject } from './support/manifests';

function helmTestScript(): string {
  const pod = findObject(rendered(EXTERNAL_DB), 'Pod', 'trove-test');
  const [container] = (pod.spec as { containers: { args: string[] }[] }).containers;
  return container.args[0];
}

describe('the helm test hook against a running Trove', () => {
  let database: TroveDatabase;
  let trove: TroveProcess;
  let script: string;

  beforeAll(async () => {
    script = helmTestScript();
    database = await createTestDatabase('pglite');
    trove = await startTrove(database);
  });
  afterAll(async () => {
    await trove?.stop();
    await database?.drop();
  });

  const runScript = (url: string, secret = ADMIN_SECRET) =>
    spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
      env: { PATH: process.env.PATH, TROVE_URL: url, TROVE_BOOTSTRAP_API_KEY: ADMIN_KEY, TROVE_BOOTSTRAP_API_SECRET: secret },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('passes: ready, and tools/list has search_knowledge', () => {
    const result = runScript(trove.url);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ok: \/readyz is ready, MCP tools\/list has .*search_knowledge/);
  });

  it('fails with the reason on a wrong secret', () => {
    const result = runScript(trove.url, 'not-the-secret-of-the-key');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^helm test failed: POST \/mcp initialize answered 401/);
  });
});
