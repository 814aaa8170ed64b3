/**
 * The console's generated API types (web/src/api/openapi.ts) are what the running
 * app's OpenAPI document generates: a route or field changed without
 * `npm run api-types` fails here, not in a user's browser.
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../scripts/api-types.mjs');

describe("the console's API types", () => {
  let database: TroveDatabase;
  let trove: TroveProcess;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    trove = await startTrove(database);
  });

  afterAll(async () => {
    await trove?.stop();
    await database?.drop();
  });

  it('are the ones the served /openapi.json generates (npm run api-types writes them)', async () => {
    const result = await run(process.execPath, [SCRIPT, '--check', '--url', trove.url]).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect({ stderr: result.stderr, stdout: result.stdout }).toEqual({
      stderr: '',
      stdout: 'web/src/api/openapi.ts is up to date\n',
    });
  });
});
