import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { PipelinesController } from './pipelines.controller';
import { PipelinesRepository } from './pipelines.repository';
import { PipelinesService } from './pipelines.service';

@Module({
  imports: [CatalogueModule],
  controllers: [PipelinesController],
  providers: [PipelinesRepository, PipelinesService],
  exports: [PipelinesService, PipelinesRepository],
})
export class PipelinesModule {}
