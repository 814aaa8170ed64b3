/**
 * An MCP server (the SDK's low-level `Server`) for a fixed tool list and one
 * function that runs a call. The Guided Mind endpoint builds one per request (or
 * per legacy SSE session) for the caller's key; the stdio bridge builds one for
 * its process.
 *
 * The SDK checks every tools/call result against the MCP schema and answers the
 * parsed copy, which drops fields MCP does not name: the page's `score`,
 * `document_id` and `document_name` on `rag_search`'s content items, for one.
 * `PageFieldsServer` keeps that check (a result that is not valid MCP still
 * fails) and answers the result as the tool made it.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import type { AuthInfo, CallToolResult, Tool } from '@modelcontextprotocol/server';

// The SDK's handler types are per method; this wrapper is for any of them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Wrapped = (request: any, ctx: any) => Promise<any>;

class PageFieldsServer extends Server {
  protected override _wrapHandler(method: string, handler: Wrapped): Wrapped {
    if (method !== 'tools/call') return super._wrapHandler(method, handler);
    return async (request, ctx) => {
      let made: unknown;
      const checked: unknown = await super._wrapHandler(method, async (r, c) => (made = await handler(r, c)))(
        request,
        ctx,
      );
      return made ?? checked;
    };
  }
}

export const MODERN_PROTOCOL_VERSION = '2026-07-28';

export interface ListedTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** `authInfo`: what the transport delivered the call's message with (each message its own). */
export type ToolCall = (
  name: string,
  args: Record<string, unknown>,
  authInfo: AuthInfo | undefined,
) => Promise<Record<string, unknown>>;

export interface ToolServerOptions {
  name: string;
  version: string;
  instructions?: string;
  tools: () => Promise<readonly ListedTool[]> | readonly ListedTool[];
  call: ToolCall;
}

export function createToolServer(options: ToolServerOptions): Server {
  const server = new PageFieldsServer(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: {} },
      // The SDK's 2025 revisions and 2026-07-28, which it serves but lists only when asked.
      supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION],
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  server.setRequestHandler('tools/list', async () => ({ tools: [...(await options.tools())] as Tool[] }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name, arguments: args } = request.params;
    const known = (await options.tools()).some((tool) => tool.name === name);
    if (!known) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    return (await options.call(name, args ?? {}, ctx.http?.authInfo)) as CallToolResult;
  });
  return server;
}
