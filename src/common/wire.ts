/**
 * The pieces every module's answer schemas (`<module>.wire.ts`) are made of: zod
 * schemas of the wire, which the OpenAPI document publishes (src/openapi/api-doc.ts)
 * and from which each module derives its view types (`z.output`), so an answer and
 * its description cannot drift apart.
 */
import { z } from 'zod';

export const id = z.string().describe('a UUID');
export const timestamp = z.string().describe('ISO 8601');
export const metadata = z.record(z.string(), z.unknown());

/** One page of a list (src/common/list.ts): `data`, cursors and counts, and the filters understood. */
export const pageOf = (item: z.ZodType) =>
  z.object({
    data: z.array(item),
    page_info: z.object({
      after: z.string().nullable(),
      before: z.string().nullable(),
      count: z.number().int(),
      has_next: z.boolean(),
      has_prev: z.boolean(),
      total: z
        .number()
        .int()
        .optional()
        .describe('with `total=true` (lists that count): every item the filters match, on every page'),
    }),
    query_info: z.array(z.unknown()),
  });
