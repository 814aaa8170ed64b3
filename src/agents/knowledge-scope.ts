/**
 * An agent's knowledge entry names a pipeline (`connectorId`) and may narrow it
 * (`filters`), in the document's forms:
 *  - `{recordGroups, records}`: classifications (searched with their inherited
 *    ones, as Trove's search does) and document ids;
 *  - a JSON string of that object (the graph storage form), which may also carry
 *    `metadata`, a filter in Trove's search syntax (`{"product": "billing"}`,
 *    `{"$and": [...]}`): the object form has no room for it;
 *  - an array of classification names (stored as `{recordGroups}`).
 * A narrowing is checked when the agent is written: a malformed one is a 400, never
 * silently read as "no narrowing", which would widen what the agent retrieves.
 */
import { invalid } from '../common/errors';
import { isUuid } from '../common/ids';
import { MetadataFilter, parseMetadataFilter } from '../fragments/metadata-filter';
import { AgentErrorReason } from './agent-errors';

/** As normalizeKnowledgeFilters stores them: the object form, or the JSON string as sent. */
export type StoredFilters = { recordGroups?: string[]; records?: string[] } | string | null;

export interface KnowledgeNarrowing {
  /** Classification names; null: every classification the key may see. */
  classifications: string[] | null;
  /** Document ids; null: every document. */
  documentIds: string[] | null;
  metadata: MetadataFilter | null;
}

interface ParsedFilters {
  recordGroups?: string[];
  records?: string[];
  metadata?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkParsed(value: unknown, where: string, allowMetadata: boolean): ParsedFilters {
  if (!isObject(value))
    throw invalid(
      AgentErrorReason.InvalidInput,
      `${where}: must be an object {recordGroups, records${allowMetadata ? ', metadata' : ''}}`,
    );
  const allowed = allowMetadata ? ['recordGroups', 'records', 'metadata'] : ['recordGroups', 'records'];
  const unknown = Object.keys(value).find((key) => !allowed.includes(key));
  if (unknown !== undefined)
    throw invalid(
      AgentErrorReason.InvalidInput,
      `${where}.${unknown}: unknown field; expected ${allowed.join(', ')}`,
    );
  for (const key of ['recordGroups', 'records'] as const) {
    const list = value[key];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.some((item) => typeof item !== 'string'))
      throw invalid(AgentErrorReason.InvalidInput, `${where}.${key}: must be an array of strings`);
  }
  const records = value.records as string[] | undefined;
  const bad = records?.findIndex((id) => !isUuid(id)) ?? -1;
  if (bad >= 0)
    throw invalid(AgentErrorReason.InvalidInput, `${where}.records[${bad}]: must be a document id (a UUID)`);
  if (value.metadata !== undefined) parseMetadataFilter(value.metadata, `${where}.metadata`);
  return value as ParsedFilters;
}

/** The filters to store for a knowledge entry as sent; throws a 400 naming `where` when malformed. */
export function normalizeKnowledgeFilters(filters: unknown, where: string): StoredFilters {
  if (filters === undefined || filters === null) return null;
  if (Array.isArray(filters)) {
    if (filters.some((item) => typeof item !== 'string'))
      throw invalid(AgentErrorReason.InvalidInput, `${where}: an array must hold classification names`);
    return { recordGroups: filters as string[] };
  }
  if (typeof filters === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(filters);
    } catch {
      throw invalid(
        AgentErrorReason.InvalidInput,
        `${where}: a string must be the JSON of {recordGroups, records, metadata}`,
      );
    }
    checkParsed(parsed, where, true);
    return filters;
  }
  const parsed = checkParsed(filters, where, false);
  return {
    ...(parsed.recordGroups ? { recordGroups: parsed.recordGroups } : {}),
    ...(parsed.records ? { records: parsed.records.map((id) => id.toLowerCase()) } : {}),
  };
}

function parsedOf(stored: StoredFilters): ParsedFilters {
  if (stored === null) return {};
  return typeof stored === 'string' ? (JSON.parse(stored) as ParsedFilters) : (stored as ParsedFilters);
}

/** The `filtersParsed` of the document: the object form of what is stored (`{}` when nothing). */
export function filtersParsed(stored: StoredFilters): { recordGroups?: string[]; records?: string[] } {
  const { recordGroups, records } = parsedOf(stored);
  return { ...(recordGroups ? { recordGroups } : {}), ...(records ? { records } : {}) };
}

/** What a knowledge entry lets a turn retrieve from its pipeline. */
export function narrowingOf(stored: StoredFilters): KnowledgeNarrowing {
  const parsed = parsedOf(stored);
  return {
    classifications: parsed.recordGroups && parsed.recordGroups.length > 0 ? parsed.recordGroups : null,
    documentIds:
      parsed.records && parsed.records.length > 0 ? parsed.records.map((id) => id.toLowerCase()) : null,
    metadata: parsed.metadata === undefined ? null : parseMetadataFilter(parsed.metadata, 'filters.metadata'),
  };
}
