import { Module } from '@nestjs/common';
import { CryptoModule } from '../crypto/crypto.module';
import { DocumentsModule } from '../documents/documents.module';
import { PipelinesModule } from '../pipelines/pipelines.module';
import { FileParser } from './file-parser';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';
import { PendingFilesRepository } from './pending-files.repository';

/** Files in: parsing (in child processes), uploads, pending files. Other modules use FilesService. */
@Module({
  imports: [CryptoModule, DocumentsModule, PipelinesModule],
  controllers: [FilesController],
  providers: [FileParser, FilesService, PendingFilesRepository],
  exports: [FilesService],
})
export class FilesModule {}
