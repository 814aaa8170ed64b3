/**
 * Metadata filters: the JSON a client sends as `filters`, parsed into a
 * MetadataFilter and compiled into a parameterised SQL condition over a `jsonb`
 * column. Values only ever travel as bind parameters.
 *
 * Grammar (the operators of the contract):
 *   filter    := { key: condition | "$and": [filter, ...] | "$or": [filter, ...] | "$not": filter, ... }
 *   condition := scalar                    (a bare value means $eq)
 *              | { "$eq" | "$ne" | "$gt" | "$gte" | "$lt" | "$lte": scalar,
 *                  "$in" | "$nin": [scalar, ...], "$exists": boolean, "$not": condition, ... }
 *              | { key: condition, ... }   (an object without operators: a nested key)
 * Several entries in one object must all hold ($and). A key reaches into nested
 * objects either with dots (`"author.name"`) or by nesting (`{"author": {"name": ...}}`);
 * both mean the path ["author", "name"], so a key cannot contain a literal dot.
 *
 * Typing: `$eq`/`$ne`/`$in`/`$nin` compare JSON values, so 1 equals 1.0 but not "1";
 * `$gt`/`$gte`/`$lt`/`$lte` hold only between values of the operand's type (numbers
 * numerically, strings by code point, booleans false < true) and never across types.
 * `$eq: null` matches a JSON null, not a missing key (`$exists: false` does that).
 * `$ne`, `$nin` and `$not` are exact complements: they also match missing keys.
 */
import { invalid } from '../common/errors';
import { FragmentErrorReason } from './fragment-errors';

/** A parsed metadata filter: what `parseMetadataFilter` returns and `compileMetadataFilter` turns into SQL. */
export type MetadataFilter =
  | { op: '$and' | '$or'; filters: MetadataFilter[] }
  | { op: '$not'; filter: MetadataFilter }
  | {
      op: '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte';
      path: string[];
      value: string | number | boolean | null;
    }
  | { op: '$in' | '$nin'; path: string[]; values: (string | number | boolean | null)[] }
  | { op: '$exists'; path: string[]; exists: boolean };

type Scalar = string | number | boolean | null;
type Comparison = '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte';

const COMPARISONS: readonly string[] = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte'];
const FIELD_OPERATORS: readonly string[] = [...COMPARISONS, '$in', '$nin', '$exists', '$not'];
const LOGICAL = ['$and', '$or', '$not'];
const MAX_DEPTH = 16;
const MAX_NODES = 1000;
const MAX_IN_VALUES = 1000;

class Parser {
  private nodes = 0;

  constructor(private readonly root: string) {}

  /** A filter object (top level, or an element of $and/$or, or the operand of $not). */
  filter(value: unknown, where: string, prefix: string[], depth: number): MetadataFilter {
    this.count(where, depth);
    if (!isPlainObject(value))
      throw invalid(FragmentErrorReason.InvalidFilter, `${where}: expected an object of conditions`);
    const entries = Object.entries(value);
    if (entries.length === 0)
      throw invalid(FragmentErrorReason.InvalidFilter, `${where}: expected at least one condition`);
    const parts = entries.map(([key, operand]) => this.entry(key, operand, `${where}.${key}`, prefix, depth));
    return parts.length === 1 ? parts[0] : { op: '$and', filters: parts };
  }

  private entry(
    key: string,
    operand: unknown,
    where: string,
    prefix: string[],
    depth: number,
  ): MetadataFilter {
    if (key.startsWith('$')) {
      if (!LOGICAL.includes(key)) {
        throw invalid(
          FragmentErrorReason.InvalidFilter,
          `${where}: unknown operator '${key}' here; use $and, $or or $not, or a metadata key with ${FIELD_OPERATORS.join(', ')}`,
        );
      }
      if (key === '$not') return { op: '$not', filter: this.filter(operand, where, prefix, depth + 1) };
      if (!Array.isArray(operand) || operand.length === 0)
        throw invalid(FragmentErrorReason.InvalidFilter, `${where}: expected a non-empty array of filters`);
      return {
        op: key as '$and' | '$or',
        filters: operand.map((item, i) => this.filter(item, `${where}[${i}]`, prefix, depth + 1)),
      };
    }
    return this.condition(operand, where, [...prefix, ...this.path(key, where)], depth + 1);
  }

  private path(key: string, where: string): string[] {
    const parts = key.split('.');
    if (parts.some((p) => p === ''))
      throw invalid(
        FragmentErrorReason.InvalidFilter,
        `${where}: a metadata key cannot be empty or have empty parts between dots`,
      );
    return parts;
  }

  /** What follows a metadata key: a bare value, an operator object or nested keys. */
  private condition(operand: unknown, where: string, path: string[], depth: number): MetadataFilter {
    this.count(where, depth);
    if (isScalar(operand)) return { op: '$eq', path, value: operand };
    if (Array.isArray(operand))
      throw invalid(
        FragmentErrorReason.InvalidFilter,
        `${where}: an array cannot be compared; use {"$in": [...]} to match one of several values`,
      );
    if (!isPlainObject(operand))
      throw invalid(
        FragmentErrorReason.InvalidFilter,
        `${where}: expected a value or an object of operators`,
      );
    const entries = Object.entries(operand);
    if (entries.length === 0)
      throw invalid(FragmentErrorReason.InvalidFilter, `${where}: expected at least one condition`);
    const operators = entries.filter(([k]) => k.startsWith('$'));
    if (operators.length > 0 && operators.length < entries.length) {
      throw invalid(
        FragmentErrorReason.InvalidFilter,
        `${where}: cannot mix operators and nested keys in one object`,
      );
    }
    if (operators.length === 0) {
      // Nested keys: {"author": {"name": "x"}} is the path author.name.
      const parts = entries.map(([k, v]) =>
        this.condition(v, `${where}.${k}`, [...path, ...this.path(k, `${where}.${k}`)], depth + 1),
      );
      return parts.length === 1 ? parts[0] : { op: '$and', filters: parts };
    }
    const parts = operators.map(([op, value]) => this.operator(op, value, `${where}.${op}`, path, depth + 1));
    return parts.length === 1 ? parts[0] : { op: '$and', filters: parts };
  }

  private operator(op: string, value: unknown, where: string, path: string[], depth: number): MetadataFilter {
    if (!FIELD_OPERATORS.includes(op))
      throw invalid(
        FragmentErrorReason.InvalidFilter,
        `${where}: unknown operator '${op}'; expected one of ${FIELD_OPERATORS.join(', ')}`,
      );
    switch (op) {
      case '$in':
      case '$nin': {
        if (!Array.isArray(value))
          throw invalid(FragmentErrorReason.InvalidFilter, `${where}: expected an array of values`);
        if (value.length > MAX_IN_VALUES)
          throw invalid(FragmentErrorReason.InvalidFilter, `${where}: at most ${MAX_IN_VALUES} values`);
        value.forEach((v, i) => {
          if (!isScalar(v))
            throw invalid(
              FragmentErrorReason.InvalidFilter,
              `${where}[${i}]: expected a string, number, boolean or null`,
            );
        });
        return { op, path, values: value as Scalar[] };
      }
      case '$exists':
        if (typeof value !== 'boolean')
          throw invalid(FragmentErrorReason.InvalidFilter, `${where}: expected true or false`);
        return { op, path, exists: value };
      case '$not':
        if (
          !isPlainObject(value) ||
          Object.keys(value).length === 0 ||
          !Object.keys(value).every((k) => k.startsWith('$'))
        ) {
          throw invalid(
            FragmentErrorReason.InvalidFilter,
            `${where}: expected an object of operators, e.g. {"$gt": 5}`,
          );
        }
        return { op: '$not', filter: this.condition(value, where, path, depth) };
      default: {
        if (!isScalar(value))
          throw invalid(
            FragmentErrorReason.InvalidFilter,
            `${where}: expected a string, number, boolean or null`,
          );
        if (op !== '$eq' && op !== '$ne' && value === null)
          throw invalid(
            FragmentErrorReason.InvalidFilter,
            `${where}: expected a string, number or boolean; null has no order`,
          );
        return { op: op as Comparison, path, value };
      }
    }
  }

  private count(where: string, depth: number): void {
    if (depth > MAX_DEPTH)
      throw invalid(
        FragmentErrorReason.InvalidFilter,
        `${where}: the filter is nested more than ${MAX_DEPTH} levels deep`,
      );
    if (++this.nodes > MAX_NODES)
      throw invalid(
        FragmentErrorReason.InvalidFilter,
        `${this.root}: the filter has more than ${MAX_NODES} conditions`,
      );
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is Scalar {
  if (typeof value === 'number') return Number.isFinite(value);
  return value === null || typeof value === 'string' || typeof value === 'boolean';
}

/** Parses a client's filter; `where` names it in error messages (e.g. `filters`). */
export function parseMetadataFilter(value: unknown, where = 'filters'): MetadataFilter {
  return new Parser(where).filter(value, where, [], 0);
}

/** Beyond this many `$in` values (or `$or` branches), the containment condition is left out. */
const MAX_CONTAINMENT_ALTERNATIVES = 64;
/**
 * A path segment that `#>` may read as an array index, which containment cannot express:
 * PostgreSQL parses it with strtol, which takes leading white space and a sign (" 1", "+0").
 */
const ARRAY_INDEX = /^\s*[+-]?\d/;

/**
 * A condition that every fragment matching the filter also satisfies, written with jsonb
 * containment (`column @> '{"a": {"b": value}}'`) so that the GIN index `fragments_metadata`
 * (jsonb_path_ops; migration 1764600000000) can find the candidates instead of the filter
 * being evaluated on every fragment of the pipeline: no statistic knows JSON paths, so
 * without it a selective filter over a large pipeline is a scan. Null when the filter
 * implies none (only `$eq` and `$in` leaves do, combined by `$and` and `$or`). It is only
 * ever added beside `compileMetadataFilter`'s condition, never instead of it: it is the
 * same or wider, never narrower. Containment holds whenever the `#>` equality holds (the
 * value at the path is the scalar itself), except through an array index, which is why a
 * path with a segment of digits implies nothing.
 */
export function compileMetadataContainment(
  filter: MetadataFilter,
  column: string,
  params: unknown[],
): string | null {
  const alternatives = containments(filter);
  if (alternatives === null) return null;
  return `(${alternatives
    .map((clauses) => {
      const parts = clauses.map((document) => {
        params.push(JSON.stringify(document));
        return `${column} @> $${params.length}::jsonb`;
      });
      return parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
    })
    .join(' OR ')})`;
}

/** Whether `compileMetadataContainment` finds a condition for the filter (the index can serve it). */
export function impliesContainment(filter: MetadataFilter): boolean {
  return containments(filter) !== null;
}

type Containment = Record<string, unknown>;

/** The filter's implied condition as an OR of ANDs of containment documents, or null for none. */
function containments(filter: MetadataFilter): Containment[][] | null {
  switch (filter.op) {
    case '$eq':
      return containsAt(filter.path, [filter.value]);
    case '$in':
      // (An empty $in matches nothing, and has no containment to write.)
      return filter.values.length > 0 && filter.values.length <= MAX_CONTAINMENT_ALTERNATIVES
        ? containsAt(filter.path, filter.values)
        : null;
    case '$and': {
      // Each part that implies something narrows further; the smallest OR keeps the SQL short.
      const parts = filter.filters.map(containments).filter((p): p is Containment[][] => p !== null);
      if (parts.length === 0) return null;
      const single = parts.filter((p) => p.length === 1).flatMap((p) => p[0]);
      const disjunctions = parts.filter((p) => p.length > 1).sort((a, b) => a.length - b.length);
      if (disjunctions.length === 0) return [single];
      return disjunctions[0].map((clauses) => [...single, ...clauses]);
    }
    case '$or': {
      const parts = filter.filters.map(containments);
      if (parts.some((p) => p === null)) return null;
      const alternatives = (parts as Containment[][][]).flat();
      return alternatives.length > 0 && alternatives.length <= MAX_CONTAINMENT_ALTERNATIVES
        ? alternatives
        : null;
    }
    default:
      return null;
  }
}

function containsAt(path: string[], values: Scalar[]): Containment[][] | null {
  if (path.some((segment) => ARRAY_INDEX.test(segment))) return null;
  return values.map((value) => [
    path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Containment,
  ]);
}

const SQL_COMPARISON: Record<'$gt' | '$gte' | '$lt' | '$lte', string> = {
  $gt: '>',
  $gte: '>=',
  $lt: '<',
  $lte: '<=',
};

/**
 * Compiles a filter into a boolean SQL expression over `column` (a jsonb
 * expression), appending its values to `params`. Every leaf is made two-valued
 * (never NULL), so that $not and $ne are true complements.
 */
export function compileMetadataFilter(filter: MetadataFilter, column: string, params: unknown[]): string {
  const bind = (value: unknown, cast: string) => {
    params.push(value);
    return `$${params.length}::${cast}`;
  };
  const at = (path: string[]) => `(${column} #> ${bind(path, 'text[]')})`;
  switch (filter.op) {
    case '$and':
    case '$or':
      return `(${filter.filters.map((f) => compileMetadataFilter(f, column, params)).join(filter.op === '$and' ? ' AND ' : ' OR ')})`;
    case '$not':
      return `(NOT ${compileMetadataFilter(filter.filter, column, params)})`;
    case '$exists':
      return `(${at(filter.path)} IS ${filter.exists ? 'NOT ' : ''}NULL)`;
    case '$eq':
      return `COALESCE(${at(filter.path)} = ${bind(JSON.stringify(filter.value), 'jsonb')}, false)`;
    case '$ne':
      return `(NOT COALESCE(${at(filter.path)} = ${bind(JSON.stringify(filter.value), 'jsonb')}, false))`;
    case '$in':
    case '$nin': {
      const test = `COALESCE(${at(filter.path)} = ANY(${bind(
        filter.values.map((v) => JSON.stringify(v)),
        'jsonb[]',
      )}), false)`;
      return filter.op === '$in' ? test : `(NOT ${test})`;
    }
    default: {
      const value = at(filter.path);
      const sqlOp = SQL_COMPARISON[filter.op];
      const operand = filter.value;
      // The type test comes first in a CASE so a cast is never attempted on another type.
      if (typeof operand === 'number') {
        return `(CASE WHEN jsonb_typeof(${value}) = 'number' THEN (${value})::numeric ${sqlOp} ${bind(String(operand), 'numeric')} ELSE false END)`;
      }
      if (typeof operand === 'boolean') {
        return `(CASE WHEN jsonb_typeof(${value}) = 'boolean' THEN (${value})::boolean ${sqlOp} ${bind(operand, 'boolean')} ELSE false END)`;
      }
      return `(CASE WHEN jsonb_typeof(${value}) = 'string' THEN (${value} #>> '{}') COLLATE "C" ${sqlOp} ${bind(operand, 'text')} ELSE false END)`;
    }
  }
}
