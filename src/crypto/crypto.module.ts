import { Module } from '@nestjs/common';
import { ContentCipher } from './content-cipher';

/**
 * Encryption at rest, for every module that stores text or secrets: fragments,
 * queued jobs, pending files, LLM API keys, agents' messages and citations. Each
 * caller binds its values to its own rows (the additional authenticated data it
 * passes), so the cipher knows nothing of any table.
 */
@Module({
  providers: [ContentCipher],
  exports: [ContentCipher],
})
export class CryptoModule {}
