/**
 * The list envelope shared by every collection:
 *   {"data": [...], "page_info": {after, before, count, has_next, has_prev}, "query_info": [...]}
 * with `field$op=value` filters and keyset paging on the (time-ordered) id.
 */
import { CommonErrorReason, invalid } from './errors';
import { isUuid } from './ids';

export type FilterOp =
  'eq' | 'ne' | 'contains' | 'startswith' | 'endswith' | 'gt' | 'gte' | 'lt' | 'lte' | 'in';

export interface FieldFilter {
  field: string;
  op: FilterOp;
  value: string;
}

export interface PageRequest {
  limit: number;
  after?: string;
  before?: string;
  /**
   * Newest first (`order=desc`): keys descending, `after` the page further down that
   * order. Only collections that offer it read the parameter (ListOptions.orderable).
   */
  descending?: boolean;
}

export interface ListQuery {
  filters: FieldFilter[];
  page: PageRequest;
  /** `total=true`: count every item the filters match, across pages (ListOptions.countable). */
  total?: boolean;
}

/** What a collection offers beyond filters and cursors; a parameter it does not offer is refused as a filter. */
export interface ListOptions {
  /** `order=asc|desc`: oldest (the default) or newest first. */
  orderable?: boolean;
  /** `total=true`: `page_info.total`, the count of every matching item. */
  countable?: boolean;
}

export interface PageInfo {
  after: string | null;
  before: string | null;
  count: number;
  has_next: boolean;
  has_prev: boolean;
  /** With `total=true`, where the collection counts. */
  total?: number;
}

export interface ListEnvelope<T> {
  data: T[];
  page_info: PageInfo;
  query_info: FieldFilter[];
}

/** The operators of a text field. */
export const TEXT_OPS = ['eq', 'ne', 'contains', 'startswith', 'endswith', 'in'] as const;

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
/** Filters of one list request, characters of one value, values of one `$in`. */
export const MAX_FILTERS = 20;
export const MAX_FILTER_VALUE_CHARS = 1000;
export const MAX_IN_VALUES = 1000;
const RESERVED = new Set(['limit', 'after', 'before']);

/**
 * Parses query parameters against the fields a collection allows filtering on.
 * `name=x` means `name$eq=x`. Unknown fields and operators are 422s naming them.
 */
export function parseListQuery(
  query: Record<string, unknown>,
  allowed: Record<string, readonly FilterOp[]>,
  options: ListOptions = {},
): ListQuery {
  const filters: FieldFilter[] = [];
  const own = [...(options.orderable ? ['order'] : []), ...(options.countable ? ['total'] : [])];
  for (const [key, raw] of Object.entries(query ?? {})) {
    if (RESERVED.has(key) || own.includes(key)) continue;
    const [field, op = 'eq', ...rest] = key.split('$');
    if (rest.length > 0)
      throw invalid(CommonErrorReason.InvalidInput, `query parameter ${key}: expected field$operator`);
    if (!(field in allowed)) {
      throw invalid(
        CommonErrorReason.InvalidInput,
        `query parameter ${key}: cannot filter on '${field}'; filterable fields: ${Object.keys(allowed).join(', ')}`,
      );
    }
    if (!allowed[field].includes(op as FilterOp)) {
      throw invalid(
        CommonErrorReason.InvalidInput,
        `query parameter ${key}: operator '${op}' is not supported for '${field}'; use one of ${allowed[field].join(', ')}`,
      );
    }
    for (const value of (Array.isArray(raw) ? raw : [raw]).map(String)) {
      const values = op === 'in' ? value.split(',') : [value];
      if (values.length > MAX_IN_VALUES)
        throw invalid(
          CommonErrorReason.InvalidInput,
          `query parameter ${key}: at most ${MAX_IN_VALUES} values`,
        );
      if (values.some((v) => v.length > MAX_FILTER_VALUE_CHARS))
        throw invalid(
          CommonErrorReason.InvalidInput,
          `query parameter ${key}: must be at most ${MAX_FILTER_VALUE_CHARS} characters`,
        );
      filters.push({ field, op: op as FilterOp, value });
    }
    if (filters.length > MAX_FILTERS)
      throw invalid(CommonErrorReason.InvalidInput, `query parameters: at most ${MAX_FILTERS} filters`);
  }
  const page = parsePage(query ?? {});
  if (options.orderable && query?.order !== undefined)
    page.descending = parseChoice(query, 'order', ['asc', 'desc']) === 'desc';
  const total =
    options.countable &&
    query?.total !== undefined &&
    parseChoice(query, 'total', ['true', 'false']) === 'true';
  return { filters, page, ...(total ? { total } : {}) };
}

function parseChoice(query: Record<string, unknown>, name: string, choices: readonly string[]): string {
  const value = String(query[name]);
  if (!choices.includes(value))
    throw invalid(
      CommonErrorReason.InvalidInput,
      `query parameter ${name}: expected ${choices.join(' or ')}, got '${value}'`,
    );
  return value;
}

/**
 * The page parameters. Cursors are ids (UUIDs) unless the collection is keyed on
 * something else (a document's versions are keyed on their number): `isCursor` says
 * what a cursor of this collection looks like.
 */
export function parsePage(
  query: Record<string, unknown>,
  isCursor: (value: string) => boolean = isUuid,
): PageRequest {
  const page: PageRequest = { limit: DEFAULT_LIMIT };
  if (query.limit !== undefined) {
    const raw = String(query.limit);
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIMIT) {
      throw invalid(
        CommonErrorReason.InvalidInput,
        `query parameter limit: expected an integer from 1 to ${MAX_LIMIT}, got '${raw}'`,
      );
    }
    page.limit = Number(raw);
  }
  for (const cursor of ['after', 'before'] as const) {
    if (query[cursor] !== undefined) {
      const value = String(query[cursor]);
      if (!isCursor(value))
        throw invalid(
          CommonErrorReason.InvalidInput,
          `query parameter ${cursor}: expected a cursor from page_info, got '${value}'`,
        );
      page[cursor] = value.toLowerCase();
    }
  }
  if (page.after && page.before)
    throw invalid(CommonErrorReason.InvalidInput, 'query parameters after and before cannot be combined');
  return page;
}

/** Escapes LIKE metacharacters for operators that mean a literal match. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Builds the SQL condition of one filter over a column. `contains` keeps `%` and `_`
 * as wildcards and is case-sensitive (the published `name$contains` semantics);
 * `startswith`/`endswith` match literally.
 */
export function filterToSql(column: string, filter: FieldFilter, params: unknown[]): string {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  switch (filter.op) {
    case 'eq':
      return `${column} = ${add(filter.value)}`;
    case 'ne':
      return `${column} <> ${add(filter.value)}`;
    case 'contains':
      return `${column} LIKE ${add(`%${filter.value}%`)}`;
    case 'startswith':
      return `${column} LIKE ${add(`${escapeLike(filter.value)}%`)}`;
    case 'endswith':
      return `${column} LIKE ${add(`%${escapeLike(filter.value)}`)}`;
    case 'gt':
      return `${column} > ${add(filter.value)}`;
    case 'gte':
      return `${column} >= ${add(filter.value)}`;
    case 'lt':
      return `${column} < ${add(filter.value)}`;
    case 'lte':
      return `${column} <= ${add(filter.value)}`;
    case 'in':
      return `${column} = ANY(${add(filter.value.split(','))})`;
  }
}

/**
 * Keyset page over rows ordered by id (ascending, or descending for `order=desc`).
 * Fetches one row more than asked to know whether another page exists in the
 * direction of travel; a `before` page is fetched walking back, and toKeyedEnvelope
 * turns it round.
 */
export function keysetSql(
  page: PageRequest,
  params: unknown[],
  idColumn = 'id',
): { where: string | null; order: string; limit: string } {
  params.push(page.limit + 1);
  const limit = `LIMIT $${params.length}`;
  const [forward, back] = page.descending ? (['<', '>'] as const) : (['>', '<'] as const);
  const direction = (ascending: boolean) => `${idColumn} ${ascending ? 'ASC' : 'DESC'}`;
  if (page.before) {
    params.push(page.before);
    return { where: `${idColumn} ${back} $${params.length}`, order: direction(!!page.descending), limit };
  }
  if (page.after) {
    params.push(page.after);
    return { where: `${idColumn} ${forward} $${params.length}`, order: direction(!page.descending), limit };
  }
  return { where: null, order: direction(!page.descending), limit };
}

/** Turns the rows fetched by keysetSql into the envelope, in the list's order. */
export function toEnvelope<R extends { id: string }, T>(
  rows: R[],
  query: ListQuery,
  present: (row: R) => T,
): ListEnvelope<T> {
  return toKeyedEnvelope(rows, query, present, (row) => row.id);
}

/** `toEnvelope` for rows keyed on something else than an id: `cursorOf` gives a row's key. */
export function toKeyedEnvelope<R, T>(
  rows: R[],
  query: ListQuery,
  present: (row: R) => T,
  cursorOf: (row: R) => string,
): ListEnvelope<T> {
  const { page } = query;
  const more = rows.length > page.limit;
  let pageRows = more ? rows.slice(0, page.limit) : rows;
  if (page.before) pageRows = pageRows.reverse();
  const first = pageRows.length > 0 ? cursorOf(pageRows[0]) : null;
  const last = pageRows.length > 0 ? cursorOf(pageRows[pageRows.length - 1]) : null;
  return {
    data: pageRows.map(present),
    page_info: {
      after: last,
      before: first,
      count: pageRows.length,
      has_next: page.before ? true : more,
      has_prev: page.before ? more : Boolean(page.after),
    },
    query_info: query.filters,
  };
}

/**
 * The envelope with `page_info.total` when the request asked for it (`total=true`);
 * `count` (the filters' matches for the key, across pages) runs only then.
 */
export async function withTotal<T>(
  envelope: ListEnvelope<T>,
  query: ListQuery,
  count: () => Promise<number>,
): Promise<ListEnvelope<T>> {
  if (!query.total) return envelope;
  return { ...envelope, page_info: { ...envelope.page_info, total: await count() } };
}
