import { Module } from '@nestjs/common';
import { FilesModule } from '../../files/files.module';
import { OAuthModule } from '../../oauth/oauth.module';
import { PipelinesModule } from '../../pipelines/pipelines.module';
import { SearchModule } from '../../search/search.module';
import { GuidedMindCalls } from './guided-mind-calls';
import { GuidedMindService } from './guided-mind.service';
import { GuidedMindHttp } from './http/guided-mind-http';
import { LegacySseSessions } from './http/legacy-sse';

/**
 * The Guided Mind MCP tools at /api/v1/mcp. Its routes are registered on Fastify
 * directly (app.factory.ts calls GuidedMindHttp.register), as /mcp's are.
 */
@Module({
  imports: [PipelinesModule, SearchModule, FilesModule, OAuthModule],
  providers: [GuidedMindService, GuidedMindCalls, LegacySseSessions, GuidedMindHttp],
  exports: [GuidedMindHttp, GuidedMindService],
})
export class GuidedMindModule {}
