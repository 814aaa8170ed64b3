/**
 * /mcp/chatgpt, the MCP endpoint for ChatGPT connectors and deep research: the
 * `search` and `fetch` tools (chatgpt-tools.ts) over streamable HTTP, served by the
 * MCP SDK statelessly (each request answered by a fresh server, so any replica
 * answers any request), as the Guided Mind endpoint is. Before any MCP, the Host
 * check and the key (headers, Bearer, or `?api_key=<key id>.<secret>` for a client
 * that can only be given a URL), refusals in /api/v1's ErrorResponse (edge.ts).
 *
 * A tool's refusal (an argument that does not fit, a document the key cannot see)
 * is a result marked `isError`, so ChatGPT reads why; anything else is JSON-RPC
 * -32603 with its detail in the log.
 */
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import {
  createMcpHandler,
  McpHttpHandler,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiKeysService } from '../../auth/api-keys.service';
import { AuthContext } from '../../auth/auth-context';
import { BearerTokens } from '../../auth/bearer-tokens';
import { BODY_LIMIT_BYTES } from '../../common/http-error.filter';
import { leaveBodiesUnread, RAW_INPUT } from '../../common/input-guard';
import { SETTINGS, Settings } from '../../config/settings';
import { mcpToolCalls } from '../../observability/metrics';
import { version } from '../../version';
import { authenticate, hostRefusal, sendApiError } from '../guided-mind/http/edge';
import { toWebRequest } from '../guided-mind/http/guided-mind-http';
import { createToolServer } from '../guided-mind/tool-server';
import { toolError, ToolResult } from '../guided-mind/guided-mind-tools';
import {
  CHATGPT_TOOLS,
  ChatGptArgumentError,
  fetchArguments,
  isChatGptTool,
  jsonResult,
  notFoundText,
  searchArguments,
} from './chatgpt-tools';
import { ChatGptService } from './chatgpt.service';

export const CHATGPT_PATH = '/mcp/chatgpt';
export const CHATGPT_SERVER_NAME = 'trove-chatgpt';

/** The caller rides with its request in the SDK's pass-through AuthInfo. */
interface Caller {
  auth: AuthContext;
  origin: string;
}

@Injectable()
export class ChatGptHttp implements OnApplicationShutdown {
  private readonly logger = new Logger('ChatGptMcp');
  private readonly handler: McpHttpHandler;

  constructor(
    private readonly service: ChatGptService,
    private readonly apiKeys: ApiKeysService,
    private readonly tokens: BearerTokens,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.handler = createMcpHandler(
      () =>
        createToolServer({
          name: CHATGPT_SERVER_NAME,
          version,
          tools: () => CHATGPT_TOOLS,
          call: (name, args, authInfo) => {
            const caller = (authInfo?.extra as { caller?: Caller } | undefined)?.caller;
            if (!caller) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal Server Error');
            return this.call(caller, name, args);
          },
        }),
      {
        maxRequestBodySize: BODY_LIMIT_BYTES,
        onerror: (error) => this.logger.warn({ err: error }, 'MCP request refused or failed'),
      },
    );
  }

  register(app: FastifyInstance): void {
    void app.register(async (scope) => {
      // No parser: the SDK reads the raw body itself.
      leaveBodiesUnread(scope);
      scope.route({
        method: ['GET', 'POST', 'DELETE'],
        url: CHATGPT_PATH,
        config: { [RAW_INPUT]: true },
        handler: (request, reply) => this.serve(request, reply),
      });
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.handler.close();
  }

  private async serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const refusal = hostRefusal(request, this.settings.mcp.allowedHosts);
    if (refusal) return sendApiError(reply, request, refusal);
    let auth: AuthContext;
    try {
      // Tokens minted for /mcp serve here too: the same knowledge, in OpenAI's two tools.
      auth = await authenticate(this.apiKeys, this.tokens, request, 'mcp');
    } catch (error) {
      return sendApiError(reply, request, error);
    }
    const caller: Caller = { auth, origin: `${request.protocol}://${request.headers.host ?? 'localhost'}` };
    const authInfo: AuthInfo = { token: '', clientId: auth.keyId, scopes: [], extra: { caller } };
    const abort = new AbortController();
    reply.raw.on('close', () => abort.abort());
    return reply.send(await this.handler.fetch(toWebRequest(request, abort.signal), { authInfo }));
  }

  private async call(caller: Caller, name: string, args: Record<string, unknown>) {
    if (!isChatGptTool(name))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    try {
      let result: ToolResult;
      if (name === 'search') {
        const { query } = searchArguments(args);
        result = jsonResult({ results: await this.service.search(caller.auth, query, caller.origin) });
      } else {
        const { id } = fetchArguments(args);
        const document = await this.service.fetch(caller.auth, id, caller.origin);
        result = document ? jsonResult(document) : toolError(notFoundText(id));
      }
      mcpToolCalls.inc({ tool: name, outcome: result.isError ? 'tool_error' : 'success' });
      return result;
    } catch (error) {
      if (error instanceof ChatGptArgumentError) {
        mcpToolCalls.inc({ tool: name, outcome: 'tool_error' });
        return toolError(error.message);
      }
      mcpToolCalls.inc({ tool: name, outcome: 'rpc_error' });
      this.logger.error({ err: error, tool: name }, 'ChatGPT tool call failed');
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal Server Error');
    }
  }
}
