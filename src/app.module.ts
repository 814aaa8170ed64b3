import { DynamicModule, Module } from '@nestjs/common';
import { AgentsModule } from './agents/agents.module';
import { AuthModule } from './auth/auth.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { ConfigModule } from './config/config.module';
import { Settings } from './config/settings';
import { DatabaseModule } from './database/database.module';
import { DocumentsModule } from './documents/documents.module';
import { EmbeddingsModule } from './embeddings/embeddings.module';
import { EvaluationsModule } from './evaluations/evaluations.module';
import { FilesModule } from './files/files.module';
import { IdentityModule } from './identity/identity.module';
import { LlmsModule } from './llms/llms.module';
import { RerankersModule } from './rerankers/rerankers.module';
import { GuidedMindModule } from './mcp/guided-mind/guided-mind.module';
import { ChatGptModule } from './mcp/chatgpt/chatgpt.module';
import { McpModule } from './mcp/mcp.module';
import { OAuthModule } from './oauth/oauth.module';
import { OperatorModule } from './operator/operator.module';
import { ServiceGateway } from './operator/service-gateway';
import { ObservabilityModule } from './observability/observability.module';
import { OpenApiModule } from './openapi/openapi.module';
import { PipelinesModule } from './pipelines/pipelines.module';
import { SearchModule } from './search/search.module';

@Module({})
export class AppModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(settings),
        DatabaseModule,
        ObservabilityModule.forRoot(settings),
        AuthModule,
        IdentityModule,
        EmbeddingsModule,
        CatalogueModule,
        PipelinesModule,
        DocumentsModule,
        FilesModule,
        SearchModule,
        EvaluationsModule,
        OAuthModule,
        McpModule,
        GuidedMindModule,
        ChatGptModule,
        LlmsModule,
        RerankersModule,
        AgentsModule,
        OpenApiModule,
        OperatorModule.forRoot({
          imports: [PipelinesModule, CatalogueModule, DocumentsModule],
          useClass: ServiceGateway,
        }),
      ],
    };
  }
}
