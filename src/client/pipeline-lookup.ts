/**
 * What the commands that feed or query a pipeline over HTTP (ingest, eval) ask of it
 * first: its id from an id or a name, the classification of documents sent without
 * one, the content hashes of its current documents; and the retry of a request that
 * met a transient failure (no answer, 429, 502-504), with backoff, honouring Retry-After.
 */
import { isUuid } from '../common/ids';
import { defaultClassification } from '../files/default-classification';
import { Classifications } from '../pipelines/classification-hierarchy';
import { TroveRequestError, TroveRest } from './trove-rest';

/** A mistake in the command line (exit code 2). */
export class UsageError extends Error {}

const BACKOFF_MS = 500;

export async function withRetries<T>(retries: number, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof TroveRequestError) || !error.transient || tries >= retries) throw error;
      const waitMs =
        error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : BACKOFF_MS * 2 ** tries;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** `--pipeline`: an id, or the name of a pipeline the key can read. */
export async function pipelineIdOf(rest: TroveRest, given: string, retries: number): Promise<string> {
  if (isUuid(given)) return given.toLowerCase();
  const found = await withRetries(retries, () =>
    rest.json<{ data: { id: string }[] }>('GET', `/pipelines?name$eq=${encodeURIComponent(given)}`),
  );
  if (found.data.length === 0)
    throw new UsageError(`--pipeline ${given}: no pipeline of that name that this key can read`);
  return found.data[0].id;
}

/** Trove's rule for uploads without a classification (the narrowest one), or `--<option>` is needed. */
export async function defaultClassificationOf(
  rest: TroveRest,
  pipelineId: string,
  retries: number,
  option: string,
): Promise<string> {
  const defined = await withRetries(retries, () =>
    rest.json<Classifications>('GET', `/pipelines/${pipelineId}/classifications`),
  ).catch(() => null);
  if (defined === null)
    throw new UsageError(`--${option} is required: this key may not list the pipeline's classifications`);
  const choice = defaultClassification({ ...defined, allowed: null });
  if ('problem' in choice)
    throw new UsageError(`--${choice.problem.replace(/; pass the one.*$/, '')}: pass --${option}`);
  return choice.classification;
}

/** external id → sha256 of the pipeline's current documents; null when the key may not list them. */
export async function knownHashes(
  rest: TroveRest,
  pipelineId: string,
  retries: number,
): Promise<Map<string, string> | null> {
  try {
    const documents = await withRetries(retries, () => rest.listDocuments(pipelineId));
    return new Map(
      documents.flatMap((d) =>
        d.external_id !== null && typeof d.metadata.sha256 === 'string'
          ? [[d.external_id, d.metadata.sha256]]
          : [],
      ),
    );
  } catch (error) {
    if (error instanceof TroveRequestError && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}
