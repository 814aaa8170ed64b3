/**
 * Request validation with zod. A failure becomes one DomainError (422) whose message
 * names the offending field, e.g. `grants[0].permissions: must be at most 7`.
 */
import { z } from 'zod';
import { invalid } from './errors';
import { formatPath } from './input-guard';
import { checkJsonSizes } from './json-bounds';

export function describeIssue(issue: z.core.$ZodIssue): string {
  const where =
    issue.path.length === 0
      ? 'body'
      : formatPath(issue.path.map((part) => (typeof part === 'number' ? part : String(part))));
  return `${where}: ${issue.message}`;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(describeIssue(result.error.issues[0]));
  return result.data;
}

/**
 * parseWith, then TROVE_METADATA_MAX_BYTES (`maxBytes`) on each of `jsonFields`: the
 * parts of a body that are stored as free-form JSON, whose size no schema bounds.
 */
export function parseBounded<S extends z.ZodType>(
  schema: S,
  value: unknown,
  jsonFields: readonly string[],
  maxBytes: number,
): z.output<S> {
  const parsed = parseWith(schema, value);
  checkJsonSizes(parsed as Record<string, unknown>, jsonFields, maxBytes);
  return parsed;
}

/** A required display name: trimmed, 1 to 200 characters. */
export const nameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');
