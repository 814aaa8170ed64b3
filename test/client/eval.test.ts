/**
 * `trove eval` over HTTP against a running Trove: a BEIR folder whose corpus it stores
 * first (and skips when stored already), the table with the best of each column marked,
 * `--json`, and the exit codes a CI job gates on (a missed `--fail-below` bound, a usage
 * error).
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ADMIN, Credentials } from '../support/http';
import { describeEachDatabase } from '../support/suite';
import { createPipeline } from '../search/helpers';

const NODE = path.resolve(__dirname, '../../node_modules/.bin/node');
const CLI = path.resolve(__dirname, '../../dist/cli.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function evaluate(args: string[], url: string, key: Credentials = ADMIN): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(NODE, [CLI, 'eval', ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        TROVE_URL: url,
        TROVE_API_KEY: key.id,
        TROVE_API_SECRET: key.secret,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const jsonl = (rows: unknown[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';

describeEachDatabase(
  'trove eval',
  (fixture) => {
    let beir: string;
    let pipeline: any;
    beforeAll(async () => {
      beir = fs.mkdtempSync(path.join(os.tmpdir(), 'trove-eval-beir-'));
      fs.mkdirSync(path.join(beir, 'qrels'));
      fs.writeFileSync(
        path.join(beir, 'corpus.jsonl'),
        jsonl([
          { _id: 'hamlet', title: 'Hamlet', text: 'To be, or not to be, that is the question.' },
          { _id: 'zoo', title: '', text: 'The zoo has lions, giraffes and one zebra near the lake.' },
          { _id: 'zebu', text: 'Zebu, zebus and zeb.' },
        ]),
      );
      fs.writeFileSync(
        path.join(beir, 'queries.jsonl'),
        jsonl([
          { _id: '1', text: 'to be or not to be' },
          { _id: '2', text: 'zebra' },
          { _id: '3', text: 'a query no qrel judges' },
        ]),
      );
      fs.writeFileSync(
        path.join(beir, 'qrels', 'test.tsv'),
        'query-id\tcorpus-id\tscore\n1\thamlet\t1\n2\tzoo\t2\n',
      );
      pipeline = await createPipeline(fixture().api, { classifications: ['public'], full_text_search: true });
    });
    afterAll(() => fs.rmSync(beir, { recursive: true, force: true }));

    it('stores the BEIR corpus, evaluates the judged queries and fails a missed bound', async () => {
      const run = await evaluate(
        [
          beir,
          '--pipeline',
          pipeline.name,
          '--corpus',
          path.join(beir, 'corpus.jsonl'),
          '--k',
          '3',
          '--fail-below',
          'ndcg=0.99',
        ],
        fixture().trove.url,
      );
      expect(run.stderr).toContain('Corpus: 3 stored, 0 unchanged');
      expect(run.stderr).toMatch(/2 queries, searches similarity, search, hybrid \(rrf\)/);
      // Full text has nothing for stop words: its nDCG is 0.5, under the bound; the hybrid finds both.
      expect(run.stderr).toContain('FAILED: ndcg_at_k of search is 0.5000, below 0.99');
      expect(run.stderr).not.toContain('of hybrid (rrf)');
      expect(run.code).toBe(1);
      const rows = run.stdout.trim().split('\n');
      expect(rows[0]).toMatch(/^search\s+hit@3\s+recall@3\s+precision@3\s+MRR@3\s+nDCG@3\s+p50 ms\s+p95 ms$/);
      const row = (label: string) => rows.slice(1).find((r) => r.startsWith(`${label} `));
      expect(row('hybrid (rrf)')).toMatch(/^hybrid \(rrf\)\s+1\.000 \*/);
      expect(row('search')).toMatch(/^search\s+0\.500  /);

      const documents = (await fixture().api.get(`/pipelines/${pipeline.id}/documents`)).body.data;
      expect(documents.map((d: any) => d.external_id).sort()).toEqual(['hamlet', 'zebu', 'zoo']);
      expect(documents.find((d: any) => d.external_id === 'hamlet').metadata.sha256).toMatch(
        /^[0-9a-f]{64}$/,
      );
    });

    it('skips the corpus stored already, holds a bound of one search, and answers --json', async () => {
      const run = await evaluate(
        [
          beir,
          '--pipeline',
          pipeline.id,
          '--corpus',
          path.join(beir, 'corpus.jsonl'),
          '--k',
          '3',
          '--search',
          '{"type":"hybrid","label":"both"}',
          '--fail-below',
          'both:ndcg_at_k=0.99',
          '--json',
        ],
        fixture().trove.url,
      );
      expect(run.stderr).toContain('Corpus: 0 stored, 3 unchanged');
      expect(run.code).toBe(0);
      const evaluation = JSON.parse(run.stdout);
      expect(evaluation).toMatchObject({ status: 'done', k: 3, labels: ['both'] });
      expect(evaluation.queries.map((q: any) => q.id)).toEqual(['1', '2']);
      expect(evaluation.results[0].metrics.ndcg_at_k).toBe(1);
      expect(evaluation.queries[1].relevant).toEqual([{ external_id: 'zoo', grade: 2 }]);
    });

    it('exits 2 on a usage error and 1 when Trove refuses the evaluation', async () => {
      const url = fixture().trove.url;
      const count = async () =>
        (await fixture().api.get(`/pipelines/${pipeline.id}/evaluations`)).body.page_info.count;
      const before = await count();
      const usage = await evaluate([beir], url);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('--pipeline is required');
      const unknownLabel = await evaluate(
        [beir, '--pipeline', pipeline.id, '--fail-below', 'bm25:ndcg=0.5'],
        url,
      );
      expect(unknownLabel.code).toBe(2);
      expect(unknownLabel.stderr).toContain("no search is labelled 'bm25'");
      // The evaluation it had started is deleted again.
      expect(await count()).toBe(before);
      const refused = await evaluate(
        [beir, '--pipeline', pipeline.id, '--search', '{"type":"history"}'],
        url,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('eval: 501: searches[0]: History placeholder is not implemented yet');
    });
  },
  { env: { TROVE_JOBS_POLL_MS: '100' } },
);
