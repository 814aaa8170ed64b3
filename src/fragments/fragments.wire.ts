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
/**
 * A fragment as fragment-view.ts presents it. `page_content` is left out when the text
 * is empty, as the published servers' answers do, though the document lists it among
 * the required fields as published.
 */
export type FragmentView = Omit<z.output<typeof Fragment>, 'page_content'> & { page_content?: string };
