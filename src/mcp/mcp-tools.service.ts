/**
 * The three MCP tools. Each one deserializes its arguments as the published
 * server does, then calls the service behind the matching REST operation
 * (PipelinesService, SearchService) with the key of the HTTP request that
 * carries the call. Nothing here reads the database itself.
 */
import { Injectable } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { checkJsonInput } from '../common/input-guard';
import { mcpToolCalls, mcpToolDuration } from '../observability/metrics';
import { PipelinesService } from '../pipelines/pipelines.service';
import { SearchService } from '../search/search.service';
import { DEFAULT_PARAMS, PRESENT_PARAMS_BASE, SearchParams, SearchRequest } from '../search/search.types';
import { JsonRpcError, RpcCode, toJsonRpcError } from './mcp-errors';
import {
  getPipelineClassificationsArgs,
  getPipelinesArgs,
  PlaceholderParams,
  searchKnowledgeArgs,
  SearchKnowledgeArgs,
} from './tool-arguments';
import { isToolName, ToolName } from './tool-definitions';
import { F64 } from './wire/rust-json';
import { DeError } from './wire/serde-de';
import { parseRustUuid } from './wire/rust-uuid';

export type ToolOutcome =
  /** The tool's output object; its keys are sorted when serialized. */
  | { kind: 'output'; output: Record<string, unknown> }
  /** Arguments that do not match the input schema: a result marked as an error. */
  | { kind: 'argument-error'; text: string };

const DEFAULT_LIMIT = 10;

@Injectable()
export class McpToolsService {
  constructor(
    private readonly pipelines: PipelinesService,
    private readonly searches: SearchService,
  ) {}

  /** Runs one tool call; operation failures throw JsonRpcError. */
  async call(auth: AuthContext, name: string, args: Record<string, unknown>): Promise<ToolOutcome> {
    if (!isToolName(name)) throw new JsonRpcError(RpcCode.InvalidParams, 'tool not found');
    const stopTimer = mcpToolDuration.startTimer({ tool: name });
    try {
      const outcome = await this.run(auth, name, args);
      mcpToolCalls.inc({ tool: name, outcome: outcome.kind === 'output' ? 'success' : 'tool_error' });
      return outcome;
    } catch (error) {
      mcpToolCalls.inc({ tool: name, outcome: 'rpc_error' });
      throw toJsonRpcError(error, auth.admin);
    } finally {
      stopTimer();
    }
  }

  private async run(auth: AuthContext, name: ToolName, args: Record<string, unknown>): Promise<ToolOutcome> {
    let output: Record<string, unknown>;
    try {
      switch (name) {
        case 'get_pipelines': {
          const { limit, offset, query } = getPipelinesArgs(args);
          // The one argument that reaches the database as text (search's are SearchService's).
          checkJsonInput({ query });
          const results = await this.pipelines.listSummaries(
            auth,
            query,
            limit ?? DEFAULT_LIMIT,
            offset ?? 0,
          );
          output = { results };
          break;
        }
        case 'get_pipeline_classifications': {
          const { pipeline_id } = getPipelineClassificationsArgs(args);
          output = { ...(await this.pipelines.getClassifications(auth, uuidOrInvalidRequest(pipeline_id))) };
          break;
        }
        case 'search_knowledge': {
          const parsed = searchKnowledgeArgs(args);
          const pipelineId = uuidOrInvalidRequest(parsed.pipeline_id);
          const request = toSearchRequest(parsed);
          const fragments = await this.searches.search(auth, pipelineId, request);
          // Rust holds scores as f64: 1 is written 1.0.
          output = {
            results: fragments.map((fragment) => ({ ...fragment, score: new F64(fragment.score) })),
          };
          break;
        }
      }
    } catch (error) {
      if (error instanceof DeError)
        return { kind: 'argument-error', text: `failed to deserialize parameters: ${error.message}` };
      throw error;
    }
    return { kind: 'output', output };
  }
}

/** Identifiers are parsed as the published server does; the parser's message is a -32600. */
function uuidOrInvalidRequest(value: string): string {
  const parsed = parseRustUuid(value);
  if (!parsed.ok) throw new JsonRpcError(RpcCode.InvalidRequest, parsed.error);
  return parsed.uuid;
}

/**
 * The subset of REST search that MCP offers: hierarchical classifications,
 * cosine distance, no metadata filter, and the query embedded for every type.
 * `params.embedding` is ignored; the model comes from `embedding_model_id`.
 */
function toSearchRequest(args: SearchKnowledgeArgs): SearchRequest {
  const embeddingModelId =
    args.embedding_model_id === null ? null : uuidOrInvalidRequest(args.embedding_model_id);
  return {
    type: args.type,
    query: args.query,
    classifications: { values: args.classifications, match: 'hierarchical' },
    params: searchParams(args.params),
    rawParams: parsedParams(args),
    filters: null,
    distanceStrategy: 'cosine',
    embeddingModelId,
    embedQueryAlways: true,
  };
}

function searchParams(params: PlaceholderParams | null): SearchParams {
  if (params === null) return { ...DEFAULT_PARAMS };
  return {
    k: params.k,
    fetch_k: params.fetch_k ?? PRESENT_PARAMS_BASE.fetch_k,
    lambda_mult: params.lambda_mult ?? PRESENT_PARAMS_BASE.lambda_mult,
    threshold: params.threshold ?? null,
  };
}

/**
 * The parameters as the published server parsed them, for the placeholder
 * errors' `data` (`{"params": {"params": {...}}}`): the type's fields, the
 * defaults filled in when the call sent no `params`.
 */
function parsedParams(args: SearchKnowledgeArgs): Record<string, unknown> | null {
  if (args.type === 'query') return null;
  if (args.params !== null) return { ...args.params };
  const defaults: Record<string, unknown> = {};
  if (args.type !== 'search' && args.type !== 'history') defaults.embedding = null;
  if (args.type === 'mmr') defaults.fetch_k = DEFAULT_PARAMS.fetch_k;
  defaults.k = DEFAULT_PARAMS.k;
  if (args.type === 'mmr') defaults.lambda_mult = DEFAULT_PARAMS.lambda_mult;
  if (args.type !== 'hybrid' && args.type !== 'history') defaults.threshold = null;
  return defaults;
}
