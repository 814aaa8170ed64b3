import { Module } from '@nestjs/common';
import { OAuthModule } from '../oauth/oauth.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { SearchModule } from '../search/search.module';
import { McpDispatcher } from './mcp-dispatcher';
import { McpSessionsRepository } from './mcp-sessions.repository';
import { McpToolsService } from './mcp-tools.service';
import { McpHttpTransport } from './http/mcp-http.transport';
import { McpPostHandler } from './http/post-handler';
import { McpSessionLifecycle } from './http/session-lifecycle';

/**
 * The MCP server at /mcp. Its route is registered on Fastify directly
 * (app.factory.ts calls McpHttpTransport.register) so it controls every byte.
 */
@Module({
  imports: [OAuthModule, PipelinesModule, SearchModule],
  providers: [
    McpSessionsRepository,
    McpToolsService,
    McpDispatcher,
    McpSessionLifecycle,
    McpPostHandler,
    McpHttpTransport,
  ],
  exports: [McpHttpTransport],
})
export class McpModule {}
