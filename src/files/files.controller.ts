import { Body, Controller, Delete, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { UuidParam } from '../common/uuid.pipe';
import { SETTINGS, Settings } from '../config/settings';
import { AsyncQuery, parseAsyncQuery } from '../documents/documents.dto';
import { parseProcessBody, parseUploadFields } from './files.dto';
import { FilesService } from './files.service';
import { PENDING_FILE_FILTERS } from './pending-files.repository';
import { MULTIPART_ROUTE, readMultipartUpload } from './multipart';
import { MODELS_CHANGED } from '../documents/ingestion.service';
import { ApiDoc } from '../openapi/api-doc';
import { pageOf } from '../common/wire';
import { DeletedFile, FileOutcome, FileResult, PendingFile } from './files.wire';
import { presentResult } from './file-views';

/** Processing a kept file: the full result, or only its outcome for a key that may not read. */
const ProcessResult = z.union([FileResult, FileOutcome]);

/** `?async=true|false`, the only query parameter of the routes that store. */
@Controller('pipelines/:id/files')
export class FilesController {
  constructor(
    private readonly files: FilesService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /**
   * multipart/form-data: `file` parts (one or more) and the fields of files.dto.ts.
   * 201 with one result per file (processed, or uploaded with `process=false`), or with
   * `?async=true` 202 (queued as one job).
   */
  @Post()
  @ApiDoc({
    summary: 'Upload files (multipart) as documents, or keep them for later (process=false)',
    multipart: true,
    body: {
      type: 'object',
      required: ['file', 'classification'],
      properties: {
        file: {
          type: 'array',
          items: { type: 'string', format: 'binary' },
          description: 'one part per file',
        },
        classification: { type: 'string' },
        metadata: { type: 'string', description: 'a JSON object' },
        external_id: { type: 'string' },
        text_splitter_id: { type: 'string' },
        chunk_size: { type: 'string' },
        chunk_overlap: { type: 'string' },
        process: { enum: ['true', 'false'] },
      },
    },
    query: AsyncQuery,
    response: z.array(FileResult),
    accepted: z.array(FileResult),
    errors: { 409: MODELS_CHANGED },
  })
  @RouteConfig(MULTIPART_ROUTE)
  async upload(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') pipelineId: string,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const queue = parseAsyncQuery(query);
    const permit = await this.files.permitWrite(auth, pipelineId);
    const upload = await readMultipartUpload(request, this.settings.files);
    const options = parseUploadFields(
      upload.fields,
      upload.files.length,
      queue,
      this.settings.limits.metadataMaxBytes,
    );
    const results = await this.files.upload(permit, upload.files, options);
    void reply.status(results.some((result) => result.status === 'queued') ? 202 : 201);
    return results.map(presentResult);
  }

  /** Uploaded files waiting to be processed. */
  @Get()
  @ApiDoc({
    summary: 'Files kept for later processing',
    list: { filters: PENDING_FILE_FILTERS },
    response: pageOf(PendingFile),
  })
  list(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') pipelineId: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.files.listPending(auth, pipelineId, query);
  }

  @Get(':fileId')
  @ApiDoc({ summary: 'A kept file', response: PendingFile })
  get(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') pipelineId: string,
    @UuidParam('fileId', 'file id') fileId: string,
  ) {
    return this.files.getPending(auth, pipelineId, fileId);
  }

  /** 201 with the document it became, or with `?async=true` 202 with the job; the pending file is gone. */
  @Post(':fileId/process')
  @ApiDoc({
    summary: 'Make a kept file a document',
    query: AsyncQuery,
    response: ProcessResult,
    accepted: ProcessResult,
    errors: { 409: `The file was processed or deleted meanwhile; or ${MODELS_CHANGED.toLowerCase()}` },
  })
  async process(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') pipelineId: string,
    @UuidParam('fileId', 'file id') fileId: string,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const result = await this.files.processPending(
      auth,
      pipelineId,
      fileId,
      parseProcessBody(body, parseAsyncQuery(query)),
    );
    void reply.status(result.status === 'queued' ? 202 : 201);
    return result;
  }

  @Delete(':fileId')
  @ApiDoc({
    summary: 'Discard a kept file (a key that may not read gets only its id)',
    response: z.union([PendingFile, DeletedFile]),
  })
  delete(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') pipelineId: string,
    @UuidParam('fileId', 'file id') fileId: string,
  ) {
    return this.files.deletePending(auth, pipelineId, fileId);
  }
}
