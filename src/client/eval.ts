/**
 * `npm run trove -- eval --pipeline <id|name> FILE...`: an evaluation of a pipeline's
 * searches on a labelled set, over HTTP (TROVE_URL, TROVE_API_KEY, TROVE_API_SECRET),
 * for a person at a terminal or a CI job gating a change.
 *
 * FILE is a JSONL file of queries or a folder in the BEIR layout (eval-sets.ts);
 * `--corpus corpus.jsonl` first stores the BEIR corpus in the pipeline, each `_id` as
 * the external id (a document whose content Trove already holds is skipped, by the
 * sha256 kept in its metadata, so a second run stores nothing again). The searches are
 * the `--search` bodies given, or else every type the pipeline can run (similarity with
 * a model, search with full text, hybrid with both). Progress (queries done of all) is
 * shown on stderr while the job runs; then a table (stdout), or with `--json` the
 * evaluation as GET answers it. The exit code is 1 when the evaluation failed or a
 * `--fail-below` bound was missed, 2 for a usage error.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { Bound, checkBoundLabels, missedBounds, parseBound, resultTable, SearchResult } from './eval-report';
import { LabelledQuery, readCorpus, readQuerySets } from './eval-sets';
import {
  defaultClassificationOf,
  knownHashes,
  pipelineIdOf,
  UsageError,
  withRetries,
} from './pipeline-lookup';
import { connectionFromEnv, TroveRest } from './trove-rest';

export const EVAL_USAGE = `usage: trove eval FILE... --pipeline ID|NAME [--name NAME] [--k K] [--classification C]...
                  [--search JSON]... [--corpus corpus.jsonl] [--corpus-classification C] [--split test]
                  [--json] [--fail-below [LABEL:]METRIC=VALUE]...`;

/** Documents stored per request when loading a corpus. */
const CORPUS_BATCH = 100;
const POLL_MS = 500;
const RETRIES = 3;

export interface EvalOptions {
  files: string[];
  pipeline: string;
  name: string;
  k: number;
  classifications: string[];
  searches: Record<string, unknown>[];
  corpus: string | null;
  corpusClassification: string | null;
  split: string;
  json: boolean;
  bounds: Bound[];
}

export function parseEvalArgs(argv: string[]): EvalOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      pipeline: { type: 'string' },
      name: { type: 'string' },
      k: { type: 'string', default: '10' },
      classification: { type: 'string', multiple: true, default: [] },
      search: { type: 'string', multiple: true, default: [] },
      corpus: { type: 'string' },
      'corpus-classification': { type: 'string' },
      split: { type: 'string', default: 'test' },
      json: { type: 'boolean', default: false },
      'fail-below': { type: 'string', multiple: true, default: [] },
    },
  });
  if (positionals.length === 0) throw new UsageError('name a JSONL file of queries or a BEIR folder');
  if (!values.pipeline) throw new UsageError('--pipeline is required: a pipeline id or name');
  const k = Number(values.k);
  if (!Number.isInteger(k) || k < 1 || k > 65535)
    throw new UsageError(`--k: expected an integer from 1 to 65535, got '${values.k}'`);
  const searches = values.search.map((text) => {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new UsageError(`--search ${text}: not JSON (a search body less query, e.g. {"type":"hybrid"})`);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new UsageError(`--search ${text}: expected a JSON object`);
    return body as Record<string, unknown>;
  });
  return {
    files: positionals,
    pipeline: values.pipeline,
    name: values.name ?? `trove eval ${new Date().toISOString()}`,
    k,
    classifications: values.classification,
    searches,
    corpus: values.corpus ?? null,
    corpusClassification: values['corpus-classification'] ?? null,
    split: values.split,
    json: values.json,
    bounds: values['fail-below'].map(parseBound),
  };
}

type Output = NodeJS.WritableStream & { isTTY?: boolean };

/** Work done of a total: a bar on a terminal, a line at each tenth otherwise. */
class Progress {
  private bar: SingleBar | null = null;
  private shown = -1;

  constructor(
    private readonly out: Output,
    private readonly unit: string,
    private readonly total: number,
  ) {
    if (out.isTTY) {
      this.bar = new SingleBar({
        stream: out,
        format: `{bar} {value}/{total} ${unit} | ETA {eta_formatted}`,
        hideCursor: true,
        etaBuffer: 20,
      });
      this.bar.start(total, 0);
    }
  }

  update(done: number): void {
    if (this.bar) {
      this.bar.update(done);
      return;
    }
    const tenth = Math.floor((10 * done) / Math.max(this.total, 1));
    if (tenth === this.shown) return;
    this.shown = tenth;
    this.out.write(`${done}/${this.total} ${this.unit}\n`);
  }

  stop(): void {
    this.bar?.stop();
  }
}

interface EvaluationAnswer {
  id: string;
  job_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  labels: string[];
  error: string | null;
  k: number;
  results: SearchResult[] | null;
}

export class Eval {
  constructor(
    private readonly rest: TroveRest,
    private readonly options: EvalOptions,
    private readonly err: Output,
    private readonly out: Output,
  ) {}

  /** The exit code. */
  async run(): Promise<number> {
    const queries = readQuerySets(this.options.files, this.options.split);
    const pipelineId = await pipelineIdOf(this.rest, this.options.pipeline, RETRIES);
    if (this.options.corpus !== null) await this.loadCorpus(pipelineId, this.options.corpus);
    const created = await this.start(pipelineId, queries);
    this.err.write(
      `Evaluation ${created.id} (job ${created.job_id}): ${queries.length} queries, searches ${created.labels.join(', ')}\n`,
    );
    // Refused before the wait rather than after it; the evaluation is then cancelled.
    try {
      checkBoundLabels(created.labels, this.options.bounds);
    } catch (error) {
      await this.rest
        .json('DELETE', `/pipelines/${pipelineId}/evaluations/${created.id}`)
        .catch(() => undefined);
      throw error;
    }
    const done = await this.wait(pipelineId, created, queries.length);
    if (this.options.json) this.out.write(`${JSON.stringify(done, null, 2)}\n`);
    if (done.status === 'failed') {
      this.err.write(`The evaluation failed: ${done.error}\n`);
      return 1;
    }
    if (!this.options.json) this.out.write(resultTable(done.results!, done.k));
    const missed = missedBounds(done.results!, this.options.bounds);
    for (const sentence of missed) this.err.write(`FAILED: ${sentence}\n`);
    return missed.length > 0 ? 1 : 0;
  }

  private async start(pipelineId: string, queries: LabelledQuery[]): Promise<EvaluationAnswer> {
    const classifications =
      this.options.classifications.length > 0
        ? this.options.classifications
        : (
            await withRetries(RETRIES, () =>
              this.rest.json<{ classifications: string[] }>(
                'GET',
                `/pipelines/${pipelineId}/classifications`,
              ),
            )
          ).classifications;
    const searches =
      this.options.searches.length > 0 ? this.options.searches : await this.defaultSearches(pipelineId);
    return this.rest.json<EvaluationAnswer>('POST', `/pipelines/${pipelineId}/evaluations`, {
      name: this.options.name,
      k: this.options.k,
      classifications,
      queries,
      searches,
    });
  }

  /** Every type the pipeline can run. */
  private async defaultSearches(pipelineId: string): Promise<Record<string, unknown>[]> {
    const pipeline = await withRetries(RETRIES, () =>
      this.rest.json<{ default_vector_embedding_id: string | null; full_text_search: boolean }>(
        'GET',
        `/pipelines/${pipelineId}`,
      ),
    );
    const vectors = pipeline.default_vector_embedding_id !== null;
    return [
      ...(vectors ? [{ type: 'similarity' }] : []),
      ...(pipeline.full_text_search ? [{ type: 'search' }] : []),
      ...(vectors && pipeline.full_text_search ? [{ type: 'hybrid' }] : []),
    ];
  }

  /** Polls the job (light) until it ends, then reads the evaluation once. */
  private async wait(
    pipelineId: string,
    created: EvaluationAnswer,
    total: number,
  ): Promise<EvaluationAnswer> {
    const progress = new Progress(this.err, 'queries', total);
    try {
      for (;;) {
        const job = await withRetries(RETRIES, () =>
          this.rest.json<{ state: string; processed: number }>('GET', `/jobs/${created.job_id}`),
        );
        progress.update(job.processed);
        if (job.state === 'succeeded' || job.state === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      progress.stop();
    }
    return withRetries(RETRIES, () =>
      this.rest.json<EvaluationAnswer>('GET', `/pipelines/${pipelineId}/evaluations/${created.id}`),
    );
  }

  /** Stores the corpus, skipping the documents Trove holds with the same content. */
  private async loadCorpus(pipelineId: string, file: string): Promise<void> {
    const classification =
      this.options.corpusClassification ??
      (await defaultClassificationOf(this.rest, pipelineId, RETRIES, 'corpus-classification'));
    const known = (await knownHashes(this.rest, pipelineId, RETRIES)) ?? new Map<string, string>();
    let stored = 0;
    let unchanged = 0;
    let empty = 0;
    for await (const batch of readCorpus(file, CORPUS_BATCH)) {
      const documents = batch.flatMap((document) => {
        if (document.content.trim() === '') {
          empty++;
          return [];
        }
        const sha256 = createHash('sha256').update(document.content).digest('hex');
        if (known.get(document.external_id) === sha256) {
          unchanged++;
          return [];
        }
        return [{ ...document, classification, metadata: { ...document.metadata, sha256 } }];
      });
      if (documents.length > 0)
        await withRetries(RETRIES, () =>
          this.rest.json('POST', `/pipelines/${pipelineId}/documents`, documents),
        );
      stored += documents.length;
      if (this.err.isTTY) this.err.write(`\rCorpus: ${stored} stored, ${unchanged} unchanged`);
    }
    this.err.write(
      `${this.err.isTTY ? '\r' : ''}Corpus: ${stored} stored, ${unchanged} unchanged` +
        `${empty ? `, ${empty} without text skipped` : ''}\n`,
    );
  }
}

/** The command: 0 when every bound holds, 1 when one is missed or the evaluation failed, 2 for a usage error. */
export async function runEval(argv: string[], env = process.env): Promise<number> {
  let options: EvalOptions;
  try {
    options = parseEvalArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${EVAL_USAGE}\n`);
    return 2;
  }
  try {
    return await new Eval(
      new TroveRest(connectionFromEnv(env)),
      options,
      process.stderr,
      process.stdout,
    ).run();
  } catch (error) {
    process.stderr.write(`eval: ${(error as Error).message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}
