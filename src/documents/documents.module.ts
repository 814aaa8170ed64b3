import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { EmbeddingsModule } from '../embeddings/embeddings.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { ContentCipher } from './content-cipher';
import { DocumentsController } from './documents.controller';
import { JobsController } from './jobs.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';
import { IngestionService } from './ingestion.service';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { JobsWorker } from './jobs.worker';

@Module({
  imports: [CatalogueModule, EmbeddingsModule, PipelinesModule],
  controllers: [DocumentsController, JobsController],
  providers: [
    ContentCipher,
    DocumentsRepository,
    DocumentsService,
    IngestionService,
    JobsRepository,
    JobsService,
    JobsWorker,
  ],
  exports: [ContentCipher, DocumentsService],
})
export class DocumentsModule {}
