/**
 * Answers one JSON-RPC request: the methods of the MCP server page and tools
 * page, in the two shapes the protocol revisions give them.
 *
 * Up to 2025-11-25 (the "legacy" era): initialize, ping, tools/list, tools/call,
 * resources/list, prompts/list, completion/complete; logging/setLevel and
 * anything else answer -32601.
 *
 * 2026-07-28 (the "modern" era, no session): every result leads with
 * `"resultType": "complete"`; the listings carry the cache fields the revision
 * requires (`ttlMs`, `cacheScope`); server/discover replaces initialize; ping,
 * initialize and logging/setLevel no longer exist and answer -32601, which the
 * HTTP layer turns into a 404 as the revision asks.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { SETTINGS, Settings, ToolSchemas } from '../config/settings';
import { McpToolsService } from './mcp-tools.service';
import { JsonRpcError, RpcCode } from './mcp-errors';
import { portableTool } from './portable-schemas';
import { strictTool } from './strict-schemas';
import { ToolDefinition, TOOLS } from './tool-definitions';
import { RawJson, toJson } from './wire/rust-json';

export type Era = 'legacy' | 'modern';

/** The revisions the page lists; any other requested in initialize negotiates 2025-11-25. */
export const SUPPORTED_PROTOCOL_VERSIONS = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
] as const;
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
export const FALLBACK_PROTOCOL_VERSION = '2025-11-25';

export const isSupportedProtocolVersion = (version: string): boolean =>
  (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(version);

/** Methods the modern era answers; any other request is method-not-found there. */
export const MODERN_METHODS = new Set([
  'tools/list',
  'tools/call',
  'resources/list',
  'prompts/list',
  'completion/complete',
  'server/discover',
]);

export interface RpcRequest {
  /** The request id as JSON text (kept verbatim: integers beyond 2^53 survive). */
  idJson: string;
  method: string;
  params: Record<string, unknown> | undefined;
}

export type RpcOutcome = { result: Record<string, unknown> } | { error: JsonRpcError };

/** How each TROVE_MCP_TOOL_SCHEMAS profile lists a tool. */
const LISTED_FORM: Record<ToolSchemas, (tool: ToolDefinition) => ToolDefinition> = {
  published: (tool) => tool,
  portable: portableTool,
  strict: strictTool,
};

/** Caching fields 2026-07-28 requires on list and discover results: not cacheable, per caller. */
const NO_CACHE = { ttlMs: 0, cacheScope: 'private' };

@Injectable()
export class McpDispatcher {
  /** tools/list: as published, or with the portable or strict schemas (TROVE_MCP_TOOL_SCHEMAS). */
  private readonly toolList: readonly ToolDefinition[];

  constructor(
    private readonly tools: McpToolsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    this.toolList = TOOLS.map(LISTED_FORM[settings.mcp.toolSchemas]);
  }

  get serverInfo() {
    return { name: this.settings.mcp.serverName, version: this.settings.mcp.serverVersion };
  }

  /** The initialize result (legacy handshake). */
  initializeResult(requestedVersion: string): Record<string, unknown> {
    return {
      protocolVersion: isSupportedProtocolVersion(requestedVersion)
        ? requestedVersion
        : FALLBACK_PROTOCOL_VERSION,
      capabilities: { tools: {} },
      serverInfo: this.serverInfo,
      instructions: this.settings.mcp.instructions,
    };
  }

  async dispatch(request: RpcRequest, era: Era, auth: AuthContext): Promise<RpcOutcome> {
    try {
      const result = era === 'modern' ? await this.modern(request, auth) : await this.legacy(request, auth);
      return { result };
    } catch (error) {
      if (error instanceof JsonRpcError) return { error };
      throw error;
    }
  }

  private async legacy(request: RpcRequest, auth: AuthContext): Promise<Record<string, unknown>> {
    switch (request.method) {
      case 'initialize':
        return this.initializeResult(requestedProtocolVersion(request.params));
      case 'ping':
        return {};
      case 'tools/list':
        return { tools: this.toolList };
      case 'tools/call':
        return this.callTool(request.params, auth, false);
      case 'resources/list':
        return { resources: [] };
      case 'prompts/list':
        return { prompts: [] };
      case 'completion/complete':
        return { completion: { values: [] } };
      default:
        throw methodNotFound(request.method);
    }
  }

  private async modern(request: RpcRequest, auth: AuthContext): Promise<Record<string, unknown>> {
    const complete = { resultType: 'complete' };
    switch (request.method) {
      case 'server/discover':
        return {
          ...complete,
          supportedVersions: [MODERN_PROTOCOL_VERSION],
          capabilities: { tools: {} },
          instructions: this.settings.mcp.instructions,
          ...NO_CACHE,
          // Without initialize, this is where a client learns the server's name and version.
          _meta: { 'io.modelcontextprotocol/serverInfo': this.serverInfo },
        };
      case 'tools/list':
        return { ...complete, tools: this.toolList, ...NO_CACHE };
      case 'tools/call':
        return this.callTool(request.params, auth, true);
      case 'resources/list':
        return { ...complete, resources: [], ...NO_CACHE };
      case 'prompts/list':
        return { ...complete, prompts: [], ...NO_CACHE };
      case 'completion/complete':
        return { ...complete, completion: { values: [] } };
      default:
        throw methodNotFound(request.method);
    }
  }

  private async callTool(params: Record<string, unknown> | undefined, auth: AuthContext, modern: boolean) {
    const name = params?.name;
    if (typeof name !== 'string') {
      throw new JsonRpcError(RpcCode.InvalidParams, 'invalid params: missing field `name`');
    }
    const args = params?.arguments ?? {};
    if (args === null || typeof args !== 'object' || Array.isArray(args)) {
      throw new JsonRpcError(RpcCode.InvalidParams, 'invalid params: `arguments` must be an object');
    }
    const outcome = await this.tools.call(auth, name, args as Record<string, unknown>);
    const head = modern ? { resultType: 'complete' } : {};
    if (outcome.kind === 'argument-error') {
      return { ...head, content: [{ type: 'text', text: outcome.text }], isError: true };
    }
    const json = toJson(outcome.output, true);
    return {
      ...head,
      content: [{ type: 'text', text: json }],
      structuredContent: new RawJson(json),
      isError: false,
    };
  }
}

function requestedProtocolVersion(params: Record<string, unknown> | undefined): string {
  const version = params?.protocolVersion;
  if (typeof version !== 'string')
    throw new JsonRpcError(RpcCode.InvalidParams, 'invalid params: missing field `protocolVersion`');
  return version;
}

/** As the published server answers it: the method name is the message. */
export const methodNotFound = (method: string) => new JsonRpcError(RpcCode.MethodNotFound, method);

/** A JSON-RPC response message, as text. */
export function responseJson(idJson: string, outcome: RpcOutcome): string {
  if ('result' in outcome) return `{"jsonrpc":"2.0","id":${idJson},"result":${toJson(outcome.result)}}`;
  return errorJson(idJson, outcome.error);
}

export function errorJson(idJson: string, error: JsonRpcError): string {
  const body: Record<string, unknown> = { code: error.code, message: error.message };
  if (error.data !== undefined) body.data = new RawJson(toJson(error.data, true));
  return `{"jsonrpc":"2.0","id":${idJson},"error":${toJson(body)}}`;
}
