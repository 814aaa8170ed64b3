import { Module } from '@nestjs/common';
import { EmbeddingsModule } from '../embeddings/embeddings.module';
import { FragmentsModule } from '../fragments/fragments.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { RerankersModule } from '../rerankers/rerankers.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/**
 * Search owns no table: it reads fragments through FragmentsService. Exports
 * SearchService: the MCP `search_knowledge` tool and agents' retrieval call the same
 * service as REST.
 */
@Module({
  imports: [EmbeddingsModule, FragmentsModule, PipelinesModule, RerankersModule],
  controllers: [SearchController],
  providers: [SearchService],
  exports: [SearchService],
})
export class SearchModule {}
