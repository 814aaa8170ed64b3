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
import { JobRunners } from './job-runner';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { JobsWorker } from './jobs.worker';
import { PipelineEditController } from './pipeline-edit.controller';
import { ReindexService } from './reindex.service';

/**
 * Documents and the ingestion jobs queue (tables `documents`, `jobs`): their text
 * becomes fragments through FragmentsModule. Exports DocumentsService, which files
 * store their documents through, and ReindexService, which edits a pipeline's models
 * and full text (PATCH /pipelines/{id}, the operator) and gives its stored fragments
 * what the edit added. JobsService and JobRunners let other modules queue and run jobs
 * of their own kinds (evaluations) on the same queue.
 */
@Module({
  imports: [CatalogueModule, CryptoModule, EmbeddingsModule, FragmentsModule, PipelinesModule],
  controllers: [DocumentsController, JobsController, PipelineEditController],
  providers: [
    DocumentsRepository,
    DocumentsService,
    IngestionService,
    JobRunners,
    JobsRepository,
    JobsService,
    JobsWorker,
    ReindexService,
  ],
  exports: [DocumentsService, JobRunners, JobsService, ReindexService],
})
export class DocumentsModule {}
