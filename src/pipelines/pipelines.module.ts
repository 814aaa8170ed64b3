import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { FragmentsModule } from '../fragments/fragments.module';
import { RerankersModule } from '../rerankers/rerankers.module';
import { PipelinesController } from './pipelines.controller';
import { PipelinesRepository } from './pipelines.repository';
import { PipelinesService } from './pipelines.service';

/** Exports PipelinesService: every module acting on a pipeline gets it through `access`. */
@Module({
  imports: [CatalogueModule, FragmentsModule, RerankersModule],
  controllers: [PipelinesController],
  providers: [PipelinesRepository, PipelinesService],
  exports: [PipelinesService],
})
export class PipelinesModule {}
