/**
 * `npx trove ingest <path>... --pipeline <id|name>`: files of this machine
 * into a pipeline, over HTTP (TROVE_URL, TROVE_API_KEY, TROVE_API_SECRET).
 *
 * Each file becomes a document whose external id is its path relative to the
 * folder given, so ingesting the folder again makes new versions of the files
 * that changed. A file whose content hash (sha256) is the one Trove already holds
 * for that external id is skipped: Trove stores every uploaded file's sha256 in
 * its document's metadata, so the hashes are asked of Trove (one listing of the
 * pipeline's current documents) rather than kept in a local state file that
 * another machine, or a wiped folder, would not have. A key that may write but
 * not read the pipeline cannot list it, and then every file is uploaded.
 *
 * Files go up one per request (each names its own external id), `--concurrency`
 * at a time; a request that meets a transient failure (no answer, 429, 502-504)
 * is retried with backoff, honouring Retry-After. Progress is a bar with files/s
 * and ETA on a terminal and one line per file otherwise; the summary names every
 * failed file and why, lists the files skipped as unchanged (`--verbose`: every file,
 * one a line, with its classification), and the exit code is 1 when one failed.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { parseArgs } from 'node:util';
import { IngestFile, selectFiles } from './ingest-files';
import { IngestProgress } from './ingest-progress';
import {
  defaultClassificationOf,
  knownHashes,
  pipelineIdOf,
  UsageError,
  withRetries,
} from './pipeline-lookup';
import { connectionFromEnv, TroveRequestError, TroveRest } from './trove-rest';

export { UsageError };

export const INGEST_USAGE = `usage: trove ingest PATH... --pipeline ID|NAME [--classification C] [--metadata KEY=VALUE]...
                    [--recursive] [--include GLOB]... [--exclude GLOB]... [--concurrency N] [--retries N] [--verbose]`;

export interface IngestOptions {
  paths: string[];
  pipeline: string;
  classification: string | null;
  metadata: Record<string, string>;
  recursive: boolean;
  include: string[];
  exclude: string[];
  concurrency: number;
  retries: number;
  /** The summary names every file and what became of it, not only the failed and skipped. */
  verbose: boolean;
}

export type FileOutcome =
  | { status: 'uploaded'; classification: string; fragments: number | null }
  | { status: 'unchanged' }
  | { status: 'failed'; reason: string };

export function parseIngestArgs(argv: string[]): IngestOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      pipeline: { type: 'string' },
      classification: { type: 'string' },
      metadata: { type: 'string', multiple: true, default: [] },
      recursive: { type: 'boolean', short: 'r', default: false },
      include: { type: 'string', multiple: true, default: [] },
      exclude: { type: 'string', multiple: true, default: [] },
      concurrency: { type: 'string', default: '4' },
      retries: { type: 'string', default: '3' },
      verbose: { type: 'boolean', short: 'v', default: false },
    },
  });
  if (positionals.length === 0) throw new UsageError('name at least one file or folder to ingest');
  if (!values.pipeline) throw new UsageError('--pipeline is required: a pipeline id or name');
  const metadata: Record<string, string> = {};
  for (const pair of values.metadata) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new UsageError(`--metadata ${pair}: expected KEY=VALUE`);
    metadata[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return {
    paths: positionals,
    pipeline: values.pipeline,
    classification: values.classification ?? null,
    metadata,
    recursive: values.recursive,
    include: values.include,
    exclude: values.exclude,
    concurrency: integerOption('--concurrency', values.concurrency, 1, 32),
    retries: integerOption('--retries', values.retries, 0, 10),
    verbose: values.verbose,
  };
}

function integerOption(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`${name}: expected an integer from ${min} to ${max}, got '${raw}'`);
  return value;
}

export class Ingest {
  constructor(
    private readonly rest: TroveRest,
    private readonly options: IngestOptions,
    private readonly progress: IngestProgress,
  ) {}

  /** Ingests every selected file; resolves with what became of each. */
  async run(): Promise<Map<IngestFile, FileOutcome>> {
    const files = selectFiles(this.options.paths, this.options);
    const pipelineId = await this.pipelineId();
    const classification = this.options.classification ?? (await this.defaultClassification(pipelineId));
    if (this.options.classification === null)
      this.progress.note(
        `No --classification given: every file is stored as '${classification}', the pipeline's narrowest classification.`,
      );
    const known = await this.knownHashes(pipelineId);
    const outcomes = new Map<IngestFile, FileOutcome>();
    this.progress.start(files.length);
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++];
        const outcome = await this.ingestOne(pipelineId, classification, known, file);
        outcomes.set(file, outcome);
        this.progress.done(file, outcome);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, files.length) }, worker));
    this.progress.stop();
    return outcomes;
  }

  private async ingestOne(
    pipelineId: string,
    classification: string,
    known: Map<string, string>,
    file: IngestFile,
  ): Promise<FileOutcome> {
    let bytes: Buffer;
    try {
      bytes = await fs.promises.readFile(file.absolute);
    } catch (error) {
      return {
        status: 'failed',
        reason: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      };
    }
    if (known.get(file.relative) === createHash('sha256').update(bytes).digest('hex'))
      return { status: 'unchanged' };
    try {
      const result = await this.withRetries(() =>
        this.rest.uploadFile(
          pipelineId,
          { filename: file.relative.split('/').pop()!, bytes },
          { classification, metadata: this.options.metadata, externalId: file.relative },
        ),
      );
      return { status: 'uploaded', classification, fragments: result.fragment_count };
    } catch (error) {
      if (error instanceof TroveRequestError) return { status: 'failed', reason: error.message };
      throw error;
    }
  }

  private withRetries<T>(attempt: () => Promise<T>): Promise<T> {
    return withRetries(this.options.retries, attempt);
  }

  private pipelineId(): Promise<string> {
    return pipelineIdOf(this.rest, this.options.pipeline, this.options.retries);
  }

  private defaultClassification(pipelineId: string): Promise<string> {
    return defaultClassificationOf(this.rest, pipelineId, this.options.retries, 'classification');
  }

  /** external id → sha256 of the current documents, or nothing when the key may not list them. */
  private async knownHashes(pipelineId: string): Promise<Map<string, string>> {
    const known = await knownHashes(this.rest, pipelineId, this.options.retries);
    if (known === null)
      this.progress.note(
        "This key cannot list the pipeline's documents: every file is uploaded, changed or not.",
      );
    return known ?? new Map();
  }
}

/** The command: 0 when every file was ingested or unchanged, 1 when one failed, 2 for a usage error. */
export async function runIngest(argv: string[], env = process.env): Promise<number> {
  let options: IngestOptions;
  try {
    options = parseIngestArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${INGEST_USAGE}\n`);
    return 2;
  }
  const progress = new IngestProgress(process.stderr);
  const started = Date.now();
  let outcomes: Map<IngestFile, FileOutcome>;
  try {
    outcomes = await new Ingest(new TroveRest(connectionFromEnv(env)), options, progress).run();
  } catch (error) {
    process.stderr.write(`ingest: ${(error as Error).message}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
  return progress.summary(outcomes, Date.now() - started, options.verbose);
}
