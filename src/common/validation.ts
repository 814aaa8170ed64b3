/**
 * Request validation with zod. A failure becomes one DomainError (422) whose message
 * names the offending field, e.g. `grants[0].permissions: must be at most 7`.
 *
 * The words are Trove's: a schema says its own where it has a better one, and every
 * other issue is worded by `issueMessage`, never by zod's defaults ("Invalid input:
 * expected object, received array"), which read as a library talking and change with
 * its versions.
 */
import { z } from 'zod';
import { CommonErrorReason, invalid } from './errors';
import { formatPath, PathSegment } from './input-guard';
import { checkJsonSizes } from './json-bounds';

/** Field names a client sent, as messages show them: at most this many characters. */
const MAX_NAME_SHOWN = 100;

export function describeIssue(issue: z.core.$ZodIssue): string {
  const path: PathSegment[] = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
  // An unknown field is named itself: `grants[0].bogus: unknown field`.
  if (issue.code === 'unrecognized_keys')
    return `${formatPath([...path, issue.keys[0].slice(0, MAX_NAME_SHOWN)])}: unknown field`;
  return `${path.length === 0 ? 'body' : formatPath(path)}: ${issue.message}`;
}

/** Trove's words for what zod found wrong, where the schema gave none (pass as `{ error: issueMessage }`). */
export const issueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'is required'
        : `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_small':
      return sizeMessage('at least', issue.origin, Number(issue.minimum), issue.inclusive !== false);
    case 'too_big':
      return sizeMessage('at most', issue.origin, Number(issue.maximum), issue.inclusive !== false);
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return issue.format in FORMAT_NAMES
        ? `must be ${FORMAT_NAMES[issue.format]}`
        : 'is not in the form this field takes';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return 'unknown field';
    case 'invalid_union':
      return 'matches none of the forms this field takes';
    case 'invalid_key':
      return 'has a key that is not valid';
    case 'invalid_element':
      return 'has an element that is not valid';
    default:
      return 'is not valid';
  }
};

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  record: 'an object',
  tuple: 'an array',
  null: 'null',
  date: 'a date',
};

const FORMAT_NAMES: Readonly<Record<string, string>> = {
  uuid: 'a UUID',
  datetime: 'an ISO 8601 date and time',
  date: 'an ISO 8601 date',
  url: 'a URL',
  email: 'an email address',
};

function sizeMessage(
  bound: 'at least' | 'at most',
  origin: string,
  limit: number,
  inclusive: boolean,
): string {
  if (origin === 'string') {
    if (bound === 'at least' && limit === 1) return 'must not be empty';
    return `must be ${bound} ${limit} characters`;
  }
  if (origin === 'array' || origin === 'set') {
    if (bound === 'at least' && limit === 1) return 'must not be empty';
    return `must hold ${bound} ${limit} items`;
  }
  if (!inclusive) return `must be ${bound === 'at least' ? 'greater' : 'less'} than ${limit}`;
  return `must be ${bound} ${limit}`;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: issueMessage });
  if (!result.success) throw invalid(CommonErrorReason.InvalidInput, describeIssue(result.error.issues[0]));
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

/**
 * The most classifications a pipeline defines (src/pipelines/pipelines.dto.ts); lists of
 * classification names elsewhere (a key's grants, a search) stop there too.
 */
export const MAX_CLASSIFICATIONS = 1000;

/** A required display name: trimmed, 1 to 200 characters. */
export const nameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');
