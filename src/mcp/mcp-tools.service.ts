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
import { JsonRpcError, RpcCode, toJsonRpcError } from './mcp-errors';
import { searchKnowledge } from './search-knowledge';
import { present } from '../search/search-hit';
import { presentPipelineSummary } from './pipeline-summary';
import { getPipelineClassificationsArgs, getPipelinesArgs, searchKnowledgeArgs } from './tool-arguments';
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
          output = { results: results.map(presentPipelineSummary) };
          break;
        }
        case 'get_pipeline_classifications': {
          const { pipelineId } = getPipelineClassificationsArgs(args);
          output = { ...(await this.pipelines.getClassifications(auth, uuidOrInvalidRequest(pipelineId))) };
          break;
        }
        case 'search_knowledge': {
          const parsed = searchKnowledgeArgs(args);
          const pipelineId = uuidOrInvalidRequest(parsed.pipelineId);
          const embeddingModelId =
            parsed.embeddingModelId === null ? null : uuidOrInvalidRequest(parsed.embeddingModelId);
          const fragments = await searchKnowledge(this.searches, auth, pipelineId, embeddingModelId, parsed);
          // Rust holds scores as f64: 1 is written 1.0.
          output = {
            results: fragments.map((fragment) => ({ ...present(fragment), score: new F64(fragment.score) })),
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
