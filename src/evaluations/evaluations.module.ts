import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { DocumentsModule } from '../documents/documents.module';
import { FragmentsModule } from '../fragments/fragments.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { SearchModule } from '../search/search.module';
import { EvaluationCipher } from './evaluation-cipher';
import { EvaluationGauges } from './evaluation-gauges';
import { EvaluationRunner } from './evaluation-runner';
import { EvaluationsController } from './evaluations.controller';
import { EvaluationsRepository } from './evaluations.repository';
import { EvaluationsService } from './evaluations.service';

/**
 * Retrieval evaluations (tables `evaluations`, `evaluation_queries`): labelled queries
 * searched through SearchService by jobs of kind `evaluation` on the documents module's
 * queue (its runner registers with JobRunners), relevant items resolved through
 * DocumentsService and FragmentsService.
 */
@Module({
  imports: [CryptoModule, DocumentsModule, FragmentsModule, PipelinesModule, SearchModule],
  controllers: [EvaluationsController],
  providers: [
    EvaluationCipher,
    EvaluationGauges,
    EvaluationRunner,
    EvaluationsRepository,
    EvaluationsService,
  ],
})
export class EvaluationsModule {}
