import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { FullTextSearch } from './full-text/full-text-search';
import { FullTextStatistics } from './full-text/full-text-statistics';
import { FullTextStatisticsRepository } from './full-text/full-text-statistics.repository';
import { FullTextRepository } from './full-text/full-text.repository';
import { FragmentsRepository } from './fragments.repository';
import { FragmentsService } from './fragments.service';
import { VectorIndexBuilds } from './vector-index/vector-index-builds';
import { VectorScanRepository } from './vector-search/vector-scan.repository';
import { VectorSearch } from './vector-search/vector-search';

/**
 * The fragments and their vectors (tables `fragments`, `fragment_embeddings` and the
 * vector indexes): written by documents, searched by search, indexed per model
 * vector embedding for pipelines, all through FragmentsService.
 */
@Module({
  imports: [CryptoModule],
  providers: [
    FragmentsRepository,
    FragmentsService,
    FullTextRepository,
    FullTextSearch,
    FullTextStatistics,
    FullTextStatisticsRepository,
    VectorIndexBuilds,
    VectorScanRepository,
    VectorSearch,
  ],
  exports: [FragmentsService],
})
export class FragmentsModule {}
