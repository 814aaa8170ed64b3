import { z } from 'zod';
import { DomainError } from './errors';
import { parseWith } from './validation';

const Schema = z.strictObject({
  name: z.string(),
  count: z.number().int().min(1).max(10).optional(),
  ratio: z.number().gt(0).optional(),
  tags: z.array(z.string()).min(1).max(2).optional(),
  code: z.string().min(3).max(5).optional(),
  id: z.uuid().optional(),
  kind: z.enum(['a', 'b']).optional(),
  exactly: z.literal('x').optional(),
  nested: z.strictObject({ flag: z.boolean() }).optional(),
  either: z.union([z.string(), z.number()]).optional(),
  worded: z.string({ error: 'is a name of our own' }).optional(),
});

function refusal(value: unknown): string {
  try {
    parseWith(Schema, value);
  } catch (error) {
    return (error as DomainError).message;
  }
  throw new Error('accepted');
}

describe('validation messages', () => {
  it.each([
    [[], 'body: must be an object'],
    [{}, 'name: is required'],
    [{ name: 1 }, 'name: must be a string'],
    [{ name: 'n', bogus: 1 }, 'bogus: unknown field'],
    [{ name: 'n', nested: { flag: true, extra: 1 } }, 'nested.extra: unknown field'],
    [{ name: 'n', nested: { flag: 'yes' } }, 'nested.flag: must be true or false'],
    [{ name: 'n', count: 1.5 }, 'count: must be an integer'],
    [{ name: 'n', count: 0 }, 'count: must be at least 1'],
    [{ name: 'n', count: 11 }, 'count: must be at most 10'],
    [{ name: 'n', ratio: 0 }, 'ratio: must be greater than 0'],
    [{ name: 'n', tags: [] }, 'tags: must not be empty'],
    [{ name: 'n', tags: ['a', 'b', 'c'] }, 'tags: must hold at most 2 items'],
    [{ name: 'n', tags: [1] }, 'tags[0]: must be a string'],
    [{ name: 'n', code: 'ab' }, 'code: must be at least 3 characters'],
    [{ name: 'n', code: 'abcdef' }, 'code: must be at most 5 characters'],
    [{ name: 'n', id: 'nope' }, 'id: must be a UUID'],
    [{ name: 'n', kind: 'c' }, 'kind: must be one of "a", "b"'],
    [{ name: 'n', exactly: 'y' }, 'exactly: must be "x"'],
    [{ name: 'n', either: true }, 'either: matches none of the forms this field takes'],
    [{ name: 'n', worded: 1 }, 'worded: is a name of our own'],
  ])('words %j as Trove does: %s', (value, message) => {
    expect(refusal(value)).toBe(message);
  });

  it('names an unknown field without repeating a name of any length', () => {
    expect(refusal({ name: 'n', ['k'.repeat(500)]: 1 })).toBe(`${'k'.repeat(100)}: unknown field`);
  });
});
