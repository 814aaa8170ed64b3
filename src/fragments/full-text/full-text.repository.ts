/**
 * The SQL of full-text search over fragments' lexemes (`fragments.search_vector`).
 */
import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../database/database.service';
import { SearchScope } from '../fragment';
import { FRAGMENT_COLUMNS, FragmentRow, TEXT_SEARCH_CONFIG } from '../fragments.repository';
import { metadataConditions } from '../vector-search/vector-scan.repository';

export interface RankedHit {
  row: FragmentRow;
  rank: number;
}

@Injectable()
export class FullTextRepository {
  constructor(private readonly db: DatabaseService) {}

  /**
   * `websearch_to_tsquery` (plain words must all match; "quoted phrases", `or` and
   * `-word` as in a web search engine), ranked by `ts_rank`, best first.
   */
  search(scope: SearchScope, text: string, limit: number): Promise<RankedHit[]> {
    const params: unknown[] = [scope.pipelineId, scope.classifications, text, limit];
    const where = [
      'f.pipeline_id = $1',
      'f.expired_at IS NULL',
      'f.classification = ANY($2::text[])',
      'f.search_vector @@ q.query',
    ];
    if (scope.filter) where.push(...metadataConditions(scope.filter, params));
    return this.db.reader
      .query<FragmentRow & { rank: number }>(
        `SELECT ${FRAGMENT_COLUMNS}, ts_rank(f.search_vector, q.query)::float8 AS rank
         FROM fragments f, websearch_to_tsquery('${TEXT_SEARCH_CONFIG}', $3) AS q(query)
         WHERE ${where.join(' AND ')}
         ORDER BY rank DESC, f.id
         LIMIT $4`,
        params,
      )
      .then((rows) => rows.map(({ rank, ...row }) => ({ row: row as FragmentRow, rank: Number(rank) })));
  }
}
