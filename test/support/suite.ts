/**
 * `describeEachDatabase` runs a block once per database kind of this run (PGlite,
 * and PostgreSQL when available), each against its own fresh Trove process.
 */
import { databaseKinds, DatabaseKind } from './databases';
import { Api } from './http';
import { createTestDatabase, startTrove, StartOptions, TroveDatabase, TroveProcess } from './trove-process';

export interface TroveFixture {
  kind: DatabaseKind;
  trove: TroveProcess;
  database: TroveDatabase;
  api: Api;
}

export function describeEachDatabase(
  name: string,
  /** `kind` is for tests of one engine only: `(kind === 'postgres' ? it : it.skip)(...)`. */
  body: (fixture: () => TroveFixture, kind: DatabaseKind) => void,
  options: StartOptions = {},
) {
  describe.each(databaseKinds())(`${name} [%s]`, (kind) => {
    let fixture: TroveFixture | undefined;
    beforeAll(async () => {
      const database = await createTestDatabase(kind);
      const trove = await startTrove(database, options);
      fixture = { kind, trove, database, api: new Api(trove.url) };
    });
    afterAll(async () => {
      await fixture?.trove.stop();
      await fixture?.database.drop();
    });
    body(() => {
      if (!fixture) throw new Error('Trove did not start');
      return fixture;
    }, kind);
  });
}
