import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { CryptoModule } from '../crypto/crypto.module';
import { EmbeddingsModule } from '../embeddings/embeddings.module';
import { FragmentsModule } from '../fragments/fragments.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { DocumentsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';
import { IngestionService } from './ingestion.service';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { JobsWorker } from './jobs.worker';

/**
 * Documents and the ingestion jobs queue (tables `documents`, `jobs`): their text
 * becomes fragments through FragmentsModule. Exports DocumentsService, which files
 * store their documents through.
 */
@Module({
  imports: [CatalogueModule, CryptoModule, EmbeddingsModule, FragmentsModule, PipelinesModule],
  controllers: [DocumentsController, JobsController],
  providers: [
    DocumentsRepository,
    DocumentsService,
    IngestionService,
    JobsRepository,
    JobsService,
    JobsWorker,
  ],
  exports: [DocumentsService],
})
export class DocumentsModule {}
