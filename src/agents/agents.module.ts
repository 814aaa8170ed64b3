import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { LlmsModule } from '../llms/llms.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { SearchModule } from '../search/search.module';
import { AgentsController } from './agents.controller';
import { AgentsRepository } from './agents.repository';
import { AgentsService } from './agents.service';
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
 * messages and citations; SearchModule the search every turn retrieves through.
 */
@Module({
  imports: [CryptoModule, LlmsModule, PipelinesModule, SearchModule],
  controllers: [AgentsController, ConversationsController, ChatController],
  providers: [
    AgentsRepository,
    AgentsService,
    ConversationsRepository,
    ConversationStore,
    ConversationPresenter,
    ConversationsService,
    RunsRepository,
    RunRegistry,
    RetrievalService,
    TurnService,
    TurnRecorder,
    ChatService,
  ],
})
export class AgentsModule {}
