import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { FilesModule } from '../files/files.module';
import { LlmsModule } from '../llms/llms.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { SearchModule } from '../search/search.module';
import { AbandonedTurns } from './abandoned-turns';
import { AgentsController } from './agents.controller';
import { AgentsRepository } from './agents.repository';
import { AgentsService } from './agents.service';
import { AttachmentsController } from './attachments.controller';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentsService } from './attachments.service';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { ConversationPresenter } from './conversation-presenter';
import { ConversationStore } from './conversation-store';
import { ConversationsController } from './conversations.controller';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';
import { RetrievalService } from './retrieval.service';
import { RunRegistry } from './run-registry';
import { RunsRepository } from './runs.repository';
import { TurnService } from './turn.service';
import { TurnRecorder } from './turn-recorder';

/**
 * The agents API under /api/v1: agents, their conversations, and the turns that
 * answer from the pipelines. CryptoModule provides the content cipher that seals
 * messages, citations and attachments; SearchModule the search every turn retrieves
 * through; FilesModule the reading of attached files.
 */
@Module({
  imports: [CryptoModule, FilesModule, LlmsModule, PipelinesModule, SearchModule],
  controllers: [AgentsController, AttachmentsController, ConversationsController, ChatController],
  providers: [
    AgentsRepository,
    AgentsService,
    AttachmentsRepository,
    AttachmentsService,
    ConversationsRepository,
    ConversationStore,
    ConversationPresenter,
    ConversationsService,
    RunsRepository,
    RunRegistry,
    AbandonedTurns,
    RetrievalService,
    TurnService,
    TurnRecorder,
    ChatService,
  ],
})
export class AgentsModule {}
