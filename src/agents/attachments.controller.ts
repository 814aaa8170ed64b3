import { Controller, Delete, HttpCode, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthContext } from '../auth/auth-context';
import { AcceptsBearer, Auth, RequireScope } from '../auth/auth.guard';
import { badRequest, hasReason } from '../common/errors';
import { MULTIPART_ROUTE, readMultipartUpload } from '../files/multipart';
import { ApiErrorFilter } from './api-error.filter';
import { AttachmentsService } from './attachments.service';
import { ApiDoc } from '../openapi/api-doc';
import { AttachmentsUploaded } from './wire/answers';
import { z } from 'zod';
import { AgentErrorReason } from './agent-errors';
import { FileErrorReason } from '../files/file-errors';

/**
 * Chat attachments (ops 8 and 9). The upload is the only multipart route of the
 * agents API. The delete answers as the document's gateway does: an empty body with
 * 204, or with the status of what went wrong (404: no such attachment of this key),
 * and `{"error": "<field> is required"}` for a blank path parameter.
 */
@Controller('api/v1/agents/:agentKey/conversations/attachments')
@UseFilters(ApiErrorFilter)
@AcceptsBearer()
export class AttachmentsController {
  constructor(private readonly attachments: AttachmentsService) {}

  /** multipart/form-data: `files` parts (1 to 10) and an optional `conversationId`. */
  @Post('upload')
  @ApiDoc({
    summary: 'Upload files to attach to a turn',
    multipart: true,
    body: {
      type: 'object',
      required: ['files'],
      properties: {
        files: {
          type: 'array',
          items: { type: 'string', format: 'binary' },
          minItems: 1,
          maxItems: 10,
          description: 'PDF, DOCX, XLSX, CSV, TSV, Markdown, plain text or JPEG/PNG',
        },
        conversationId: { type: 'string', description: 'the conversation the files are for' },
      },
    },
    response: AttachmentsUploaded,
  })
  @HttpCode(200)
  @RouteConfig(MULTIPART_ROUTE)
  @RequireScope('agent:execute', 'missing')
  async upload(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Req() request: FastifyRequest,
  ) {
    const agent = await this.attachments.requireAgent(auth, agentKey);
    const upload = await readMultipartUpload(request, this.attachments.limits, ['files']).catch(
      (error: unknown) => {
        // The document answers a file over the limit as a 400 (a Multer rejection), not a 413.
        if (hasReason(error, FileErrorReason.TooLarge))
          throw badRequest(
            AgentErrorReason.AttachmentTooLarge,
            error.message.replace(/^Payload Too Large: /, ''),
          );
        throw error;
      },
    );
    return this.attachments.upload(auth, agent, upload.files, upload.fields);
  }

  @Delete(':recordId')
  @ApiDoc({
    summary: 'Delete an attachment',
    errors: {
      400: { description: 'A blank path parameter', schema: z.object({ error: z.string() }) },
      404: { description: 'No such attachment of this key (no body)', schema: null },
    },
  })
  @HttpCode(204)
  @RequireScope('agent:execute', 'missing')
  async delete(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('recordId') recordId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const blank = [
      ['agentKey', agentKey],
      ['recordId', recordId],
    ].find(([, value]) => (value ?? '').trim() === '');
    if (blank) {
      void reply.status(400).send({ error: `${blank[0]} is required` });
      return;
    }
    const deleted = await this.attachments.delete(auth, agentKey.trim(), recordId.trim());
    void reply.status(deleted ? 204 : 404).send();
  }
}
