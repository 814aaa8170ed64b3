import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { LlmsController } from './llms.controller';
import { LlmsRepository } from './llms.repository';
import { LlmsService } from './llms.service';

/** CryptoModule provides the content cipher that seals API keys like fragment text. */
@Module({
  imports: [CryptoModule],
  controllers: [LlmsController],
  providers: [LlmsRepository, LlmsService],
  exports: [LlmsService],
})
export class LlmsModule {}
