/**
 * The matrix rows of /pipelines/{id}/evaluations: starting and deleting one needs read
 * and execute on the pipeline (read without execute: 403; without read: the pipeline
 * does not exist); an evaluation is its key's and the admin's, so another key's answers
 * 404 as an unknown id does; what a limited kind's own evaluation found is what it may
 * read (the confidential documents its set names are unknown to it).
 */
import { HIDDEN, KeyKind, MatrixFixture, readsVersion } from '../permission-matrix.fixture';
import { EVALUATORS } from './evaluations.fixture';
import { fail, get, per, RestRow, sameSet } from './rows';

const evaluationsOf = (fx: MatrixFixture) => `/pipelines/${fx.a.id}/evaluations`;
/** The kind's own evaluation; the admin's for the kinds that cannot evaluate. */
const own = (fx: MatrixFixture, kind: KeyKind) => fx.evaluations[kind] ?? fx.evaluations.admin!;
/** Another key's: the full key's for the admin, the admin's for every other kind. */
const foreign = (fx: MatrixFixture, kind: KeyKind) =>
  kind === 'admin' ? fx.evaluations.full! : fx.evaluations.admin!;
/**
 * Its set names a document by id that the limited kinds may not read, and the
 * confidential classification (its searches' and an external id's words): the kind's
 * own words, echoed back.
 */
const sentIds = (fx: MatrixFixture) => [fx.docs['now-confidential'].id, HIDDEN];
/** The kinds that may search A, and so evaluate it. */
const evaluators = (status: number) =>
  per(
    404,
    Object.fromEntries(EVALUATORS.map((kind) => [kind, status])) as Partial<Record<KeyKind, number>>,
    401,
  );

/** Every document found is one the kind may read, and its own answers are found. */
const foundOnlyReadable = (ranked: any[], fx: MatrixFixture, kind: KeyKind) => {
  const byId = new Map(Object.values(fx.docs).map((doc) => [doc.id, doc]));
  for (const doc of ranked) {
    const known = byId.get(doc.document_id);
    if (known && !readsVersion(kind, 'A', known.versions.at(-1)!.classification))
      fail(`found the ${HIDDEN} document ${doc.document_id}`);
  }
  if (ranked.length === 0) fail('found nothing: the check cannot tell anything');
};

export const EVALUATION_READ_ROWS: RestRow[] = [
  {
    route: 'GET /pipelines/:id/evaluations',
    request: get((fx) => `${evaluationsOf(fx)}?limit=1000`),
    expect: per(
      404,
      { admin: 200, full: 200, 'read-only': 200, 'read-execute-public': 200, 'all-public': 200 },
      401,
    ),
    check: (body, fx, kind) => {
      const ids: string[] = body.data.map((e: any) => e.id);
      const mine = fx.evaluations[kind];
      if (kind === 'admin') {
        for (const other of EVALUATORS)
          if (!ids.includes(fx.evaluations[other]!.id)) fail(`misses ${other}'s evaluation`);
      } else sameSet(ids, mine ? [mine.id, mine.doomed] : [], 'evaluations');
    },
  },
  {
    route: 'GET /pipelines/:id/evaluations/:evaluationId',
    request: get((fx, kind) => `${evaluationsOf(fx)}/${own(fx, kind).id}`),
    // Read-only may read the pipeline's evaluations, but has none: the admin's is not its own.
    expect: evaluators(200),
    known: sentIds,
    check: (body, fx, kind) => {
      if (body.status !== 'done') fail(`status ${body.status}`);
      const found = body.results.flatMap((result: any) => result.queries.flatMap((q: any) => q.ranked));
      foundOnlyReadable(found, fx, kind);
      const unknown = body.queries[0].unknown_relevant.length;
      if (unknown !== (kind === 'admin' || kind === 'full' ? 0 : 2))
        fail(`${unknown} unknown relevant items`);
    },
  },
  {
    route: 'GET /pipelines/:id/evaluations/:evaluationId',
    case: "another key's evaluation",
    request: get((fx, kind) => `${evaluationsOf(fx)}/${foreign(fx, kind).id}`),
    expect: per(404, { admin: 200 }, 401),
    known: (fx, kind) => [foreign(fx, kind).id],
  },
  {
    route: 'GET /pipelines/:id/evaluations/:evaluationId/queries/:position',
    request: get((fx, kind) => `${evaluationsOf(fx)}/${own(fx, kind).id}/queries/0`),
    expect: evaluators(200),
    known: sentIds,
    check: (body, fx, kind) =>
      foundOnlyReadable(
        body.results.flatMap((result: any) => result.ranked),
        fx,
        kind,
      ),
  },
  {
    route: 'GET /pipelines/:id/evaluations/:evaluationId/queries/:position',
    case: "another key's evaluation",
    request: get((fx, kind) => `${evaluationsOf(fx)}/${foreign(fx, kind).id}/queries/0`),
    expect: per(404, { admin: 200 }, 401),
    known: (fx, kind) => [foreign(fx, kind).id],
  },
  {
    route: 'GET /jobs',
    case: 'the jobs of evaluations',
    request: get(() => '/jobs?kind=evaluation&limit=1000'),
    expect: per(200, {}, 401),
    check: (body, fx, kind) => {
      const ids: string[] = body.data.map((job: any) => job.id);
      const mine = fx.evaluations[kind];
      if (kind === 'admin') {
        for (const other of EVALUATORS)
          if (!ids.includes(fx.evaluations[other]!.jobId)) fail(`misses ${other}'s job`);
      } else sameSet(ids, mine ? [mine.jobId, mine.doomedJobId] : [], 'evaluation jobs');
    },
  },
];

export const EVALUATION_WRITE_ROWS: RestRow[] = [
  {
    route: 'POST /pipelines/:id/evaluations',
    request: (fx) => ({
      method: 'POST',
      path: evaluationsOf(fx),
      body: {
        name: 'matrix evaluation',
        classifications: [HIDDEN, 'public'],
        queries: [
          {
            id: 'q',
            query: 'lighthouse keeper notes',
            relevant: [{ external_id: fx.docs.public.externalId }],
          },
        ],
        searches: [{ type: 'search' }],
      },
    }),
    expect: per(404, { ...evaluators(202), 'read-only': 403 }, 401),
  },
  {
    route: 'DELETE /pipelines/:id/evaluations/:evaluationId',
    request: (fx, kind) => ({ method: 'DELETE', path: `${evaluationsOf(fx)}/${own(fx, kind).doomed}` }),
    // Read-only lacks execute; the others without read see no pipeline (the admin's was deleted by then).
    expect: per(404, { ...evaluators(204), 'read-only': 403 }, 401),
    known: (fx, kind) => [own(fx, kind).doomed],
  },
];
