import { Module } from '@nestjs/common';
import { EmbeddingsService } from './embeddings.service';

/** Imports nothing: SETTINGS comes from the global configuration module. */
@Module({
  providers: [EmbeddingsService],
  exports: [EmbeddingsService],
})
export class EmbeddingsModule {}
