/**
 * The files module's reader: the parser processes (parsing/parser-pool.ts) configured from
 * the settings, answering in the services' terms: a file at fault is a 422 naming it.
 */
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import * as path from 'node:path';
import { DomainError, ErrorCode, invalid } from '../common/errors';
import { SETTINGS, Settings } from '../config/settings';
import { FileRejected, ParsedFile } from './parsing/parsed-file';
import { ParserPool } from './parsing/parser-pool';
import { FileErrorReason } from './file-errors';

@Injectable()
export class FileParser implements OnModuleDestroy {
  private readonly logger = new Logger(FileParser.name);
  private readonly pool: ParserPool;

  constructor(@Inject(SETTINGS) settings: Settings) {
    const { parseWorkers, parseHeapMb, parseTimeoutMs, maxBytes, maxPages, maxCharacters, maxUnpackedBytes } =
      settings.files;
    this.pool = new ParserPool({
      processFile: path.join(__dirname, 'parsing', 'parse-process.js'),
      workers: parseWorkers,
      heapMb: parseHeapMb,
      timeoutMs: parseTimeoutMs,
      limits: { maxBytes, maxPages, maxCharacters, maxUnpackedBytes },
    });
  }

  /** The file's text blocks; a file at fault is refused with a 422 that names it. */
  async parse(filename: string, bytes: Uint8Array): Promise<ParsedFile> {
    try {
      return await this.pool.parse(bytes, filename);
    } catch (error) {
      if (error instanceof FileRejected)
        throw invalid(FileErrorReason.Refused, `File '${filename}': ${error.reason}`);
      // Where the reader failed is for the operator (the log, admin keys), not for every caller.
      const failed = `File '${filename}' could not be read: its reader failed on it`;
      throw new DomainError(FileErrorReason.ReaderFailed, ErrorCode.Internal, failed, undefined, {
        adminMessage: `${failed} (${(error as Error).message})`,
      });
    }
  }

  onModuleDestroy(): Promise<void> {
    return this.pool.close();
  }
}
