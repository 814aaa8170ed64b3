import { prepareTestDatabases } from './database-setup';

/** Runs once before the medium tests (the integration tests' global-setup.ts does the same, and more). */
export default async function mediumSetup(): Promise<void> {
  await prepareTestDatabases();
}
