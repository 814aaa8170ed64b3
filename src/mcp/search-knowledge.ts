/**
 * The search_knowledge tool's own rules, on top of the search REST runs
 * (SearchService), as the MCP tools page publishes them:
 *
 *  - the subset of REST search it offers: hierarchical classifications, cosine
 *    distance, no metadata filter; the model comes from `embedding_model_id`
 *    (`params.embedding` is accepted and ignored);
 *  - its processing order: the pipeline, the embedding model and the query's
 *    embedding for EVERY type (full text, the placeholders and the invalid `query`
 *    type included: for them only its errors matter), and only then the type;
 *  - its errors: `query` is "Invalid search type or parameters", and the
 *    `history` placeholder's `data` holds the parameters as the published server
 *    parsed them.
 *
 * `hybrid`, a placeholder on the published server, searches here as REST's does (its
 * published params `embedding`, ignored as for every type, and `k`).
 */
import { AuthContext } from '../auth/auth-context';
import { SearchMessages } from '../search/search-errors';
import { SearchService } from '../search/search.service';
import { DEFAULT_PARAMS, PRESENT_PARAMS_BASE, SearchParams, searchRequest } from '../search/search.types';
import { ScoredFragment } from '../search/search-hit';
import { JsonRpcError, RpcCode } from './mcp-errors';
import { PlaceholderParams, SearchKnowledgeArgs } from './tool-arguments';

/** Runs a search_knowledge call whose arguments are deserialized and whose ids are parsed. */
export async function searchKnowledge(
  searches: SearchService,
  auth: AuthContext,
  pipelineId: string,
  embeddingModelId: string | null,
  args: SearchKnowledgeArgs,
): Promise<ScoredFragment[]> {
  const { type } = args;
  const fields = {
    query: args.query,
    classifications: { values: args.classifications, match: 'hierarchical' as const },
    params: searchParams(args.params),
    embeddingModelId,
  };
  // `query` is no search type: the rules of one without a type apply to it.
  const pipeline = await searches.open(auth, pipelineId, type === 'query' ? fields : { ...fields, type });
  // A full-text search uses nothing of the embedding but its errors, which come first (an
  // embedding error is the answer even if the search would fail too): its SQL runs while
  // the query is embedded, and what it returns or throws waits for the embedding.
  const fullText =
    type === 'search' ? searches.run(auth, pipeline, searchRequest({ ...fields, type }), null) : null;
  fullText?.catch(() => undefined); // not unhandled if the embedding fails: nobody will await it
  // The types that use no vector need only the embedding's errors: a model that cannot
  // fail (hashing) or a query's vector kept costs no call (SearchService.checkEmbedding).
  const embedding =
    type === 'similarity' || type === 'mmr' || type === 'hybrid'
      ? await searches.embed(pipeline, fields)
      : await searches.checkEmbedding(pipeline, fields).then(() => null);
  if (type === 'query') throw new JsonRpcError(RpcCode.InternalError, SearchMessages.invalidType);
  if (type === 'history') {
    throw new JsonRpcError(RpcCode.InternalError, SearchMessages.history, {
      // The history struct has `k` alone.
      params: { params: { k: args.params?.k ?? DEFAULT_PARAMS.k } },
    });
  }
  return fullText ?? searches.run(auth, pipeline, searchRequest({ ...fields, type }), embedding);
}

function searchParams(params: PlaceholderParams | null): SearchParams {
  if (params === null) return { ...DEFAULT_PARAMS };
  return {
    k: params.k,
    fetchK: params.fetchK ?? PRESENT_PARAMS_BASE.fetchK,
    lambdaMult: params.lambdaMult ?? PRESENT_PARAMS_BASE.lambdaMult,
    threshold: params.threshold ?? null,
  };
}
