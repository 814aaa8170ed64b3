/**
 * Full-text search: BM25 over the scope's statistics (bm25.ts), round by round until
 * the best k are known, or `ts_rank` for pipelines that keep it. A query's lexemes and
 * their statistics are read in one statement, then one statement per round (most
 * queries need one: see bm25.ts).
 */
import { Injectable } from '@nestjs/common';
import { FullTextSettings, SearchScope } from '../fragment';
import { complete, roundOf, weighLexemes } from './bm25';
import { FullTextRepository, RankedHit } from './full-text.repository';
import { parseWebQuery } from './web-query';

@Injectable()
export class FullTextSearch {
  constructor(private readonly repository: FullTextRepository) {}

  /**
   * The `limit` best ranked live fragments in scope, those ranked below `minRank` left
   * out; read whole, or (`rows` false) their ids only.
   */
  async search(
    scope: SearchScope,
    text: string,
    settings: FullTextSettings,
    limit: number,
    minRank: number | null,
    { rows = true }: { rows?: boolean } = {},
  ): Promise<RankedHit[]> {
    const hits =
      settings.ranking === 'ts_rank'
        ? await this.repository.tsRank(scope, settings.language, text, limit)
        : await this.bm25(scope, text, settings, limit, minRank, rows);
    return hits.filter((hit) => minRank === null || hit.rank >= minRank);
  }

  private async bm25(
    scope: SearchScope,
    text: string,
    settings: FullTextSettings,
    limit: number,
    minRank: number | null,
    rows: boolean,
  ): Promise<RankedHit[]> {
    const query = parseWebQuery(text);
    if (query.wanted.length === 0) return [];
    const statistics = await this.repository.statistics(scope, settings.language, query);
    if (statistics.fragments === 0) return [];
    const lexemes = weighLexemes(statistics.lexemes, statistics.fragments, settings);
    if (lexemes.length === 0) return []; // no fragment holds any of its words
    const averageLength = statistics.tokens / statistics.fragments || 1;
    // Each round that cannot stop doubles the lexemes whose fragments are scored, so a long
    // query takes a few rounds, not one per word. A round reads only the fragments that
    // earlier rounds did not: those holding none of their lexemes (scored already, on every
    // lexeme of the query), and keeps the best of its own and the earlier rounds' hits.
    let best: RankedHit[] = [];
    let scored = 0;
    for (let round = 1; ; round = Math.min(2 * round, lexemes.length)) {
      const { candidates, rest } = roundOf(lexemes, round);
      const hits = await this.repository.bm25(scope, {
        candidates: candidates.slice(scored),
        scored: candidates.slice(0, scored),
        lexemes,
        averageLength,
        parameters: settings,
        required: statistics.required,
        excluded: statistics.excluded,
        limit,
        rows,
      });
      best = bestOf(best, hits, limit);
      scored = candidates.length;
      if (
        complete(
          best.map((hit) => hit.rank),
          limit,
          rest,
          minRank,
        )
      )
        return best;
    }
  }
}

/** The `limit` best of two rankings of distinct fragments, in the SQL's order: rank descending, ties by id. */
function bestOf(a: RankedHit[], b: RankedHit[], limit: number): RankedHit[] {
  if (a.length === 0) return b;
  return [...a, ...b]
    .sort((x, y) => y.rank - x.rank || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
    .slice(0, limit);
}
