import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { RerankersController } from './rerankers.controller';
import { RerankersRepository } from './rerankers.repository';
import { RerankersService } from './rerankers.service';

/** The reranker registry (table `rerankers`) and reranking, which search asks for. */
@Module({
  imports: [CryptoModule],
  controllers: [RerankersController],
  providers: [RerankersRepository, RerankersService],
  exports: [RerankersService],
})
export class RerankersModule {}
