import { z } from 'zod';
import { invalid } from '../common/errors';
import { isUuid } from '../common/ids';
import { checkMetadata } from '../common/json-bounds';
import { parseWith } from '../common/validation';
import { DocumentErrorReason } from './document-errors';

/** The most documents one call (or one job) may carry. */
export const MAX_DOCUMENTS_PER_CALL = 1000;

export const DocumentInputSchema = z.strictObject({
  content: z
    .string({ error: 'is required and must be a string' })
    .refine((text) => text.trim() !== '', 'must contain text: a document without text has nothing to search'),
  classification: z.string({ error: 'is required and must be a string' }).min(1, 'must not be empty'),
  metadata: z
    .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
    .nullable()
    .optional()
    .transform((m) => m ?? {}),
  external_id: z
    .string({ error: 'must be a string or null' })
    .min(1, 'must not be empty')
    .max(1000, 'must be at most 1000 characters')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  text_splitter_id: z
    .string({ error: 'must be a text splitter UUID' })
    .refine(isUuid, 'must be a text splitter UUID')
    .transform((v) => v.toLowerCase())
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});
export type DocumentInput = z.output<typeof DocumentInputSchema>;

const DocumentBatchSchema = z
  .array(DocumentInputSchema)
  .min(1, 'must hold at least one document')
  .max(MAX_DOCUMENTS_PER_CALL, `must hold at most ${MAX_DOCUMENTS_PER_CALL} documents`);

/**
 * One document object, or an array of them; `batch` says which, so the answer has
 * the same shape. `metadataMaxBytes` is TROVE_METADATA_MAX_BYTES.
 */
export function parseDocumentsBody(
  body: unknown,
  metadataMaxBytes: number,
): { batch: boolean; documents: DocumentInput[] } {
  if (typeof body !== 'object' || body === null) {
    throw invalid(
      DocumentErrorReason.InvalidInput,
      'body: expected a document object or an array of documents',
    );
  }
  const batch = Array.isArray(body);
  const documents = batch ? parseWith(DocumentBatchSchema, body) : [parseWith(DocumentInputSchema, body)];
  documents.forEach((document, i) =>
    checkMetadata(batch ? `[${i}].metadata` : 'metadata', document.metadata, metadataMaxBytes),
  );
  return { batch, documents };
}

/** The one query parameter of the routes that store documents (documents, uploads, kept files). */
export const AsyncQuery = z.object({
  async: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .describe('Queue the work as a job and answer 202 with it (default false; any letter case)'),
});

/** `?async=true|false`: whether to queue; any other parameter is refused. */
export function parseAsyncQuery(query: Record<string, unknown> | undefined): boolean {
  const unknown = Object.keys(query ?? {}).find((key) => key !== 'async');
  if (unknown)
    throw invalid(
      DocumentErrorReason.InvalidInput,
      `query parameter ${unknown}: not supported here; the only one is async`,
    );
  const value = query?.async;
  if (value === undefined) return false;
  const raw = String(value).toLowerCase();
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw invalid(
    DocumentErrorReason.InvalidInput,
    `query parameter async: expected true or false, got '${String(value)}'`,
  );
}
