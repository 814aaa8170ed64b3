import * as fs from 'node:fs';

/** Runs once after the medium and integration tests: removes what their setups made. */
export default async function globalTeardown(): Promise<void> {
  const template = process.env.TROVE_TEST_PGLITE_TEMPLATE;
  if (template) fs.rmSync(template, { recursive: true, force: true });
  const document = process.env.TROVE_TEST_OPENAPI_DOCUMENT;
  if (document) fs.rmSync(document, { force: true });
}
