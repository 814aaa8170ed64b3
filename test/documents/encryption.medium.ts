/**
 * Encryption at rest, checked in the tables themselves (the medium tier: services
 * in-process, restarted on the same database with other keys): the fragments table (and
 * queued job payloads) hold no plaintext, each row names its key, keys rotate, a
 * missing key is named, and the embedded default generates its own key once.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseWith } from '../../src/common/validation';
import { DatabaseService } from '../../src/database/database.service';
import { DocumentsService } from '../../src/documents/documents.service';
import { JobsService } from '../../src/documents/jobs.service';
import { CreatePipelineSchema } from '../../src/pipelines/pipelines.dto';
import { PipelinesService } from '../../src/pipelines/pipelines.service';
import { parseSearchBody } from '../../src/search/search.dto';
import { SearchService } from '../../src/search/search.service';
import { ADMIN, describeEachDatabaseInProcess, InProcessTrove } from '../support/in-process';
import { waitFor } from '../support/wait';
import { unique } from '../search/helpers';

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

/** The fragments rows of these pipelines, read with SQL past every service. */
const rawFragments = (trove: InProcessTrove, pipelineIds: string[]) =>
  trove.get(DatabaseService).query<RawFragment>(
    `SELECT pipeline_id::text, encode(content, 'hex') AS content_hex, content_key_id, f::text AS row_text
       FROM fragments f WHERE pipeline_id = ANY($1::uuid[]) ORDER BY content_key_id`,
    [pipelineIds],
  );

const createPipeline = (trove: InProcessTrove, body: Record<string, unknown>) =>
  trove.get(PipelinesService).create(parseWith(CreatePipelineSchema, { name: unique('pipeline'), ...body }));

async function addDocument(trove: InProcessTrove, pipelineId: string, document: Record<string, unknown>) {
  const result = await trove.get(DocumentsService).add(ADMIN, pipelineId, document, false);
  if (result.kind !== 'stored' || Array.isArray(result.body)) throw new Error('expected one stored document');
  return result.body;
}

const firstFragmentText = async (trove: InProcessTrove, pipelineId: string, documentId: string) =>
  (await trove.get(DocumentsService).fragments(ADMIN, pipelineId, documentId, {})).data[0].page_content;

describeEachDatabaseInProcess('encryption at rest', (trove, kind) => {
  if (kind === 'pglite') {
    // First: the fixture's first start, on a folder without a key, is the one that generates it.
    it('generates a key in the data folder on the first embedded start, says so, and reuses it', async () => {
      const keyFile = path.join(trove().database.env.TROVE_DATA_DIR, 'encryption.key');
      expect(trove().output()).toContain(
        `No TROVE_ENCRYPTION_KEY set: generated an encryption key in ${keyFile}`,
      );
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      const keyBefore = fs.readFileSync(keyFile, 'utf8');
      const pipeline = await createPipeline(trove(), { classifications: ['public'] });
      const doc = await addDocument(trove(), pipeline.id, { content: SECRET_TEXT, classification: 'public' });
      expect((await rawFragments(trove(), [pipeline.id]))[0].content_key_id).toBe('embedded');

      await trove().restart();
      expect(trove().output()).toContain(`Using the encryption key in ${keyFile}`);
      expect(trove().output().split('generated an encryption key')).toHaveLength(2); // the first start's line alone
      expect(await firstFragmentText(trove(), pipeline.id, doc.id)).toBe(SECRET_TEXT);
      expect(fs.readFileSync(keyFile, 'utf8')).toBe(keyBefore);
    });
  }

  it('stores fragment text and job payloads only as ciphertext, rotates keys, and names a missing key', async () => {
    await trove().restart({ TROVE_ENCRYPTION_KEY: keyA, TROVE_JOBS_WORKER: 'false' });
    const plain = await createPipeline(trove(), { classifications: ['public'], full_text_search: false });
    const fts = await createPipeline(trove(), { classifications: ['public'], full_text_search: true });
    const pipelines = [plain.id, fts.id];
    const plainDoc = await addDocument(trove(), plain.id, {
      content: SECRET_TEXT,
      classification: 'public',
      metadata: { visible: 'metadata is not encrypted' },
    });
    await addDocument(trove(), fts.id, { content: SECRET_TEXT, classification: 'public' });
    const queued = await trove()
      .get(DocumentsService)
      .add(ADMIN, plain.id, { content: `${SECRET_TEXT} (queued)`, classification: 'public' }, true);
    if (queued.kind !== 'queued') throw new Error('expected a queued job');

    const rows = await rawFragments(trove(), pipelines);
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
    const jobs = await trove()
      .get(DatabaseService)
      .query<{ payload_hex: string; payload_key_id: string }>(
        `SELECT encode(payload, 'hex') AS payload_hex, payload_key_id FROM jobs WHERE id = $1`,
        [queued.body.id],
      );
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload_key_id).toBe('ka');
    for (const word of WORDS)
      expect(Buffer.from(jobs[0].payload_hex, 'hex').includes(Buffer.from(word))).toBe(false);

    // Rotation: B encrypts new rows, A still decrypts the old ones.
    await trove().restart({ TROVE_ENCRYPTION_KEY: `${keyB},${keyA}`, TROVE_JOBS_POLL_MS: '100' });
    const rotatedDoc = await addDocument(trove(), plain.id, {
      content: ROTATED_TEXT,
      classification: 'public',
    });
    const done = await waitFor(
      'the queued job',
      async () => {
        const job = await trove().get(JobsService).get(ADMIN, queued.body.id);
        return (job.state === 'succeeded' || job.state === 'failed') && job;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(done.state).toBe('succeeded');
    const found = await trove()
      .get(SearchService)
      .search(
        ADMIN,
        plain.id,
        parseSearchBody({
          type: 'similarity',
          query: 'vault combination badge readers',
          classifications: ['public'],
          params: { k: 10 },
        }),
      );
    expect(found.map((f) => f.text).sort()).toEqual(
      [SECRET_TEXT, `${SECRET_TEXT} (queued)`, ROTATED_TEXT].sort(),
    );
    expect(await firstFragmentText(trove(), plain.id, plainDoc.id)).toBe(SECRET_TEXT);
    const keyIds = (await rawFragments(trove(), pipelines)).map((r) => r.content_key_id).sort();
    expect(keyIds).toEqual(['ka', 'ka', 'kb', 'kb']); // two old rows; the rotated document and the job's document

    // Dropping A while rows still use it: those rows fail loudly, naming the key.
    await trove().restart({ TROVE_ENCRYPTION_KEY: keyB });
    await expect(firstFragmentText(trove(), plain.id, plainDoc.id)).rejects.toThrow(
      "Stored content is encrypted with key 'ka', which is not configured: add it to TROVE_ENCRYPTION_KEY",
    );
    expect(await firstFragmentText(trove(), plain.id, rotatedDoc.id)).toBe(ROTATED_TEXT);
  });
});
