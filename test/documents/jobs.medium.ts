/**
 * Ingestion jobs outlive the application that queued them (the medium tier: services
 * in-process, restarted on the same database): a queued job waits for the next start, an
 * item whose classification went away meanwhile fails alone, and a graceful stop hands a
 * running job back for the next start to finish. The HTTP side of jobs (202, who may see
 * a job, a worker killed mid-job) is in jobs.test.ts.
 */
import { CatalogueService } from '../../src/catalogue/catalogue.service';
import { CreateEmbeddingModelSchema } from '../../src/catalogue/catalogue.dto';
import { parseWith } from '../../src/common/validation';
import { DocumentsService } from '../../src/documents/documents.service';
import { JobsService } from '../../src/documents/jobs.service';
import { ClassificationsSchema, CreatePipelineSchema } from '../../src/pipelines/pipelines.dto';
import { PipelinesService } from '../../src/pipelines/pipelines.service';
import { ADMIN, describeEachDatabaseInProcess, InProcessTrove } from '../support/in-process';
import { documentsOf } from '../support/jobs';
import { startOpenAiEmbeddingsStub, OpenAiEmbeddingsStub } from '../support/openai-embeddings-stub';
import { waitFor } from '../support/wait';
import { unique } from '../search/helpers';

const FAST = { TROVE_JOBS_POLL_MS: '100' };

async function createPipeline(trove: InProcessTrove, body: Record<string, unknown>) {
  return trove
    .get(PipelinesService)
    .create(parseWith(CreatePipelineSchema, { name: unique('pipeline'), ...body }));
}

/** Queues `documents` as a job (`?async=true`); returns its id. */
async function queue(trove: InProcessTrove, pipelineId: string, documents: unknown[]): Promise<string> {
  const result = await trove.get(DocumentsService).add(ADMIN, pipelineId, documents, true);
  if (result.kind !== 'queued') throw new Error(`expected a queued job, got ${result.kind}`);
  return (result.body as { id: string }).id;
}

const job = (trove: InProcessTrove, id: string) => trove.get(JobsService).get(ADMIN, id);

function finished(trove: () => InProcessTrove, id: string) {
  return waitFor(
    `job ${id} to finish`,
    async () => {
      const view = await job(trove(), id);
      return (view.state === 'succeeded' || view.state === 'failed') && view;
    },
    { timeoutMs: 60_000, intervalMs: 100 },
  );
}

describeEachDatabaseInProcess(
  'ingestion jobs across restarts',
  (trove) => {
    let stub: OpenAiEmbeddingsStub;
    beforeAll(async () => {
      stub = await startOpenAiEmbeddingsStub({ size: 16 });
    });
    afterAll(() => stub?.close());

    it('keeps a queued job through a restart; an item whose classification was removed meanwhile fails alone', async () => {
      await trove().restart({ ...FAST, TROVE_JOBS_WORKER: 'false' });
      const pipeline = await createPipeline(trove(), { classifications: ['public', 'draft'] });
      const id = await queue(trove(), pipeline.id, [
        ...documentsOf(3, 'kept'),
        { content: 'A draft.', classification: 'draft', external_id: 'the-draft' },
      ]);
      await new Promise((resolve) => setTimeout(resolve, 500)); // time in which a worker would have started
      expect((await job(trove(), id)).state).toBe('queued'); // no worker here
      await trove()
        .get(PipelinesService)
        .putClassifications(
          ADMIN,
          pipeline.id,
          parseWith(ClassificationsSchema, { classifications: ['public'] }),
        );

      await trove().restart(FAST);
      expect(await finished(trove, id)).toMatchObject({
        state: 'failed',
        processed: 3,
        failed: 1,
        errors: [
          {
            index: 3,
            external_id: 'the-draft',
            detail: "[3].classification: 'draft' is not one of the pipeline's classifications (public)",
          },
        ],
      });
    });

    it('hands a job back when stopped gracefully mid-job; the next start finishes it', async () => {
      await trove().restart(FAST);
      const model = await trove()
        .get(CatalogueService)
        .createModel(
          parseWith(CreateEmbeddingModelSchema, {
            name: unique('stub'),
            provider: 'openai',
            size: 16,
            parameters: { base_url: stub.url, model: 'stub', batch_size: 256 },
          }),
        );
      const pipeline = await createPipeline(trove(), {
        classifications: ['public'],
        embedding_model_ids: [model.id],
      });
      stub.reset();
      stub.delayNext(20_000);
      const id = await queue(trove(), pipeline.id, documentsOf(10, 'graceful'));
      await waitFor('the worker to call the embedding endpoint', () => stub.requests.length >= 1, {
        timeoutMs: 30_000,
      });
      expect((await job(trove(), id)).state).toBe('running');

      await trove().restart(FAST);
      expect(await finished(trove, id)).toMatchObject({ state: 'succeeded', processed: 10, attempts: 1 });
    });
  },
  { env: FAST },
);
