import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { FragmentSearchRepository } from './fragment-search.repository';
import { FragmentsRepository } from './fragments.repository';
import { FragmentsService } from './fragments.service';
import { VectorIndexBuilds } from './vector-index-builds';

/**
 * The fragments and their vectors (tables `fragments`, `fragment_embeddings` and the
 * vector indexes): written by documents, searched by search, indexed per model
 * vector embedding for pipelines, all through FragmentsService.
 */
@Module({
  imports: [CryptoModule],
  providers: [FragmentsRepository, FragmentSearchRepository, FragmentsService, VectorIndexBuilds],
  exports: [FragmentsService],
})
export class FragmentsModule {}
