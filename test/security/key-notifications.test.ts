/**
 * A key's row is kept in memory while the cache generation is notified
 * (src/database/cache-generation-listener.ts): the key is read once, not on every
 * request, yet a change made anywhere bites on the next request. In process, against a
 * real PostgreSQL: two DatabaseServices on one database are two Trove processes; reads
 * of the key are counted on the repository. The HTTP side, two processes, is
 * cached-lookups.test.ts.
 */
import { Client } from 'pg';
import { ApiKeysRepository } from '../../src/auth/api-keys.repository';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { BearerTokens } from '../../src/auth/bearer-tokens';
import { loadSettings } from '../../src/config/settings';
import { CacheGenerationListener } from '../../src/database/cache-generation-listener';
import { DatabaseService } from '../../src/database/database.service';
import { createPostgresDatabase, databaseKinds } from '../support/databases';
import { TEST_ENCRYPTION_KEY } from '../support/trove-process';
import { waitFor } from '../support/wait';

interface Replica {
  db: DatabaseService;
  keys: ApiKeysService;
  reads: jest.SpyInstance;
}

(databaseKinds().includes('postgres') ? describe : describe.skip)(
  'key rows kept by notification [postgres]',
  () => {
    let database: { url: string; drop(): Promise<void> };
    let admin: Client;
    const replicas: Replica[] = [];
    let one: Replica;
    let two: Replica;

    async function replica(): Promise<Replica> {
      const settings = loadSettings({
        DATABASE_URL: database.url,
        TROVE_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        TROVE_DB_POOL_SIZE: '2',
      });
      const db = new DatabaseService(settings);
      await db.onModuleInit(); // connects, migrates, listens
      const repository = new ApiKeysRepository(db);
      const reads = jest.spyOn(repository, 'findWithGeneration');
      const made = { db, keys: new ApiKeysService(repository, db, settings, new BearerTokens()), reads };
      replicas.push(made);
      return made;
    }

    const listening = (r: Replica) =>
      waitFor('the replica to know the generation', () => r.db.knownGeneration() !== null);

    beforeAll(async () => {
      database = await createPostgresDatabase();
      admin = new Client({ connectionString: database.url });
      one = await replica();
      two = await replica();
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      for (const r of replicas) await r.db.close();
      await database?.drop();
    });

    async function newKey(): Promise<{ id: string; secret: string }> {
      const key = await one.keys.create({
        name: 'reader',
        admin: false,
        grants: [{ pipeline_id: '*', permissions: 5, classifications: '*' }],
      });
      return { id: key.id, secret: key.secret };
    }

    it('reads a key once while notified, and again once it changed on the other replica', async () => {
      const key = await newKey();
      await listening(two);
      const before = two.reads.mock.calls.length;
      for (let i = 0; i < 5; i++) await two.keys.authenticate(key.id, key.secret, '127.0.0.1');
      expect(two.reads.mock.calls.length - before).toBe(1);

      const generation = two.db.knownGeneration();
      await one.keys.update(key.id, { grants: [{ pipeline_id: '*', permissions: 4, classifications: '*' }] });
      // Another process learns of the change when its notification arrives (at the commit).
      await waitFor('the notification', () => two.db.knownGeneration() !== generation);
      const narrowed = await two.keys.authenticate(key.id, key.secret, '127.0.0.1');
      expect(narrowed.grants).toEqual([{ pipeline_id: '*', permissions: 4, classifications: '*' }]);

      await one.keys.delete(key.id);
      await waitFor('the deletion to be refused', () =>
        two.keys.authenticate(key.id, key.secret, '127.0.0.1').then(
          () => false,
          (error: Error) => error.message.startsWith('Unauthorized'),
        ),
      );
    });

    it("applies a replica's own change on its very next request, without waiting for the notification", async () => {
      const key = await newKey();
      await listening(one);
      await one.keys.authenticate(key.id, key.secret, '127.0.0.1');
      await one.keys.update(key.id, { disabled: true });
      await expect(one.keys.authenticate(key.id, key.secret, '127.0.0.1')).rejects.toThrow(/^Unauthorized/);
      await one.keys.update(key.id, { disabled: false });
      expect((await one.keys.authenticate(key.id, key.secret, '127.0.0.1')).keyId).toBe(key.id);
    });

    it('follows the key in sessions (ApiKeysService.current) as a new request would', async () => {
      const key = await newKey();
      await listening(two);
      const auth = await two.keys.authenticate(key.id, key.secret, '127.0.0.1');
      expect((await two.keys.current(auth))?.grants).toEqual(auth.grants);
      const generation = two.db.knownGeneration();
      await one.keys.update(key.id, { disabled: true });
      await waitFor('the notification', () => two.db.knownGeneration() !== generation);
      expect(await two.keys.current(auth)).toBeNull();
    });

    it('reads the key on every request while the listening connection is lost, and serves no change late', async () => {
      const key = await newKey();
      await listening(two);
      await two.keys.authenticate(key.id, key.secret, '127.0.0.1');
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'trove-cache-generation' AND datname = current_database()`,
      );
      await waitFor('the lost connection to be noticed', () => two.db.knownGeneration() === null);
      // Changed behind every replica's back (no notification reaches the lost connection).
      await admin.query(`UPDATE api_keys SET disabled = true WHERE id = $1`, [key.id]);
      const before = two.reads.mock.calls.length;
      await expect(two.keys.authenticate(key.id, key.secret, '127.0.0.1')).rejects.toThrow(/^Unauthorized/);
      expect(two.reads.mock.calls.length).toBe(before + 1);
      // Listening again, it knows the generation anew: the change made meanwhile included.
      await listening(two);
      await admin.query(`UPDATE api_keys SET disabled = false WHERE id = $1`, [key.id]);
      await waitFor('the key to be served again', () =>
        two.keys.authenticate(key.id, key.secret, '127.0.0.1').then(
          () => true,
          () => false,
        ),
      );
    });

    it('trusts nothing once its connection is lost, not even a reading taken meanwhile', async () => {
      const listener = new CacheGenerationListener(
        { connectionString: database.url, application_name: 'trove-listener-test' },
        Date.now,
        { heartbeatMs: 50, trustMs: 1000, retryMs: 60_000 },
      );
      listener.start();
      try {
        const known = await waitFor('the listener to know the generation', () => listener.current());
        await newKey();
        const moved = await waitFor(
          'the notification',
          () => listener.current() !== known && listener.current(),
        );
        expect(BigInt(moved)).toBeGreaterThan(BigInt(known));

        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'trove-listener-test'`,
        );
        await waitFor('the lost connection to be noticed', () => !listener.live);
        expect(listener.current()).toBeNull();
        // A reading taken while down is not trusted either.
        listener.observed(listener.ticket(), '999999');
        expect(listener.current()).toBeNull();
      } finally {
        await listener.stop();
      }
    });
  },
);
