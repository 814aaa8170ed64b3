/**
 * The fields of an upload (multipart form fields, so strings) and of a request to
 * process a pending file (JSON), validated into the options the service takes.
 */
import { z } from 'zod';
import { invalid } from '../common/errors';
import { isUuid } from '../common/ids';
import { checkJsonInput } from '../common/input-guard';
import { checkMetadata } from '../common/json-bounds';
import { parseWith } from '../common/validation';
import { FileErrorReason } from './file-errors';

/** A file as received: its own name (no directory) and its bytes. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
  /** The part's own Content-Type, when it gave a meaningful one (not octet-stream); bytes and name decide the kind. */
  declaredType?: string;
}

/** How files become documents; shared by every file of one upload. */
export interface FileOptions {
  classification: string;
  /** The uploader's metadata; the file's own facts (filename, sha256...) are added to it. */
  metadata: Record<string, unknown>;
  /** Null: the file name, so uploading a changed file makes a new version. */
  externalId: string | null;
  textSplitterId: string | null;
  chunkSize: number | null;
  chunkOverlap: number | null;
}

export interface UploadOptions extends FileOptions {
  /** False: keep the file, encrypted, until `POST .../files/{id}/process`. */
  process: boolean;
  /** Process through the jobs queue and answer 202 at once. */
  queue: boolean;
}

/** What processing a pending file may change from what its upload said. */
export interface ProcessOptions {
  textSplitterId?: string;
  chunkSize?: number;
  chunkOverlap?: number;
  queue: boolean;
}

const MAX_CHUNK_SIZE = 100_000;

const integerText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be an integer from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be an integer from ${min} to ${max}`);

const integer = (min: number, max: number) => {
  const message = `must be an integer from ${min} to ${max}`;
  return z.int({ error: message }).min(min, message).max(max, message);
};

const splitterId = z
  .string({ error: 'must be a text splitter UUID' })
  .refine(isUuid, 'must be a text splitter UUID')
  .transform((v) => v.toLowerCase());

const UploadFieldsSchema = z.strictObject({
  classification: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  metadata: z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return {};
      let parsed = value;
      if (typeof value === 'string') {
        try {
          parsed = JSON.parse(value);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
          return z.NEVER;
        }
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
      return parsed as Record<string, unknown>;
    }),
  external_id: z.string().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters').optional(),
  text_splitter_id: splitterId.optional(),
  chunk_size: integerText(1, MAX_CHUNK_SIZE).optional(),
  chunk_overlap: integerText(0, MAX_CHUNK_SIZE - 1).optional(),
  process: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
});

export const UPLOAD_FIELDS = Object.keys(UploadFieldsSchema.shape);

/**
 * The form fields of an upload of `fileCount` files. The metadata, JSON in a text
 * field, obeys the rules of a JSON body once parsed, and a document's bounds
 * (`metadataMaxBytes`: TROVE_METADATA_MAX_BYTES).
 */
export function parseUploadFields(
  fields: Record<string, unknown>,
  fileCount: number,
  queue: boolean,
  metadataMaxBytes: number,
): UploadOptions {
  const unknown = Object.keys(fields).find((name) => !UPLOAD_FIELDS.includes(name));
  if (unknown !== undefined) {
    throw invalid(
      FileErrorReason.InvalidUpload,
      `field ${unknown}: not a field of a file upload; expected file(s), ${UPLOAD_FIELDS.join(', ')}`,
    );
  }
  const parsed = parseWith(UploadFieldsSchema, fields);
  if (parsed.external_id !== undefined && fileCount > 1) {
    throw invalid(
      FileErrorReason.InvalidUpload,
      'external_id: names one document, so it goes with a single file; each of several files is named by its file name',
    );
  }
  checkJsonInput(parsed.metadata, ['metadata']);
  checkMetadata('metadata', parsed.metadata, metadataMaxBytes);
  checkOverlap(parsed.chunk_size, parsed.chunk_overlap);
  return {
    classification: parsed.classification,
    metadata: parsed.metadata,
    externalId: parsed.external_id ?? null,
    textSplitterId: parsed.text_splitter_id ?? null,
    chunkSize: parsed.chunk_size ?? null,
    chunkOverlap: parsed.chunk_overlap ?? null,
    process: parsed.process === 'true',
    queue,
  };
}

const ProcessBodySchema = z.strictObject({
  text_splitter_id: splitterId.optional(),
  chunk_size: integer(1, MAX_CHUNK_SIZE).optional(),
  chunk_overlap: integer(0, MAX_CHUNK_SIZE - 1).optional(),
});

/** The optional JSON body of `POST .../files/{id}/process`. */
export function parseProcessBody(body: unknown, queue: boolean): ProcessOptions {
  const parsed = parseWith(ProcessBodySchema, body ?? {});
  checkOverlap(parsed.chunk_size, parsed.chunk_overlap);
  return {
    ...(parsed.text_splitter_id === undefined ? {} : { textSplitterId: parsed.text_splitter_id }),
    ...(parsed.chunk_size === undefined ? {} : { chunkSize: parsed.chunk_size }),
    ...(parsed.chunk_overlap === undefined ? {} : { chunkOverlap: parsed.chunk_overlap }),
    queue,
  };
}

function checkOverlap(size: number | undefined, overlap: number | undefined): void {
  if (size !== undefined && overlap !== undefined && overlap >= size) {
    throw invalid(FileErrorReason.InvalidUpload, `chunk_overlap: must be less than chunk_size (${size})`);
  }
}
