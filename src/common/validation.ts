/**
 * Request validation with zod. A failure becomes one DomainError (422) whose message
 * names the offending field, e.g. `grants[0].permissions: must be at most 7`.
 */
import { z } from 'zod';
import { invalid } from './errors';
import { formatPath } from './input-guard';

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

/** A required display name: trimmed, 1 to 200 characters. */
export const nameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');
