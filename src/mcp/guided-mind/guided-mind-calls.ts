/**
 * The MCP edge of the Guided Mind tools: an MCP server for one caller (its key,
 * and the pipeline the endpoint's URL names), whose calls parse the arguments, run
 * GuidedMindService and shape the page's results.
 *
 * Errors: arguments that do not fit, and every refusal a service makes (not found,
 * forbidden, a file refused, a classification to choose), are tool results marked
 * `isError` with the service's message, so the assistant's model reads why and can
 * act on it. Anything else is JSON-RPC -32603 `Internal Server Error`; its text,
 * a database's included, stays in the log.
 */
import { Injectable, Logger } from '@nestjs/common';
import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { AuthContext } from '../../auth/auth-context';
import { DomainError, ErrorCode } from '../../common/errors';
import { jsonInputProblem } from '../../common/input-guard';
import { mcpToolCalls, mcpToolDuration } from '../../observability/metrics';
import { version } from '../../version';
import {
  GUIDED_MIND_TOOLS,
  GuidedMindToolName,
  isGuidedMindTool,
  pipelineIdArgument,
  ragSearchArguments,
  ragSearchItem,
  ragSearchResult,
  ToolArgumentError,
  toolError,
  ToolResult,
  uploadArguments,
  uploadResult,
} from './guided-mind-tools';
import { GuidedMindService } from './guided-mind.service';
import { createToolServer } from './tool-server';

export const GUIDED_MIND_SERVER_NAME = 'trove-guided-mind';

/** Who is calling, and the pipeline the endpoint URL names (not yet checked as a UUID), if any. */
export interface Caller {
  auth: AuthContext;
  pipelineId: string | null;
}

/** The caller rides with each message in the SDK's pass-through AuthInfo. */
interface CallerAuthInfo extends AuthInfo {
  extra: { caller: Caller };
}

/** The AuthInfo a message for `caller` is delivered with (streamable HTTP: each request; SSE: each POST). */
export function callerAuthInfo(caller: Caller): AuthInfo {
  const authInfo: CallerAuthInfo = {
    token: '',
    clientId: caller.auth.keyId,
    scopes: [],
    extra: { caller },
  };
  return authInfo;
}

@Injectable()
export class GuidedMindCalls {
  private readonly logger = new Logger('GuidedMind');

  constructor(private readonly service: GuidedMindService) {}

  /**
   * An MCP server whose every call answers for the caller its own message came with
   * (callerAuthInfo), never one fixed when the server was made: a legacy SSE session
   * keeps one server for all its messages, each authorised with its key of the moment.
   */
  server(): Server {
    return createToolServer({
      name: GUIDED_MIND_SERVER_NAME,
      version,
      tools: () => GUIDED_MIND_TOOLS,
      call: (name, args, authInfo) => {
        const caller = (authInfo as CallerAuthInfo | undefined)?.extra?.caller;
        // Every route delivers its messages with a caller: a message without one is a bug, refused.
        if (!caller) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal Server Error');
        return this.call(caller, name, args);
      },
    });
  }

  async call(caller: Caller, name: string, args: Record<string, unknown>): Promise<ToolResult> {
    if (!isGuidedMindTool(name))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const stopTimer = mcpToolDuration.startTimer({ tool: name });
    try {
      const result = await this.run(caller, name, args);
      mcpToolCalls.inc({ tool: name, outcome: 'success' });
      return result;
    } catch (error) {
      if (
        error instanceof ToolArgumentError ||
        (error instanceof DomainError && error.code !== ErrorCode.Internal)
      ) {
        mcpToolCalls.inc({ tool: name, outcome: 'tool_error' });
        return toolError(error.message);
      }
      mcpToolCalls.inc({ tool: name, outcome: 'rpc_error' });
      this.logger.error({ err: error, tool: name }, 'Guided Mind tool call failed');
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal Server Error');
    } finally {
      stopTimer();
    }
  }

  private async run(
    caller: Caller,
    name: GuidedMindToolName,
    args: Record<string, unknown>,
  ): Promise<ToolResult> {
    const problem = jsonInputProblem(args);
    if (problem) throw new ToolArgumentError(`Invalid arguments: ${problem}`);
    if (name === 'rag_search') {
      const started = performance.now();
      const parsed = ragSearchArguments(args);
      const pipelineId = caller.pipelineId === null ? null : pipelineIdArgument(caller.pipelineId);
      const hits = await this.service.ragSearch(caller.auth, pipelineId, parsed);
      return ragSearchResult(hits.map(ragSearchItem), performance.now() - started);
    }
    const process = name === 'upload_and_process';
    const parsed = uploadArguments(name, args);
    const upload = { ...parsed, pipelineId: pipelineIdArgument(parsed.pipelineId) };
    return uploadResult(await this.service.upload(caller.auth, upload, process), process);
  }
}
