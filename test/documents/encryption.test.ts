/**
 * Encryption at rest, checked from outside Trove: the fragments table (and queued
 * job payloads) hold no plaintext, each row names its key, keys rotate, and the
 * embedded default generates its own key once.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { databaseKinds } from '../support/databases';
import { Api } from '../support/http';
import { waitForJob } from '../support/jobs';
import { createTestDatabase, startTrove, TroveDatabase, TroveProcess } from '../support/trove-process';
import { addDocuments, createPipeline, search } from '../search/helpers';
import { queryRaw } from './raw-database';

const keyA = `ka:${randomBytes(32).toString('base64')}`;
const keyB = `kb:${randomBytes(32).toString('base64')}`;
const SECRET_TEXT = 'Zanzibar quokka manifesto: the vault combination is 7731-OCELOT.';
const ROTATED_TEXT = 'Marmalade heron protocol: rotate the badge readers every Tuesday.';
const WORDS = ['Zanzibar', 'quokka', 'manifesto', 'OCELOT', '7731'];

interface RawFragment {
  pipeline_id: string;
  content_hex: string;
  content_key_id: string;
  row_text: string;
}

const rawFragments = (database: TroveDatabase) =>
  queryRaw<RawFragment>(
    database,
    `SELECT pipeline_id::text, encode(content, 'hex') AS content_hex, content_key_id, f::text AS row_text FROM fragments f`,
  );

describe.each(databaseKinds())('encryption at rest [%s]', (kind) => {
  let database: TroveDatabase;
  let trove: TroveProcess | null = null;
  const start = async (env: Record<string, string>) => {
    trove = await startTrove(database, { env: { TROVE_JOBS_POLL_MS: '100', ...env } });
    return new Api(trove.url);
  };
  const stop = async () => {
    await trove?.stop();
    trove = null;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await stop();
    await database.drop();
  });

  it('stores fragment text and job payloads only as ciphertext, rotates keys, and names a missing key', async () => {
    let api = await start({ TROVE_ENCRYPTION_KEY: keyA, TROVE_JOBS_WORKER: 'false' });
    const plain = await createPipeline(api, { classifications: ['public'], full_text_search: false });
    const fts = await createPipeline(api, { classifications: ['public'], full_text_search: true });
    const [plainDoc] = await addDocuments(api, plain.id, [
      { content: SECRET_TEXT, classification: 'public', metadata: { visible: 'metadata is not encrypted' } },
    ]);
    await addDocuments(api, fts.id, [{ content: SECRET_TEXT, classification: 'public' }]);
    const job = await api.post(`/pipelines/${plain.id}/documents?async=true`, {
      content: `${SECRET_TEXT} (queued)`,
      classification: 'public',
    });
    expect(job.status).toBe(202);
    await stop();

    const rows = await rawFragments(database);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const content = Buffer.from(row.content_hex, 'hex');
      expect(row.content_key_id).toBe('ka');
      expect(content.length).toBe(12 + Buffer.byteLength(SECRET_TEXT) + 16);
      for (const word of WORDS) expect(content.includes(Buffer.from(word))).toBe(false);
      expect(row.row_text).not.toContain(SECRET_TEXT);
    }
    // Without full text search nothing of the text is stored in the clear; with it,
    // search_vector holds the stemmed lexemes (documented in docs/search.md).
    const plainRow = rows.find((r) => r.pipeline_id === plain.id)!;
    for (const word of WORDS) expect(plainRow.row_text.toLowerCase()).not.toContain(word.toLowerCase());
    const jobs = await queryRaw<{ payload_hex: string; payload_key_id: string }>(
      database,
      `SELECT encode(payload, 'hex') AS payload_hex, payload_key_id FROM jobs`,
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload_key_id).toBe('ka');
    for (const word of WORDS)
      expect(Buffer.from(jobs[0].payload_hex, 'hex').includes(Buffer.from(word))).toBe(false);

    // Rotation: B encrypts new rows, A still decrypts the old ones.
    api = await start({ TROVE_ENCRYPTION_KEY: `${keyB},${keyA}`, TROVE_JOBS_WORKER: 'true' });
    const [rotatedDoc] = await addDocuments(api, plain.id, [
      { content: ROTATED_TEXT, classification: 'public' },
    ]);
    const done = await waitForJob(api, job.body.id);
    expect(done.state).toBe('succeeded');
    const found = await search(api, plain.id, {
      type: 'similarity',
      query: 'vault combination badge readers',
      classifications: ['public'],
      params: { k: 10 },
    });
    expect(found.body.map((f: any) => f.page_content).sort()).toEqual(
      [SECRET_TEXT, `${SECRET_TEXT} (queued)`, ROTATED_TEXT].sort(),
    );
    expect(
      (await api.get(`/pipelines/${plain.id}/documents/${plainDoc.id}/fragments`)).body.data[0].page_content,
    ).toBe(SECRET_TEXT);
    await stop();

    const keyIds = (await rawFragments(database)).map((r) => r.content_key_id).sort();
    expect(keyIds).toEqual(['ka', 'ka', 'kb', 'kb']); // two old rows; the rotated document and the job's document

    // Dropping A while rows still use it: those rows fail loudly, naming the key.
    api = await start({ TROVE_ENCRYPTION_KEY: keyB });
    const missing = await api.get(`/pipelines/${plain.id}/documents/${plainDoc.id}/fragments`);
    expect(missing.status).toBe(500);
    expect(missing.body).toEqual({
      detail:
        "Stored content is encrypted with key 'ka', which is not configured: add it to TROVE_ENCRYPTION_KEY",
    });
    expect(
      (await api.get(`/pipelines/${plain.id}/documents/${rotatedDoc.id}/fragments`)).body.data[0]
        .page_content,
    ).toBe(ROTATED_TEXT);
    await stop();
  });

  if (kind === 'pglite') {
    it('generates a key in the data folder on the first embedded start, says so, and reuses it', async () => {
      const fresh = await createTestDatabase('pglite');
      try {
        const first = await startTrove(fresh);
        const api = new Api(first.url);
        const pipeline = await createPipeline(api, { classifications: ['public'] });
        const [doc] = await addDocuments(api, pipeline.id, [
          { content: SECRET_TEXT, classification: 'public' },
        ]);
        await first.stop();
        const keyFile = path.join(fresh.env.TROVE_DATA_DIR, 'encryption.key');
        expect(first.output()).toContain(
          `No TROVE_ENCRYPTION_KEY set: generated an encryption key in ${keyFile}`,
        );
        expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
        const keyBefore = fs.readFileSync(keyFile, 'utf8');
        expect((await rawFragments(fresh))[0].content_key_id).toBe('embedded');

        const second = await startTrove(fresh);
        expect(second.output()).toContain(`Using the encryption key in ${keyFile}`);
        expect(second.output()).not.toContain('generated an encryption key');
        const fragments = await new Api(second.url).get(
          `/pipelines/${pipeline.id}/documents/${doc.id}/fragments`,
        );
        expect(fragments.body.data[0].page_content).toBe(SECRET_TEXT);
        await second.stop();
        expect(fs.readFileSync(keyFile, 'utf8')).toBe(keyBefore);
      } finally {
        await fresh.drop();
      }
    });
  }
});
