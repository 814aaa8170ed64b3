/**
 * Evaluations of a pipeline's retrieval: a labelled set searched with several search
 * configurations by a background job (evaluation-runner.ts), then the metrics of each.
 *
 * Starting one needs read and execute on the pipeline, as a search does; every search of
 * it is checked when it is sent, as a REST search would be. An evaluation holds what its
 * key could find, so it is visible to that key and to admin keys only (like a job), and
 * only while the key may read the pipeline; the documents it found are shown while the
 * key may still read them (a narrowed grant hides the ids, the metrics stay).
 */
import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, Permission } from '../auth/auth-context';
import { conflict, hasReason, invalid, notFound } from '../common/errors';
import { newId } from '../common/ids';
import { ListEnvelope, parseListQuery, toEnvelope } from '../common/list';
import { SETTINGS, Settings } from '../config/settings';
import { DatabaseService } from '../database/database.service';
import { DocumentsService } from '../documents/documents.service';
import { JobView } from '../documents/documents.wire';
import { JobsService } from '../documents/jobs.service';
import { FragmentsService } from '../fragments/fragments.service';
import { allowedClassifications } from '../pipelines/classification-access';
import { PipelineRecord } from '../pipelines/pipeline';
import { PipelinesService } from '../pipelines/pipelines.service';
import { SearchService } from '../search/search.service';
import { EvaluationGauges } from './evaluation-gauges';
import { EvaluationCipher } from './evaluation-cipher';
import { EvaluationSpec, QueryOutcome, RankedDocument } from './evaluation-set';
import { EvaluationInput, inSearch, parseEvaluationBody } from './evaluations.dto';
import {
  EVALUATION_FILTERS,
  EvaluationRow,
  EvaluationsRepository,
  EvaluationSummaryRow,
} from './evaluations.repository';
import { Metrics } from './metrics';
import { EvaluationQueryView, EvaluationSummaryView, EvaluationView } from './evaluations.wire';
import { EvaluationErrorReason } from './evaluation-errors';
import { SearchErrorReason } from '../search/search-errors';

export { EVALUATION_FILTERS };

/** Document ids checked per statement when an evaluation's results are narrowed to what its key may read now. */
const VISIBILITY_CHUNK = 10_000;

const evaluationNotFound = (id: string) =>
  notFound(EvaluationErrorReason.NotFound, 'Evaluation not found', { id });

@Injectable()
export class EvaluationsService {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly db: DatabaseService,
    private readonly repository: EvaluationsRepository,
    private readonly cipher: EvaluationCipher,
    private readonly pipelines: PipelinesService,
    private readonly search: SearchService,
    private readonly jobs: JobsService,
    private readonly documents: DocumentsService,
    private readonly fragments: FragmentsService,
    private readonly gauges: EvaluationGauges,
  ) {}

  async create(auth: AuthContext, pipelineId: string, body: unknown): Promise<EvaluationSummaryView> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read | Permission.Execute);
    const input = parseEvaluationBody(body);
    await this.check(auth, pipeline, input);
    const id = newId();
    const spec: EvaluationSpec = {
      classifications: input.classifications,
      queries: input.queries,
      searches: input.searches.map(({ label, body }) => ({ label, body })),
    };
    const sealed = this.cipher.sealSpec(id, spec);
    const job = await this.db.transaction(async (tx) => {
      const queued = await this.jobs.queue(auth, 'evaluation', pipeline.id, input.queries.length, tx);
      await this.repository.insert(
        {
          id,
          pipeline_id: pipeline.id,
          job_id: queued.id,
          api_key_id: auth.keyId,
          name: input.name,
          k: input.k,
          query_count: input.queries.length,
          labels: input.searches.map((search) => search.label),
          spec: sealed.data,
          spec_key_id: sealed.keyId,
        },
        tx,
      );
      return queued;
    });
    return presentSummary((await this.repository.find(pipeline.id, id))!, job);
  }

  async list(
    auth: AuthContext,
    pipelineId: string,
    query: Record<string, unknown>,
  ): Promise<ListEnvelope<EvaluationSummaryView>> {
    const pipeline = await this.pipelines.access(auth, pipelineId, Permission.Read);
    const parsed = parseListQuery(query, EVALUATION_FILTERS);
    const rows = await this.repository.list(pipeline.id, auth.admin ? null : auth.keyId, parsed);
    const jobs = await this.jobs.findViews(rows.map((row) => row.job_id));
    return toEnvelope(rows, parsed, (row) => presentSummary(row, jobs.get(row.job_id)));
  }

  async get(auth: AuthContext, pipelineId: string, id: string): Promise<EvaluationView> {
    const { pipeline, row } = await this.visible(auth, pipelineId, id, Permission.Read);
    const job = (await this.jobs.findViews([row.job_id])).get(row.job_id);
    const spec = this.cipher.openSpec(row);
    const outcomes = this.cipher.openOutcomes(row.id, await this.repository.outcomes(row.id));
    const hidden = await this.hiddenDocuments(auth, pipeline, outcomes);
    const summary = presentSummary(row, job);
    return {
      ...summary,
      classifications: spec.classifications,
      searches: spec.searches.map(({ label, body }) => ({ label, search: body })),
      queries: spec.queries.map((query, position) => ({
        id: query.id,
        query: query.query,
        relevant: query.relevant,
        unknown_relevant: outcomes[position]?.unknown ?? null,
      })),
      results:
        summary.results === null
          ? null
          : summary.results.map((result, i) => ({
              ...result,
              search: spec.searches[i].body,
              queries: outcomes.map((outcome, position) => {
                const search = outcome.searches[i];
                return {
                  id: spec.queries[position].id,
                  metrics: 'metrics' in search ? search.metrics : null,
                  ranked: 'ranked' in search ? search.ranked.map((doc) => shown(doc, hidden)) : [],
                };
              }),
            })),
    };
  }

  /** One query of a finished evaluation, with the passages each search returned that the key may still read. */
  async query(
    auth: AuthContext,
    pipelineId: string,
    id: string,
    rawPosition: string,
  ): Promise<EvaluationQueryView> {
    const { pipeline, row } = await this.visible(auth, pipelineId, id, Permission.Read);
    const position = /^\d{1,9}$/.test(rawPosition) ? Number(rawPosition) : NaN;
    if (!Number.isInteger(position))
      throw invalid(
        EvaluationErrorReason.InvalidInput,
        `position: expected the position of a query in the evaluation (0 to ${row.query_count - 1})`,
      );
    if (position >= row.query_count)
      throw notFound(EvaluationErrorReason.QueryNotFound, 'Query not found', { position });
    const [stored] = await this.repository.outcomes(row.id, position, 1);
    if (!stored || stored.position !== position)
      throw conflict(
        EvaluationErrorReason.NotSearchedYet,
        `Query ${position} of this evaluation has not been searched yet`,
      );
    const [outcome] = this.cipher.openOutcomes(row.id, [stored]);
    const spec = this.cipher.openSpec(row);
    const query = spec.queries[position];
    const hidden = await this.hiddenDocuments(auth, pipeline, [outcome]);
    const allowed = allowedClassifications(auth, pipeline);
    const fragmentIds = outcome.searches.flatMap((search) =>
      'ranked' in search ? search.ranked.flatMap((doc) => doc.fragment_ids) : [],
    );
    const passages = new Map(
      (
        await this.fragments.liveByIds(
          { pipelineId: pipeline.id, classifications: allowed ?? pipeline.classifications, filter: null },
          [...new Set(fragmentIds)],
        )
      ).map((fragment) => [fragment.id, fragment.text]),
    );
    return {
      position,
      id: query.id,
      query: query.query,
      relevant: query.relevant,
      unknown_relevant: outcome.unknown,
      results: outcome.searches.map((search, i) => ({
        label: spec.searches[i].label,
        metrics: 'metrics' in search ? search.metrics : null,
        error: 'error' in search ? search.error : null,
        ranked:
          'ranked' in search
            ? search.ranked.map((doc) => {
                const visible = shown(doc, hidden);
                return {
                  ...visible,
                  passages: visible.fragment_ids
                    .filter((fragmentId) => passages.has(fragmentId))
                    .map((fragmentId) => ({ fragment_id: fragmentId, text: passages.get(fragmentId)! })),
                };
              })
            : [],
      })),
    };
  }

  /** Deletes the evaluation; a queued or running one is cancelled (its job ends as failed). */
  async delete(auth: AuthContext, pipelineId: string, id: string): Promise<void> {
    const { pipeline } = await this.visible(auth, pipelineId, id, Permission.Read | Permission.Execute);
    if (!(await this.repository.delete(pipeline.id, id))) throw evaluationNotFound(id);
    void this.gauges.refresh();
  }

  /** Refuses, before anything is queued, what the job would refuse: the bounds, each query's text, each search. */
  private async check(auth: AuthContext, pipeline: PipelineRecord, input: EvaluationInput): Promise<void> {
    const { evaluationMaxQueries, evaluationMaxSearches, searchMaxK } = this.settings.limits;
    if (input.queries.length > evaluationMaxQueries)
      throw invalid(
        EvaluationErrorReason.InvalidInput,
        `queries: must hold at most ${evaluationMaxQueries} queries (TROVE_EVALUATION_MAX_QUERIES)`,
      );
    if (input.searches.length > evaluationMaxSearches)
      throw invalid(
        EvaluationErrorReason.InvalidInput,
        `searches: must hold at most ${evaluationMaxSearches} searches (TROVE_EVALUATION_MAX_SEARCHES)`,
      );
    if (input.k > searchMaxK)
      throw invalid(
        EvaluationErrorReason.InvalidInput,
        `k: must be at most ${searchMaxK} (TROVE_SEARCH_MAX_K)`,
      );
    for (const [i, search] of input.searches.entries()) {
      for (const [q, { query }] of input.queries.entries()) {
        try {
          this.search.checkRules({ ...search.request, query });
        } catch (error) {
          if (hasReason(error, SearchErrorReason.InvalidQuery))
            throw invalid(EvaluationErrorReason.InvalidInput, `queries[${q}].${error.message}`);
          throw inSearch(i, error);
        }
      }
      await this.search
        .check(auth, pipeline.id, { ...search.request, query: input.queries[0].query })
        .catch((error: unknown) => {
          throw inSearch(i, error);
        });
    }
  }

  /** The evaluation if `auth` may see it (its key, or an admin) with these permissions on its pipeline. */
  private async visible(
    auth: AuthContext,
    pipelineId: string,
    id: string,
    permissions: number,
  ): Promise<{ pipeline: PipelineRecord; row: EvaluationRow }> {
    const pipeline = await this.pipelines.access(auth, pipelineId, permissions);
    const row = await this.repository.find(pipeline.id, id);
    if (!row || (!auth.admin && row.api_key_id !== auth.keyId)) throw evaluationNotFound(id);
    return { pipeline, row };
  }

  /** The documents found that `auth` may no longer read (its grant narrowed since): shown without their ids. */
  private async hiddenDocuments(
    auth: AuthContext,
    pipeline: PipelineRecord,
    outcomes: QueryOutcome[],
  ): Promise<Set<string>> {
    const allowed = allowedClassifications(auth, pipeline);
    if (allowed === null) return new Set();
    const found = [
      ...new Set(
        outcomes.flatMap((outcome) =>
          outcome.searches.flatMap((search) =>
            'ranked' in search
              ? search.ranked.flatMap((doc) => (doc.document_id ? [doc.document_id] : []))
              : [],
          ),
        ),
      ),
    ];
    const readable = new Set<string>();
    for (let from = 0; from < found.length; from += VISIBILITY_CHUNK) {
      const chunk = found.slice(from, from + VISIBILITY_CHUNK);
      for (const doc of await this.documents.findNamed(
        pipeline.id,
        { ids: chunk, externalIds: [] },
        allowed,
        {
          live: false,
        },
      ))
        readable.add(doc.id);
    }
    return new Set(found.filter((documentId) => !readable.has(documentId)));
  }
}

function shown(doc: RankedDocument, hidden: Set<string>): RankedDocument {
  if (doc.document_id === null || !hidden.has(doc.document_id)) return doc;
  return { document_id: null, external_id: null, grade: doc.grade, fragment_ids: [] };
}

/** The evaluation as its job stands: the job's state is its status, the job's progress its own. */
function presentSummary(row: EvaluationSummaryRow, job: JobView | undefined): EvaluationSummaryView {
  const state = job?.state ?? 'failed';
  const done = state === 'succeeded';
  return {
    id: row.id,
    pipeline_id: row.pipeline_id,
    job_id: row.job_id,
    name: row.name,
    status: done ? 'done' : state,
    progress: { done: job?.processed ?? 0, total: job?.total ?? row.query_count },
    k: row.k,
    labels: row.labels,
    error: state === 'failed' ? (job?.errors.at(-1)?.detail ?? 'The evaluation failed') : null,
    created_at: row.created_at.toISOString(),
    finished_at:
      (row.finished_at ?? (job?.finished_at ? new Date(job.finished_at) : null))?.toISOString() ?? null,
    results:
      done && row.summary
        ? row.summary.map((search) => ({
            label: search.label,
            // jsonb keeps keys in its own order: the metrics in the published one.
            metrics: search.metrics === null ? null : inOrder(search.metrics),
            latency_ms: search.latency_ms,
            error: search.error,
          }))
        : null,
  };
}

const inOrder = (m: Metrics): Metrics => ({
  hit_at_k: m.hit_at_k,
  recall_at_k: m.recall_at_k,
  precision_at_k: m.precision_at_k,
  mrr_at_k: m.mrr_at_k,
  ndcg_at_k: m.ndcg_at_k,
});
