import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { EmbeddingsModule } from '../embeddings/embeddings.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { SearchController } from './search.controller';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/** Exports SearchService: the MCP `search_knowledge` tool calls the same service as REST. */
@Module({
  imports: [DocumentsModule, EmbeddingsModule, PipelinesModule],
  controllers: [SearchController],
  providers: [SearchRepository, SearchService],
  exports: [SearchService],
})
export class SearchModule {}
