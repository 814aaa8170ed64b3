import { Module } from '@nestjs/common';
import { EmbeddingsModule } from '../embeddings/embeddings.module';
import { CatalogueController } from './catalogue.controller';
import { CatalogueRepository } from './catalogue.repository';
import { CatalogueService } from './catalogue.service';

@Module({
  imports: [EmbeddingsModule],
  controllers: [CatalogueController],
  providers: [CatalogueRepository, CatalogueService],
  exports: [CatalogueService],
})
export class CatalogueModule {}
