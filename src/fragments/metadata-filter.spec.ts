import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import fc from 'fast-check';
import { DomainError } from '../common/errors';
import {
  compileMetadataContainment,
  compileMetadataFilter,
  impliesContainment,
  MetadataFilter,
  parseMetadataFilter,
} from './metadata-filter';

/**
 * Runs queries over a table `t (id int, m jsonb)` of `rows` on an embedded PostgreSQL
 * (PGlite), returning each query's ids. PGlite loads its WebAssembly with a dynamic import,
 * which Jest's module sandbox refuses, so the queries run in one plain Node child process.
 */
function runOnPostgres(
  rows: { id: number; m: unknown }[],
  queries: { sql: string; params: unknown[] }[],
): number[][] {
  const script = `
    const { PGlite } = require('@electric-sql/pglite');
    let input = '';
    process.stdin.on('data', (c) => (input += c)).on('end', async () => {
      const { rows, queries } = JSON.parse(input);
      const db = await PGlite.create();
      await db.exec('CREATE TABLE t (id int, m jsonb)');
      for (const row of rows) await db.query('INSERT INTO t VALUES ($1, $2::jsonb)', [row.id, JSON.stringify(row.m)]);
      const out = [];
      for (const q of queries) out.push((await db.query(q.sql, q.params)).rows.map((r) => r.id));
      process.stdout.write(JSON.stringify(out));
      await db.close();
    });`;
  const node = path.resolve(__dirname, '../../node_modules/.bin/node');
  const output = execFileSync(node, ['-e', script], {
    input: JSON.stringify({ rows, queries }),
    cwd: path.resolve(__dirname, '../..'),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.toString()) as number[][];
}

/** The query of a filter: its own condition, or its containment and its condition (as searches run it). */
function filterQuery(filter: MetadataFilter, withContainment: boolean): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = [compileMetadataFilter(filter, 'm', params)];
  const containment = withContainment ? compileMetadataContainment(filter, 'm', params) : null;
  if (containment !== null) where.unshift(containment);
  return { sql: `SELECT id FROM t WHERE ${where.join(' AND ')} ORDER BY id`, params };
}

describe('parseMetadataFilter', () => {
  it('reads a bare value as $eq and several keys as $and', () => {
    expect(parseMetadataFilter({ product: 'billing' })).toEqual({
      op: '$eq',
      path: ['product'],
      value: 'billing',
    });
    expect(parseMetadataFilter({ a: 1, b: { $gt: 2 } })).toEqual({
      op: '$and',
      filters: [
        { op: '$eq', path: ['a'], value: 1 },
        { op: '$gt', path: ['b'], value: 2 },
      ],
    });
  });

  it('reaches nested keys by dots or by nesting, the same way', () => {
    const expected = { op: '$eq', path: ['author', 'name'], value: 'Ada' };
    expect(parseMetadataFilter({ 'author.name': 'Ada' })).toEqual(expected);
    expect(parseMetadataFilter({ author: { name: 'Ada' } })).toEqual(expected);
    expect(parseMetadataFilter({ author: { 'address.city': { $in: ['Paris'] } } })).toEqual({
      op: '$in',
      path: ['author', 'address', 'city'],
      values: ['Paris'],
    });
  });

  it('parses the logical operators and a field-level $not', () => {
    expect(parseMetadataFilter({ $or: [{ a: 1 }, { $not: { b: { $exists: true } } }] })).toEqual({
      op: '$or',
      filters: [
        { op: '$eq', path: ['a'], value: 1 },
        { op: '$not', filter: { op: '$exists', path: ['b'], exists: true } },
      ],
    });
    expect(parseMetadataFilter({ n: { $not: { $gte: 3 } } })).toEqual({
      op: '$not',
      filter: { op: '$gte', path: ['n'], value: 3 },
    });
  });

  it.each([
    [[], 'filters: expected an object of conditions'],
    [{}, 'filters: expected at least one condition'],
    [{ $nor: [] }, "filters.$nor: unknown operator '$nor' here"],
    [{ a: { $regex: 'x' } }, "filters.a.$regex: unknown operator '$regex'"],
    [{ a: { $gt: null } }, 'filters.a.$gt: expected a string, number or boolean; null has no order'],
    [{ a: { $gt: [1] } }, 'filters.a.$gt: expected a string, number, boolean or null'],
    [{ a: { $in: 'x' } }, 'filters.a.$in: expected an array of values'],
    [{ a: { $in: [{}] } }, 'filters.a.$in[0]: expected a string, number, boolean or null'],
    [{ a: { $exists: 1 } }, 'filters.a.$exists: expected true or false'],
    [{ a: [1, 2] }, 'filters.a: an array cannot be compared; use {"$in": [...]}'],
    [{ a: { $eq: 1, b: 2 } }, 'filters.a: cannot mix operators and nested keys in one object'],
    [{ $and: [] }, 'filters.$and: expected a non-empty array of filters'],
    [{ $and: [{ a: 1 }, 5] }, 'filters.$and[1]: expected an object of conditions'],
    [{ 'a..b': 1 }, 'filters.a..b: a metadata key cannot be empty'],
    [{ a: { $not: 5 } }, 'filters.a.$not: expected an object of operators'],
    [{ a: {} }, 'filters.a: expected at least one condition'],
  ])('refuses %j: %s', (filter, message) => {
    try {
      parseMetadataFilter(filter);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('invalid_argument');
      expect((error as Error).message.startsWith(message)).toBe(true);
    }
  });

  it('refuses filters nested too deep', () => {
    let filter: unknown = { a: 1 };
    for (let i = 0; i < 20; i++) filter = { $not: filter };
    expect(() => parseMetadataFilter(filter)).toThrow(/nested more than 16 levels/);
  });
});

describe('compileMetadataFilter', () => {
  it('binds every value and path as a parameter', () => {
    const params: unknown[] = [];
    const sql = compileMetadataFilter(
      parseMetadataFilter({ "x'; DROP TABLE t; --": "'; DROP TABLE t; --" }),
      'm',
      params,
    );
    expect(sql).not.toContain('DROP');
    expect(params).toEqual([["x'; DROP TABLE t; --"], JSON.stringify("'; DROP TABLE t; --")]);
  });

  // The semantics, checked by running the SQL on an embedded PostgreSQL (PGlite). PGlite
  // loads its WebAssembly with a dynamic import, which Jest's module sandbox refuses,
  // so the queries run in one plain Node child process.
  describe('on PostgreSQL', () => {
    const rows: { id: number; m: unknown }[] = [
      { id: 1, m: { n: 1, s: 'apple', b: true, tags: 'x', nested: { k: 'v', depth: 2 } } },
      { id: 2, m: { n: 2.5, s: 'banana', b: false, nothing: null } },
      { id: 3, m: { n: '3', s: 'Cherry' } },
      { id: 4, m: { n: 10, s: 'date', nested: { k: 'w' } } },
      { id: 5, m: {} },
    ];
    const cases: [unknown, number[]][] = [
      [{ n: 1 }, [1]],
      [{ n: 1.0 }, [1]],
      [{ n: '3' }, [3]],
      [{ n: 3 }, []],
      [{ n: { $ne: 1 } }, [2, 3, 4, 5]],
      [{ n: { $gt: 2 } }, [2, 4]],
      [{ n: { $gte: 2.5 } }, [2, 4]],
      [{ n: { $lt: 10 } }, [1, 2]],
      [{ n: { $lte: 10, $gt: 1 } }, [2, 4]],
      [{ n: { $gt: '2' } }, [3]],
      [{ s: { $gt: 'b' } }, [2, 4]],
      [{ s: { $lt: 'a' } }, [3]],
      [{ b: true }, [1]],
      [{ b: { $lt: true } }, [2]],
      [{ nothing: null }, [2]],
      [{ nothing: { $exists: true } }, [2]],
      [{ s: { $exists: false } }, [5]],
      [{ s: { $in: ['apple', 'date', 'zzz'] } }, [1, 4]],
      [{ n: { $in: [1, '3'] } }, [1, 3]],
      [{ s: { $nin: ['apple', 'date'] } }, [2, 3, 5]],
      [{ s: { $in: [] } }, []],
      [{ $and: [{ s: { $in: [] } }, { n: 1 }] }, []],
      [{ $or: [{ s: { $in: [] } }, { n: 1 }] }, [1]],
      [{ 'nested.k': 'v' }, [1]],
      [{ nested: { k: { $in: ['v', 'w'] } } }, [1, 4]],
      [{ 'nested.depth': { $gte: 2 } }, [1]],
      [{ $or: [{ n: 1 }, { s: 'date' }] }, [1, 4]],
      [{ $and: [{ n: { $gt: 0 } }, { b: false }] }, [2]],
      [{ $not: { n: { $gt: 2 } } }, [1, 3, 5]],
      [{ n: { $not: { $gt: 2 } } }, [1, 3, 5]],
      [{ $not: { $or: [{ s: 'apple' }, { s: 'banana' }] } }, [3, 4, 5]],
    ];
    let results: number[][] = [];

    beforeAll(() => {
      // Each case twice: the filter alone, then with the containment searches add.
      const filters = cases.map(([filter]) => parseMetadataFilter(filter));
      results = runOnPostgres(rows, [
        ...filters.map((f) => filterQuery(f, false)),
        ...filters.map((f) => filterQuery(f, true)),
      ]);
    }, 60_000);

    it.each(cases.map((c, i) => [JSON.stringify(c[0]), c[1], i] as const))(
      '%s matches %j',
      (_, expected, i) => {
        expect(results[i]).toEqual(expected);
        expect(results[cases.length + i]).toEqual(expected);
      },
    );
  });
});

describe('compileMetadataContainment', () => {
  const compiled = (filter: unknown) => {
    const params: unknown[] = [];
    const sql = compileMetadataContainment(parseMetadataFilter(filter), 'm', params);
    return { sql, params };
  };

  it('writes $eq and $in as containment of the nested value, bound as parameters', () => {
    expect(compiled({ 'a.b': 'x' })).toEqual({ sql: '(m @> $1::jsonb)', params: ['{"a":{"b":"x"}}'] });
    expect(compiled({ a: { $in: [1, null] } })).toEqual({
      sql: '(m @> $1::jsonb OR m @> $2::jsonb)',
      params: ['{"a":1}', '{"a":null}'],
    });
    expect(compiled({ a: 1, b: { $gt: 2 }, c: { $in: ['x', 'y'] } })).toEqual({
      sql: '((m @> $1::jsonb AND m @> $2::jsonb) OR (m @> $3::jsonb AND m @> $4::jsonb))',
      params: ['{"a":1}', '{"c":"x"}', '{"a":1}', '{"c":"y"}'],
    });
  });

  it.each([
    [{ a: { $ne: 1 } }],
    [{ a: { $gt: 1 } }],
    [{ a: { $exists: true } }],
    [{ a: { $nin: [1] } }],
    [{ $not: { a: 1 } }],
    [{ $or: [{ a: 1 }, { b: { $lt: 2 } }] }],
    [{ 'tags.0': 'x' }],
    [{ 'tags.+0': 'x' }],
    [{ a: { $in: [] } }],
    [{ a: { $in: Array.from({ length: 65 }, (_, i) => i) } }],
  ])('implies nothing for %j', (filter) => {
    expect(compiled(filter).sql).toBeNull();
    expect(impliesContainment(parseMetadataFilter(filter))).toBe(false);
  });

  // The property searches rely on: adding the containment never drops a match. Random
  // filters over random documents (arrays, nested objects, keys of digits, 1 and 1.0),
  // each run with and without it.
  it('never changes what a filter matches', () => {
    const key = fc.constantFrom('a', 'b', '0', '+0', ' 1', 'nested');
    const scalar = fc.constantFrom<string | number | boolean | null>('x', 'y', 1, 1.5, 2, true, false, null);
    const value = fc.oneof(
      scalar,
      fc.array(scalar, { maxLength: 3 }),
      fc.dictionary(key, scalar, { maxKeys: 3 }),
      fc.array(fc.dictionary(key, scalar, { maxKeys: 2 }), { maxLength: 2 }),
    );
    const document = fc.dictionary(key, value, { maxKeys: 4 });
    const pathArb = fc.array(key, { minLength: 1, maxLength: 2 });
    const { filter } = fc.letrec<{ filter: MetadataFilter }>((tie) => ({
      filter: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.record({ op: fc.constant('$eq' as const), path: pathArb, value: scalar }),
        fc.record({ op: fc.constant('$ne' as const), path: pathArb, value: scalar }),
        fc.record({
          op: fc.constant('$in' as const),
          path: pathArb,
          values: fc.array(scalar, { maxLength: 3 }),
        }),
        fc.record({
          op: fc.constantFrom('$and' as const, '$or' as const),
          filters: fc.array(tie('filter'), { minLength: 1, maxLength: 3 }),
        }),
        fc.record({ op: fc.constant('$not' as const), filter: tie('filter') }),
      ),
    }));
    const rows = fc.sample(document, { numRuns: 60, seed: 7 }).map((m, id) => ({ id, m }));
    const filters = fc.sample(filter, { numRuns: 300, seed: 11 });
    const results = runOnPostgres(rows, [
      ...filters.map((f) => filterQuery(f, false)),
      ...filters.map((f) => filterQuery(f, true)),
    ]);
    const differing = filters.filter(
      (_, i) => JSON.stringify(results[i]) !== JSON.stringify(results[filters.length + i]),
    );
    expect(differing).toEqual([]);
    // And the property is not vacuous: many filters imply a containment, and many match something.
    expect(filters.filter(impliesContainment).length).toBeGreaterThan(50);
    expect(results.slice(0, filters.length).filter((ids) => ids.length > 0).length).toBeGreaterThan(50);
  }, 60_000);
});
