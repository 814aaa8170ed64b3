/**
 * The evaluations part of the matrix's world: each kind that may evaluate pipeline A
 * (read and execute) has a finished evaluation of its own and one to delete. Their sets
 * ask for the confidential documents too, so an evaluation of the admin holds
 * confidential ids a limited kind must never reach. Each evaluation's query holds a
 * marker: the markers of one kind are secrets to every other but the admin (an
 * evaluation is its key's, and admins').
 */
import { Api, Credentials } from '../../support/http';
import { waitForJob } from '../../support/jobs';
import type { FixtureDocument, KeyKind } from '../permission-matrix.fixture';

/** The kinds with read and execute on A. */
export const EVALUATORS: readonly KeyKind[] = ['admin', 'full', 'read-execute-public', 'all-public'];

export interface KindEvaluations {
  /** Finished, its outcome stored. */
  id: string;
  jobId: string;
  /** To delete. */
  doomed: string;
  doomedJobId: string;
  marker: string;
}

export type EvaluationsFixture = Partial<Record<KeyKind, KindEvaluations>>;

export async function buildEvaluationsFixture(
  admin: Api,
  keys: Record<KeyKind, Credentials>,
  pipelineA: string,
  docs: Record<string, FixtureDocument>,
  hidden: string,
  unique: (prefix: string) => string,
): Promise<EvaluationsFixture> {
  const fixture: EvaluationsFixture = {};
  for (const kind of EVALUATORS) {
    const marker = unique(`EVAL-${kind}`);
    const start = async (name: string) => {
      const created = await admin.as(keys[kind]).post(`/pipelines/${pipelineA}/evaluations`, {
        name: unique(name),
        k: 10,
        classifications: [hidden, 'public'],
        queries: [
          {
            id: 'lighthouse',
            query: `${marker} lighthouse keeper notes`,
            relevant: [
              { external_id: docs.confidential.externalId, grade: 2 },
              { document_id: docs['now-confidential'].id },
              { external_id: docs.public.externalId },
            ],
          },
        ],
        searches: [{ type: 'search' }, { type: 'similarity' }],
      });
      if (created.status !== 202)
        throw new Error(`fixture: evaluation of ${kind}: ${created.status} ${created.text}`);
      const job = await waitForJob(admin, created.body.job_id);
      if (job.state !== 'succeeded')
        throw new Error(`fixture: evaluation of ${kind} failed: ${JSON.stringify(job.errors)}`);
      return { id: created.body.id as string, jobId: created.body.job_id as string };
    };
    const done = await start(`evaluation-${kind}`);
    const doomed = await start(`doomed-evaluation-${kind}`);
    fixture[kind] = { id: done.id, jobId: done.jobId, doomed: doomed.id, doomedJobId: doomed.jobId, marker };
  }
  return fixture;
}
