/**
 * The SQL of full-text search over fragments' lexemes (`fragments.search_vector`):
 * BM25's statistics and rounds (full-text-search.ts decides which rounds), and the
 * `ts_rank` search that pipelines may keep.
 */
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { SearchScope } from '../fragment';
import { FRAGMENT_COLUMNS, FragmentRow } from '../fragments.repository';
import { metadataConditions } from '../vector-search/vector-scan.repository';
import { Bm25Parameters, WeightedLexeme } from './bm25';
import { WebQuery } from './web-query';

export interface RankedHit {
  id: string;
  /** Null when the search was asked for ids only (a hybrid search's leg). */
  row: FragmentRow | null;
  rank: number;
  /**
   * How much of the query the fragment answers, 0..1, comparable across queries: BM25's
   * score over the sum of the query's idf (what a fragment of average length holding
   * each of its lexemes once scores); ts_rank's r / (r + 0.1).
   */
  relevance: number;
}

/** What BM25 needs of a query and its scope, read in one statement. */
export interface QueryStatistics {
  /** The query's lexemes, each with how many live fragments of the scope hold it. */
  lexemes: { lexeme: string; fragments: number }[];
  /** Live fragments of the scope, and their tokens in all. */
  fragments: number;
  tokens: number;
  /** The tsquery of each required group of phrases (those with lexemes), and of what is excluded. */
  required: string[];
  excluded: string | null;
}

/** One round of a BM25 search (bm25.ts): whose fragments are scored, and on what. */
export interface Bm25Round {
  /** Lexemes a fragment must hold one of to be scored. */
  candidates: string[];
  /** Lexemes of earlier rounds: a fragment holding one of them was scored already and is left out. */
  scored: string[];
  /** Every lexeme of the query that some fragment holds, with its weight. */
  lexemes: WeightedLexeme[];
  averageLength: number;
  parameters: Bm25Parameters;
  required: string[];
  excluded: string | null;
  limit: number;
  /** Whether the best are read whole, or only their ids. */
  rows: boolean;
}

@Injectable()
export class FullTextRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * The query's lexemes in the pipeline's text search configuration (`language`), their
   * document frequencies and the scope's size, summed over its classifications' rows;
   * and the tsqueries of its required and excluded parts. The scope's metadata filter
   * does not change the statistics: they are the classifications'.
   */
  async statistics(scope: SearchScope, language: string, query: WebQuery): Promise<QueryStatistics> {
    const params: unknown[] = [scope.pipelineId, scope.classifications, language, query.wanted.join(' ')];
    const phrase = (text: string) => {
      params.push(text);
      return `phraseto_tsquery($3::regconfig, $${params.length})`;
    };
    const word = (text: string) => {
      params.push(text);
      return `plainto_tsquery($3::regconfig, $${params.length})`;
    };
    const required = query.required.map((group) => `(${group.map(phrase).join(' || ')})::text`);
    const excluded = query.excluded.map((part) => (part.phrase ? phrase(part.text) : word(part.text)));
    const [row] = await this.db.reader.query<{
      lexemes: string[] | null;
      frequencies: number[] | null;
      fragments: number;
      tokens: number;
      required: string[];
      excluded: string | null;
    }>(
      `WITH wanted AS (SELECT DISTINCT t.lexeme FROM unnest(to_tsvector($3::regconfig, $4)) AS t),
       terms AS (
         SELECT w.lexeme, coalesce(sum(s.fragments), 0)::float8 AS fragments
         FROM wanted w
         LEFT JOIN full_text_terms s
           ON s.pipeline_id = $1 AND s.lexeme = w.lexeme AND s.classification = ANY($2::text[])
         GROUP BY w.lexeme),
       sizes AS (
         SELECT coalesce(sum(fragments), 0)::float8 AS fragments, coalesce(sum(tokens), 0)::float8 AS tokens
         FROM full_text_sizes WHERE pipeline_id = $1 AND classification = ANY($2::text[]))
       SELECT (SELECT array_agg(lexeme ORDER BY lexeme) FROM terms) AS lexemes,
              (SELECT array_agg(fragments ORDER BY lexeme) FROM terms) AS frequencies,
              sizes.fragments, sizes.tokens,
              ARRAY[${required.join(', ')}]::text[] AS required,
              ${excluded.length === 0 ? 'NULL' : `(${excluded.join(' || ')})::text`} AS excluded
       FROM sizes`,
      params,
    );
    const lexemes = row.lexemes ?? [];
    const frequencies = row.frequencies ?? [];
    return {
      lexemes: lexemes.map((lexeme, i) => ({ lexeme, fragments: Number(frequencies[i]) })),
      fragments: Number(row.fragments),
      tokens: Number(row.tokens),
      // A group whose phrases are all stop words asks for nothing.
      required: row.required.filter((tsquery) => tsquery !== ''),
      excluded: row.excluded === '' ? null : row.excluded,
    };
  }

  /**
   * One round: the fragments of the scope that hold one of the round's candidate lexemes
   * and none of the earlier rounds' (and the required phrases, none of what is excluded), scored by BM25 on all the
   * query's lexemes, best first, ties by id. Only the best are then read whole.
   */
  async bm25(scope: SearchScope, round: Bm25Round): Promise<RankedHit[]> {
    const { k1, b } = round.parameters;
    const params: unknown[] = [
      scope.pipelineId,
      scope.classifications,
      candidateQuery(round),
      round.lexemes.map((l) => l.lexeme),
      round.lexemes.map((l) => l.idf),
      k1,
      b,
      round.averageLength,
      round.limit,
    ];
    const where = [
      'f.pipeline_id = $1',
      'f.expired_at IS NULL',
      'f.classification = ANY($2::text[])',
      'f.search_vector @@ $3::tsquery',
    ];
    for (const tsquery of round.required) {
      params.push(tsquery);
      where.push(`f.search_vector @@ $${params.length}::tsquery`);
    }
    if (round.excluded !== null) {
      params.push(round.excluded);
      where.push(`NOT f.search_vector @@ $${params.length}::tsquery`);
    }
    if (scope.filter) where.push(...metadataConditions(scope.filter, params));
    // Each candidate's query lexemes, with their occurrences, are read by filtering its
    // tsvector down to them (setweight marks them, ts_filter keeps the marked) rather
    // than unnesting every lexeme it holds.
    const read = round.rows
      ? `SELECT ${FRAGMENT_COLUMNS}, r.score FROM ranked r JOIN fragments f ON f.id = r.id`
      : 'SELECT r.id, r.score FROM ranked r';
    const rows = await this.db.reader.query<FragmentRow & { score: number }>(
      `WITH ranked AS MATERIALIZED (
         SELECT f.id, (
             SELECT coalesce(sum(q.idf * t.tf * ($6::float8 + 1)
                      / (t.tf + $6::float8 * (1 - $7::float8 + $7::float8 * f.search_length / $8::float8))), 0)
             FROM (SELECT lexeme, array_length(positions, 1)::float8 AS tf
                   FROM unnest(ts_filter(setweight(f.search_vector, 'A', $4::text[]), '{a}'))) AS t
             JOIN unnest($4::text[], $5::float8[]) AS q(lexeme, idf) USING (lexeme)
           ) AS score
         FROM fragments f
         WHERE ${where.join(' AND ')}
         ORDER BY score DESC, f.id
         LIMIT $9)
       ${read}
       ORDER BY r.score DESC, r.id`,
      params,
    );
    const perfect = round.lexemes.reduce((sum, l) => sum + l.idf, 0);
    return rows.map(({ score, ...row }) => ({
      id: row.id,
      row: round.rows ? (row as FragmentRow) : null,
      rank: Number(score),
      relevance: perfect > 0 ? Math.min(1, Number(score) / perfect) : 0,
    }));
  }

  /**
   * The ranking of pipelines that keep `ts_rank`: `websearch_to_tsquery` (plain words
   * must all match; "quoted phrases", `or` and `-word` as in a web search engine),
   * ranked by `ts_rank`, best first.
   */
  async tsRank(scope: SearchScope, language: string, text: string, limit: number): Promise<RankedHit[]> {
    const params: unknown[] = [scope.pipelineId, scope.classifications, text, limit, language];
    const where = [
      'f.pipeline_id = $1',
      'f.expired_at IS NULL',
      'f.classification = ANY($2::text[])',
      'f.search_vector @@ q.query',
    ];
    if (scope.filter) where.push(...metadataConditions(scope.filter, params));
    const rows = await this.db.reader.query<FragmentRow & { rank: number }>(
      `SELECT ${FRAGMENT_COLUMNS}, ts_rank(f.search_vector, q.query)::float8 AS rank
       FROM fragments f, websearch_to_tsquery($5::regconfig, $3) AS q(query)
       WHERE ${where.join(' AND ')}
       ORDER BY rank DESC, f.id
       LIMIT $4`,
      params,
    );
    return rows.map(({ rank, ...row }) => ({
      id: row.id,
      row: row as FragmentRow,
      rank: Number(rank),
      relevance: Number(rank) / (Number(rank) + 0.1),
    }));
  }
}

/**
 * The tsquery of a round's candidates: any of its lexemes, none of the earlier rounds'.
 * In one tsquery the GIN index leaves out the fragments scored already (the lexemes
 * carry no weights or positions, so it needs no recheck) instead of the heap visiting
 * them to filter them out.
 */
function candidateQuery({ candidates, scored }: Bm25Round): string {
  const any = candidates.map(quoteLexeme).join(' | ');
  return scored.length === 0 ? any : `(${any}) & !(${scored.map(quoteLexeme).join(' | ')})`;
}

/** A lexeme as a tsquery operand: quoted, its quotes doubled and backslashes escaped. */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
