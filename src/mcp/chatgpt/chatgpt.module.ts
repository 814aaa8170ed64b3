import { Module } from '@nestjs/common';
import { DocumentsModule } from '../../documents/documents.module';
import { GuidedMindModule } from '../guided-mind/guided-mind.module';
import { ChatGptService } from './chatgpt.service';
import { ChatGptHttp } from './chatgpt-http';

/**
 * The ChatGPT connector's MCP endpoint at /mcp/chatgpt. Its route is registered on
 * Fastify directly (app.factory.ts calls ChatGptHttp.register), as /mcp's are.
 */
@Module({
  imports: [GuidedMindModule, DocumentsModule],
  providers: [ChatGptService, ChatGptHttp],
  exports: [ChatGptHttp],
})
export class ChatGptModule {}
