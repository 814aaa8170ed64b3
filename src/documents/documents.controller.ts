import { Body, Controller, Delete, Get, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AuthContext } from '../auth/auth-context';
import { Auth } from '../auth/auth.guard';
import { UuidParam } from '../common/uuid.pipe';
import { DocumentsService } from './documents.service';
import { ApiDoc, jsonSchemaOf } from '../openapi/api-doc';
import { MODELS_CHANGED } from './ingestion.service';
import { AsyncQuery, DocumentInputSchema, parseAsyncQuery } from './documents.dto';
import { DOCUMENT_FILTERS, DOCUMENT_LIST_OPTIONS } from './documents.repository';
import { z } from 'zod';
import { pageOf } from '../common/wire';
import { Fragment } from '../fragments/fragments.wire';
import { Document, DocumentVersion, ExpiredDocument, Job } from './documents.wire';

@Controller('pipelines/:id/documents')
export class DocumentsController {
  constructor(private readonly service: DocumentsService) {}

  /** 201 with the stored document(s), or with `?async=true` 202 with the queued job. */
  @Post()
  @ApiDoc({
    summary: 'Add documents (one or a list; ?async=true queues them as a job, 202)',
    query: AsyncQuery,
    body: {
      oneOf: [
        jsonSchemaOf(DocumentInputSchema, 'input'),
        { type: 'array', items: jsonSchemaOf(DocumentInputSchema, 'input') },
      ],
    },
    bodyExample: {
      content: 'Refunds are issued within 14 days.',
      classification: 'public',
      metadata: { source: 'faq' },
    },
    response: { oneOf: [jsonSchemaOf(Document, 'output'), jsonSchemaOf(z.array(Document), 'output')] },
    accepted: Job,
    errors: { 409: MODELS_CHANGED },
  })
  async add(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @Query() query: Record<string, unknown>,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const result = await this.service.add(auth, id, body, parseAsyncQuery(query));
    void reply.status(result.kind === 'queued' ? 202 : 201);
    return result.body;
  }

  @Get()
  @ApiDoc({
    summary: 'List documents',
    list: { filters: DOCUMENT_FILTERS, ...DOCUMENT_LIST_OPTIONS },
    response: pageOf(Document),
  })
  list(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.service.list(auth, id, query);
  }

  @Get(':documentId')
  @ApiDoc({ summary: 'Get a document', response: Document })
  get(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @UuidParam('documentId', 'document id') documentId: string,
  ) {
    return this.service.get(auth, id, documentId);
  }

  @Get(':documentId/fragments')
  @ApiDoc({ summary: "A document's fragments", list: {}, response: pageOf(Fragment) })
  fragments(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @UuidParam('documentId', 'document id') documentId: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.service.fragments(auth, id, documentId, query);
  }

  @Get(':documentId/versions')
  @ApiDoc({
    summary: "A document's versions, oldest first (paged on the version number)",
    list: { cursor: 'a version number' },
    response: pageOf(DocumentVersion),
  })
  versions(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @UuidParam('documentId', 'document id') documentId: string,
    @Query() query: Record<string, unknown>,
  ) {
    return this.service.versions(auth, id, documentId, query);
  }

  /** Expires the document (200 with it, `expired_at` set); its rows stay for audit. */
  @Delete(':documentId')
  @ApiDoc({
    summary: 'Expire a document (its fragments leave search)',
    description: 'Answers the expired document; a key that may not read gets only its id and expiry.',
    response: z.union([Document, ExpiredDocument]),
  })
  expire(
    @Auth() auth: AuthContext,
    @UuidParam('id', 'pipeline id') id: string,
    @UuidParam('documentId', 'document id') documentId: string,
  ) {
    return this.service.expire(auth, id, documentId);
  }
}
