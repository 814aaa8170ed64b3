/**
 * The `filters` block of the conversation listings and of the detail
 * (SemanticSearchHistoryFilters): which filters the caller applied, with their raw
 * values, and the catalogue of filters the endpoint supports with their current
 * values. `page` and `limit` always count as applied (they have defaults).
 */
import { MESSAGE_TYPES } from './conversation-store';
import type { SearchHistoryFiltersView } from './wire/answers';

const APPLIED_NAMES = [
  'search',
  'shared',
  'tags',
  'minMessages',
  'sortBy',
  'sortOrder',
  'startDate',
  'endDate',
  'messageType',
] as const;

export { MESSAGE_TYPES };
export const CONVERSATION_SORTS = ['createdAt', 'lastActivityAt', 'title'] as const;
export const MESSAGE_SORTS = ['createdAt', 'messageType', 'content'] as const;

export interface FiltersInput {
  /** The query as sent (strings). */
  query: Record<string, unknown>;
  page: number;
  limit: number;
  maxLimit: number;
  /** The sort the answer used (after defaults and fallbacks). */
  sortBy: string;
  sortOrder: string;
  from: Date | null;
  to: Date | null;
}

const raw = (query: Record<string, unknown>, name: string): string | null => {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

function toggle(
  description: string,
  current: string | null,
  kind: { type: string } | { values: readonly string[] },
) {
  const state = { description, current, applied: current !== null };
  return 'values' in kind ? { values: [...kind.values], ...state } : { type: kind.type, ...state };
}

export function filtersMetadata(input: FiltersInput): SearchHistoryFiltersView {
  const { query } = input;
  const appliedNames: string[] = ['page', 'limit'];
  const values: SearchHistoryFiltersView['applied']['values'] = { page: input.page, limit: input.limit };
  for (const name of APPLIED_NAMES) {
    const value = raw(query, name);
    if (value === null) continue;
    appliedNames.push(name);
    values[name] = value;
  }
  if (input.from || input.to) {
    appliedNames.push('dateRange');
    values.dateRange = {
      ...(input.from ? { start: input.from.toISOString() } : {}),
      ...(input.to ? { end: input.to.toISOString() } : {}),
    };
  }
  const sortApplied = raw(query, 'sortBy') !== null || raw(query, 'sortOrder') !== null;
  return {
    applied: { filters: appliedNames, values },
    available: {
      shared: toggle('Only conversations shared with you', raw(query, 'shared'), { type: 'boolean' }),
      tags: toggle('Conversations with these tags (comma-separated)', raw(query, 'tags'), { type: 'string' }),
      minMessages: toggle('Conversations with at least this many messages', raw(query, 'minMessages'), {
        type: 'number',
      }),
      search: toggle('Case-insensitive text in the title or the messages', raw(query, 'search'), {
        type: 'string',
      }),
      pagination: {
        page: {
          type: 'number',
          current: input.page,
          min: 1,
          max: Number.MAX_SAFE_INTEGER,
          default: 1,
          description: 'Page number, from 1',
          applied: raw(query, 'page') !== null,
        },
        limit: {
          type: 'number',
          current: input.limit,
          min: 1,
          max: input.maxLimit,
          default: 20,
          description: 'Items per page',
          applied: raw(query, 'limit') !== null,
        },
      },
      sorting: {
        sortBy: {
          values: [...CONVERSATION_SORTS],
          default: 'lastActivityAt',
          description: 'Field the conversations are sorted by',
          current: CONVERSATION_SORTS.includes(input.sortBy as never) ? input.sortBy : 'lastActivityAt',
          applied: sortApplied,
        },
        sortOrder: {
          values: ['asc', 'desc'],
          default: 'desc',
          description: 'Sort direction',
          current: input.sortOrder,
          applied: sortApplied,
        },
      },
      dateFilters: {
        dateRange: {
          type: 'dateRange',
          description: 'Created between startDate and endDate, both inclusive',
          format: 'ISO 8601',
          current: { start: input.from?.toISOString() ?? null, end: input.to?.toISOString() ?? null },
          applied: input.from !== null || input.to !== null,
        },
      },
      messageFilters: {
        messageType: toggle('Messages of this type', raw(query, 'messageType'), { values: MESSAGE_TYPES }),
      },
      sortingMessages: {
        sortBy: {
          values: [...MESSAGE_SORTS],
          default: 'createdAt',
          description: 'Field the messages of a page are sorted by',
          current: MESSAGE_SORTS.includes(input.sortBy as never) ? input.sortBy : 'createdAt',
        },
        sortOrder: {
          values: ['asc', 'desc'],
          default: 'desc',
          description: 'Direction the messages of a page are sorted in',
          current: input.sortOrder,
        },
      },
    },
  };
}
