/**
 * The multipart edge of uploads. Only the upload routes take `multipart/form-data`
 * (marked with MULTIPART_ROUTE: the files upload, the agents' attachment upload);
 * every other route keeps answering 415 to anything but JSON, as before multipart
 * support existed. Reading an upload enforces the limits on the way in (files, bytes
 * per file, bytes per request, fields) and turns every way a multipart body can be
 * wrong into a 4xx DomainError, which each edge words its own way.
 */
import fastifyMultipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import * as path from 'node:path';
import { DomainError, ErrorCode, invalid } from '../common/errors';
import { formFieldProblem } from '../common/input-guard';
import { Settings } from '../config/settings';
import { UploadedFile } from './files.dto';
import { FileErrorReason } from './file-errors';

/** Route config (`@RouteConfig(MULTIPART_ROUTE)`) of the routes that read multipart bodies. */
export const MULTIPART_ROUTE = { multipartUpload: true };

/** Form fields of a file, unless a route names its own: one or several files may be sent under either name. */
const FILE_FIELDS = ['file', 'files'];
const MAX_FIELDS = 16;
const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_FILENAME = 255;

/** Thrown from a hook, so the error filter of the path's edge words it (`{"detail"}`, or ErrorResponse under /api/v1). */
const unsupportedMediaType = (expected: string) =>
  Object.assign(new Error(`Unsupported Media Type: send ${expected}`), { statusCode: 415 });

export interface MultipartUpload {
  files: UploadedFile[];
  /** Text fields; a field sent as application/json arrives parsed. */
  fields: Record<string, unknown>;
}

/** What one upload request may carry, checked as it streams in (what each file may hold once read: FileLimits). */
export type UploadLimits = Pick<Settings['files'], 'maxBytes' | 'maxRequestBytes' | 'maxPerRequest'>;

export async function registerMultipart(app: NestFastifyApplication, limits: UploadLimits): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: limits.maxBytes,
      files: limits.maxPerRequest,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: limits.maxPerRequest + MAX_FIELDS,
      headerPairs: 100,
    },
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', async (request: FastifyRequest) => {
      // A scope that reads its own bodies (/mcp, which owns its 415) has no multipart parser: stay out.
      if (!request.server.hasContentTypeParser('multipart/form-data')) return;
      const multipartRoute = (request.routeOptions.config as { multipartUpload?: boolean } | undefined)
        ?.multipartUpload;
      const multipartBody = /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
      if (multipartRoute && !multipartBody) throw unsupportedMediaType('multipart/form-data');
      if (!multipartRoute && multipartBody && hasBody(request))
        throw unsupportedMediaType('application/json');
    });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Reads every part of an upload into memory, within the limits (the route's own,
 * when tighter than the plugin's). `fileFields`: the form fields that carry files.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  limits: UploadLimits,
  fileFields: readonly string[] = FILE_FIELDS,
): Promise<MultipartUpload> {
  const files: UploadedFile[] = [];
  const fields: Record<string, unknown> = {};
  const named = fileFields.map((name) => `'${name}'`).join(' or ');
  let total = 0;
  const parts = request.parts({
    limits: {
      fileSize: limits.maxBytes,
      files: limits.maxPerRequest,
      parts: limits.maxPerRequest + MAX_FIELDS,
    },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          throw invalid(
            FileErrorReason.InvalidUpload,
            `field ${part.fieldname}: a file was sent here; send files as ${named}`,
          );
        }
        const filename = cleanFilename(part.filename, files.length);
        const tooLarge = () =>
          new DomainError(
            FileErrorReason.TooLarge,
            ErrorCode.PayloadTooLarge,
            `Payload Too Large: file '${filename}' has more than ${limits.maxBytes} bytes, the most one file may have`,
          );
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          total += chunk.length;
          // Refuse at the limit, not at the end of the part: a client may send much more.
          if (part.file.truncated || size > limits.maxBytes) throw tooLarge();
          if (total > limits.maxRequestBytes) {
            throw new DomainError(
              FileErrorReason.TooLarge,
              ErrorCode.PayloadTooLarge,
              `Payload Too Large: the files of one request may have at most ${limits.maxRequestBytes} bytes together`,
            );
          }
          chunks.push(chunk);
        }
        if (part.file.truncated) throw tooLarge();
        files.push({ filename, bytes: Buffer.concat(chunks), declaredType: declaredType(part.mimetype) });
      } else {
        if (part.fieldnameTruncated || part.valueTruncated) {
          throw invalid(
            FileErrorReason.InvalidUpload,
            `field ${part.fieldname.slice(0, 100)}: longer than ${MAX_FIELD_BYTES} bytes`,
          );
        }
        // The input rules of every JSON body hold for form fields too: no handler sees one that breaks them.
        const problem = formFieldProblem(part.fieldname, part.value);
        if (problem) throw invalid(FileErrorReason.InvalidUpload, problem);
        if (fileFields.includes(part.fieldname)) {
          throw invalid(
            FileErrorReason.InvalidUpload,
            `field ${part.fieldname}: expected a file (a part with a filename), got a text field`,
          );
        }
        if (part.fieldname in fields)
          throw invalid(FileErrorReason.InvalidUpload, `field ${part.fieldname}: sent more than once`);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error, limits);
  }
  if (files.length === 0)
    throw invalid(
      FileErrorReason.InvalidUpload,
      `${fileFields[0]}: no file was sent; send one or more as '${fileFields[0]}' parts`,
    );
  return { files, fields };
}

/** The part's Content-Type, without parameters; none when it says nothing (absent, or octet-stream). */
function declaredType(mimetype: string | undefined): string | undefined {
  const type = (mimetype ?? '').split(';')[0].trim().toLowerCase();
  return type === '' || type === 'application/octet-stream' ? undefined : type;
}

function cleanFilename(raw: string | undefined, index: number): string {
  const name = path.posix.basename((raw ?? '').replace(/\\/g, '/')).trim();
  if (name === '' || /[\u0000-\u001f\u007f]/.test(name) || name.length > MAX_FILENAME) {
    throw invalid(
      FileErrorReason.InvalidUpload,
      `files[${index}]: needs a file name of 1 to ${MAX_FILENAME} printable characters (the filename of its Content-Disposition)`,
    );
  }
  return name;
}

/** The multipart plugin's and busboy's errors, as the 4xx they are. */
function uploadError(error: unknown, limits: UploadLimits): unknown {
  if (error instanceof DomainError) return error;
  const { code } = error as { code?: string };
  switch (code) {
    case 'FST_FILES_LIMIT':
      return invalid(
        FileErrorReason.InvalidUpload,
        `Too many files: one request may carry at most ${limits.maxPerRequest}`,
      );
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return invalid(
        FileErrorReason.InvalidUpload,
        `Too many form fields: an upload has at most ${MAX_FIELDS}`,
      );
    case 'FST_PROTO_VIOLATION':
      return invalid(FileErrorReason.InvalidUpload, 'A form field name is not allowed');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return invalid(
        FileErrorReason.InvalidUpload,
        'A form field sent as application/json is not valid JSON',
      );
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError(
        FileErrorReason.TooLarge,
        ErrorCode.PayloadTooLarge,
        `Payload Too Large: a file has more than ${limits.maxBytes} bytes, the most one file may have`,
      );
  }
  // busboy names no reason its callers could tell apart, and its words are its own: one refusal.
  return new DomainError(
    FileErrorReason.MalformedUpload,
    ErrorCode.BadRequest,
    'Malformed multipart body: it is not well-formed multipart/form-data, or it ended early',
  );
}
