/**
 * The SQL that every write of fragments' lexemes shares, spelled once: a fragment's
 * length in tokens, and the change a write makes to the BM25 statistics
 * (`full_text_terms`, `full_text_sizes`; migration 1764700000000).
 *
 * A fragment is counted in the statistics exactly while it is live and has a
 * `search_length`: a write that stores, expires, relexes or clears fragments records
 * the change of those it counts, in the same statement, as rows of differences
 * (+ stored, − expired) that no other writer updates; compaction sums them later
 * (full-text-statistics.ts).
 */

/** The number of tokens a tsvector holds (its lexemes' positions); NULL for NULL. */
export function tokenCount(tsvector: string): string {
  return `CASE WHEN ${tsvector} IS NULL THEN NULL
    ELSE (SELECT coalesce(sum(array_length(t.positions, 1)), 0) FROM unnest(${tsvector}) AS t) END`;
}

/**
 * CTEs that record the change of the counted fragments that `source` (a CTE returning
 * pipeline_id, classification, search_vector, search_length) returns: added to the
 * statistics (+1) or taken from them (-1). To follow a data-modifying CTE, e.g.
 * `WITH stored AS (INSERT ... RETURNING ...)${recordChange('stored', 1)} SELECT 1`.
 */
export function recordChange(source: string, sign: 1 | -1): string {
  return `,
    ${source}_terms AS (
      INSERT INTO full_text_terms (pipeline_id, classification, lexeme, fragments)
      SELECT s.pipeline_id, s.classification, t.lexeme, ${sign} * count(*)::int
      FROM ${source} s, unnest(s.search_vector) AS t
      WHERE s.search_length IS NOT NULL
      GROUP BY s.pipeline_id, s.classification, t.lexeme),
    ${source}_sizes AS (
      INSERT INTO full_text_sizes (pipeline_id, classification, fragments, tokens)
      SELECT s.pipeline_id, s.classification, ${sign} * count(*)::int, ${sign} * sum(s.search_length)
      FROM ${source} s
      WHERE s.search_length IS NOT NULL
      GROUP BY s.pipeline_id, s.classification)`;
}

/** What a data-modifying CTE returns for `recordChange`. */
export const COUNTED_COLUMNS = 'pipeline_id, classification, search_vector, search_length';
