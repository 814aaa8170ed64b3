/** A fragment as answers show it (a document's fragments; search hits extend it). */
import { z } from 'zod';
import { id, metadata, timestamp } from '../common/wire';

export const Fragment = z.object({
  id,
  document_id: id,
  order_id: z.number().int(),
  page_content: z.string(),
  classification: z.string(),
  metadata,
  version: z.number().int(),
  expired_at: timestamp.nullable(),
});
