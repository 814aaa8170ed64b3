import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module';
import { LlmsController } from './llms.controller';
import { LlmsRepository } from './llms.repository';
import { LlmsService } from './llms.service';

/** DocumentsModule provides the content cipher that seals API keys like fragment text. */
@Module({
  imports: [DocumentsModule],
  controllers: [LlmsController],
  providers: [LlmsRepository, LlmsService],
  exports: [LlmsService],
})
export class LlmsModule {}
