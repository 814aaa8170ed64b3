/**
 * The two rerank APIs Trove speaks, each a POST of one query and a batch of passages
 * to `<endpoint>/rerank`, answered with a relevance per passage:
 *
 *  - `cohere`: `{model, query, documents, top_n}` → `{results: [{index, relevance_score}]}`,
 *    as Cohere, Jina, vLLM, Infinity and LocalAI serve it;
 *  - `tei`: Text Embeddings Inference's `{query, texts}` → `[{index, score}]`.
 *
 * Servers may answer in any order: each score goes to the passage its `index` names.
 */
import { endpointError, JsonEndpoint } from '../common/json-endpoint';
import { RerankerProvider } from './rerankers.dto';

export interface RerankRequest {
  url: string;
  body: unknown;
}

export function rerankRequest(
  provider: RerankerProvider,
  endpoint: string,
  model: string | null,
  query: string,
  passages: string[],
): RerankRequest {
  const url = `${endpoint}/rerank`;
  if (provider === 'tei') return { url, body: { query, texts: passages, truncate: true } };
  return {
    url,
    body: {
      ...(model === null ? {} : { model }),
      query,
      documents: passages,
      top_n: passages.length,
      return_documents: false,
    },
  };
}

/** One relevance per passage, in the passages' order, from an answer of the provider. */
export function relevancesFrom(
  provider: RerankerProvider,
  body: unknown,
  count: number,
  endpoint: Pick<JsonEndpoint, 'noun' | 'label' | 'publicLabel'>,
): number[] {
  const invalid = (detail: string) =>
    endpointError(endpoint, (who) => `${who} returned an invalid response: ${detail}`, {});
  const results = provider === 'tei' ? body : (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results))
    throw invalid(provider === 'tei' ? 'it is not a list' : 'it has no results list');
  const scores: (number | undefined)[] = new Array(count).fill(undefined);
  results.forEach((item: Record<string, unknown> | null, position) => {
    const index = item?.index;
    const score = provider === 'tei' ? item?.score : item?.relevance_score;
    if (
      typeof index !== 'number' ||
      !Number.isInteger(index) ||
      index < 0 ||
      index >= count ||
      scores[index] !== undefined
    )
      throw invalid(`results[${position}].index is missing, out of range or repeated`);
    if (typeof score !== 'number' || !Number.isFinite(score))
      throw invalid(`results[${position}] has no score`);
    scores[index] = score;
  });
  const missing = scores.findIndex((score) => score === undefined);
  if (missing >= 0) throw invalid(`no score for passage ${missing} of ${count}`);
  return scores as number[];
}
