/**
 * A JSON file nested deeper than Trove reads any JSON (64 levels, MAX_JSON_DEPTH) is the
 * file's fault (issue 20, item 6): refused naming the file and the limit on every way a
 * file comes in (REST uploads, processed or kept; the agents' attachments, as their 400;
 * the Guided Mind upload tools), where it used to answer 500 "Maximum call stack size
 * exceeded". A file just within the limit is read.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createPipeline } from '../search/helpers';
import { ADMIN } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { rawCall } from '../guided-mind/support';
import { documentCount, filesPath, pendingCount } from './helpers';

const nested = (levels: number) => Buffer.from(`${'['.repeat(levels)}"deep"${']'.repeat(levels)}`);
const DEEP = nested(100_000);
const REASON = "File 'deep.json': it is nested more than 64 levels deep, the most a JSON file may be";

const uploadRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-deep-json-'));
fs.writeFileSync(path.join(uploadRoot, 'deep.json'), DEEP);

afterAll(() => fs.rmSync(uploadRoot, { recursive: true, force: true }));

describeEachDatabase(
  'JSON files nested too deep',
  (fixture) => {
    const api = () => fixture().api;
    let pipelineId: string;

    beforeAll(async () => {
      pipelineId = (await createPipeline(api(), { classifications: ['public'] })).id;
    });

    it('refuses them on the upload route with a 422 naming the file and the limit, storing nothing', async () => {
      for (const process of ['true', 'false']) {
        const response = await api().upload(filesPath(pipelineId), [{ name: 'deep.json', bytes: DEEP }], {
          classification: 'public',
          process,
        });
        expect({ status: response.status, body: response.body }).toEqual({
          status: 422,
          body: { detail: `${REASON}. Nothing was stored.` },
        });
      }
      expect(await documentCount(api(), pipelineId)).toBe(0);
      expect(await pendingCount(api(), pipelineId)).toBe(0);
      const within = await api().upload(filesPath(pipelineId), [{ name: 'within.json', bytes: nested(64) }], {
        classification: 'public',
      });
      expect(within.status).toBe(201);
    });

    it('refuses them as attachments with the agents API’s 400, naming the file and the limit', async () => {
      const agent = await api().post('/api/v1/agents/create', {
        name: 'Deep',
        knowledge: [{ connectorId: pipelineId }],
      });
      const response = await api().upload(
        `/api/v1/agents/${agent.body.agent._key}/conversations/attachments/upload`,
        [{ name: 'deep.json', bytes: DEEP, field: 'files' }],
      );
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `${REASON}. Nothing was stored.`,
      });
    });

    it('refuses them from the Guided Mind upload tools, naming the file and the limit', async () => {
      for (const tool of ['upload_document', 'upload_and_process']) {
        const result = await rawCall(fixture().trove.url, ADMIN, tool, {
          file_path: 'deep.json',
          project_id: pipelineId,
          classification: 'public',
        });
        expect({ tool, isError: result.isError, text: result.content[0].text }).toEqual({
          tool,
          isError: true,
          text: expect.stringContaining(REASON),
        });
      }
    });
  },
  { env: { TROVE_UPLOAD_ROOT: uploadRoot } },
);
