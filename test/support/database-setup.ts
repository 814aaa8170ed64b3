/**
 * What the medium and integration tiers share before their first test (their global
 * setups): which databases this run has, and the migrated PGlite folder every test
 * database copies. Done once per run, by whichever setup comes first; in-process, from
 * the sources, so the medium tier needs no build.
 */
import { Logger } from '@nestjs/common';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadSettings } from '../../src/config/settings';
import { DatabaseService } from '../../src/database/database.service';
import { postgresAdminUrl, postgresReachable } from './databases';

export async function prepareTestDatabases(): Promise<void> {
  if (process.env.TROVE_TEST_DATABASES && process.env.TROVE_TEST_PGLITE_TEMPLATE) return;
  const kinds = ['pglite'];
  if (await postgresReachable()) {
    kinds.push('postgres');
  } else if (process.env.CI === 'true' || process.env.TROVE_TEST_REQUIRE_POSTGRES === 'true') {
    throw new Error(
      `PostgreSQL is not reachable at ${postgresAdminUrl()}; run scripts/postgres-setup.sh first.`,
    );
  } else {
    console.warn(
      `\n[trove tests] PostgreSQL not reachable at ${postgresAdminUrl()}: running against PGlite only.\n`,
    );
  }
  process.env.TROVE_TEST_DATABASES = kinds.join(',');
  // Under ts-jest the embedded database's worker is its TypeScript source, which Node loads
  // as an ES module and says so once per start; the test workers inherit this.
  process.env.NODE_OPTIONS =
    `${process.env.NODE_OPTIONS ?? ''} --disable-warning=MODULE_TYPELESS_PACKAGE_JSON`.trim();
  process.env.TROVE_TEST_PGLITE_TEMPLATE = await createPgliteTemplate();
}

/** A migrated PGlite folder (removed by global-teardown.ts), as `trove migrate` makes one. */
async function createPgliteTemplate(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-test-template-'));
  Logger.overrideLogger(['warn', 'error']); // not the line per migration
  // Opening the embedded database sets the process umask to 077 (data-dir-permissions.ts),
  // right for Trove's own process; here it would pass to every test worker this process
  // starts, and their files (an image's read-only app folder, say) would be private.
  const umask = process.umask();
  const db = new DatabaseService(loadSettings({ TROVE_DATA_DIR: dataDir, TROVE_LOG_LEVEL: 'warn' }));
  try {
    await db.connect();
    await db.migrate();
  } finally {
    await db.close();
    process.umask(umask);
  }
  return dataDir;
}
