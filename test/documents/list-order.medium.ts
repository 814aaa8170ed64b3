/**
 * The lists of jobs and of documents newest first (`order=desc`), paged by their
 * cursors in that order, and counted (`total=true`) under the same filters and the
 * key's classifications as the page.
 */
import { randomUUID } from 'node:crypto';
import { AuthContext } from '../../src/auth/auth-context';
import { parseWith } from '../../src/common/validation';
import { DocumentsService } from '../../src/documents/documents.service';
import { JobsService } from '../../src/documents/jobs.service';
import { CreatePipelineSchema } from '../../src/pipelines/pipelines.dto';
import { PipelinesService } from '../../src/pipelines/pipelines.service';
import { ADMIN, describeEachDatabaseInProcess } from '../support/in-process';
import { unique } from '../search/helpers';

describeEachDatabaseInProcess(
  'lists newest first, with a total',
  (trove) => {
    it('pages documents newest first and counts what the key may see', async () => {
      const pipeline = await trove()
        .get(PipelinesService)
        .create(
          parseWith(CreatePipelineSchema, {
            name: unique('pipeline'),
            classifications: ['public', 'internal'],
          }),
        );
      const documents = trove().get(DocumentsService);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const added = await documents.add(
          ADMIN,
          pipeline.id,
          {
            content: `note ${i}`,
            classification: i % 2 === 0 ? 'public' : 'internal',
            external_id: `note-${i}`,
          },
          false,
        );
        if (added.kind !== 'stored') throw new Error(`expected a stored document, got ${added.kind}`);
        ids.push((added.body as { id: string }).id);
      }
      const newestFirst = [...ids].reverse();

      const first = await documents.list(ADMIN, pipeline.id, { order: 'desc', limit: '2', total: 'true' });
      expect(first.data.map((d) => d.id)).toEqual(newestFirst.slice(0, 2));
      expect(first.page_info).toMatchObject({ has_next: true, has_prev: false, total: 5 });
      const second = await documents.list(ADMIN, pipeline.id, {
        order: 'desc',
        limit: '2',
        after: first.page_info.after,
      });
      expect(second.data.map((d) => d.id)).toEqual(newestFirst.slice(2, 4));
      expect(second.page_info.total).toBeUndefined();
      const back = await documents.list(ADMIN, pipeline.id, {
        order: 'desc',
        limit: '2',
        before: second.page_info.before,
      });
      expect(back.data.map((d) => d.id)).toEqual(newestFirst.slice(0, 2));
      // Without order, oldest first as published.
      expect((await documents.list(ADMIN, pipeline.id, { limit: '2' })).data.map((d) => d.id)).toEqual(
        ids.slice(0, 2),
      );

      // The total follows the filters and the key's classifications, as the page does.
      expect(
        (await documents.list(ADMIN, pipeline.id, { classification: 'internal', total: 'true' })).page_info
          .total,
      ).toBe(2);
      const publicReader = new AuthContext(randomUUID(), false, [
        { pipeline_id: pipeline.id, permissions: 4, classifications: ['public'] },
      ]);
      const seen = await documents.list(publicReader, pipeline.id, { order: 'desc', total: 'true' });
      expect(seen.page_info.total).toBe(3);
      expect(seen.data.map((d) => d.external_id)).toEqual(['note-4', 'note-2', 'note-0']);
    });

    it('pages jobs newest first and counts them under the filters', async () => {
      const pipeline = await trove()
        .get(PipelinesService)
        .create(parseWith(CreatePipelineSchema, { name: unique('pipeline'), classifications: ['public'] }));
      const queued: string[] = [];
      for (let i = 0; i < 3; i++) {
        const result = await trove()
          .get(DocumentsService)
          .add(ADMIN, pipeline.id, [{ content: `job ${i}`, classification: 'public' }], true);
        if (result.kind !== 'queued') throw new Error(`expected a queued job, got ${result.kind}`);
        queued.push((result.body as { id: string }).id);
      }
      const jobs = trove().get(JobsService);
      const mine = { pipeline_id: pipeline.id };
      const first = await jobs.list(ADMIN, { ...mine, order: 'desc', limit: '2', total: 'true' });
      expect(first.data.map((j) => j.id)).toEqual([queued[2], queued[1]]);
      expect(first.page_info).toMatchObject({ has_next: true, total: 3 });
      const rest = await jobs.list(ADMIN, {
        ...mine,
        order: 'desc',
        limit: '2',
        after: first.page_info.after,
      });
      expect(rest.data.map((j) => j.id)).toEqual([queued[0]]);
      expect(rest.page_info.has_next).toBe(false);
      expect((await jobs.list(ADMIN, { ...mine, kind: 'reindex', total: 'true' })).page_info.total).toBe(0);
    });
  },
  { env: { TROVE_JOBS_WORKER: 'false' } },
);
