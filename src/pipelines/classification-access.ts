/**
 * What a key may see of a pipeline's classifications: the one place that turns a
 * key's grant into the classifications its reads, writes and error texts cover.
 *
 * The rule everything else follows: a version of a document whose classification is
 * outside the key's allow-list does not exist for that key. Reads (documents, versions,
 * fragments, counts, searches, job results) return only versions in the allow-list, a
 * write through an external id versions only documents in it, and an error text names
 * only classifications the key may read.
 *
 * A grant's allow-list is read hierarchically, like a search: a key allowed `internal`,
 * where internal inherits public, also sees public documents. The hierarchy is the
 * pipeline's statement that whoever may read `internal` may read what it inherits, and
 * an allow-list written as one name should not have to repeat the whole chain below it.
 */
import { AuthContext, Permission } from '../auth/auth-context';
import { expandClassifications } from './classification-hierarchy';
import { PipelineRecord } from './pipeline';

type PipelineClassifications = Pick<PipelineRecord, 'id' | 'classifications' | 'hierarchy'>;

export interface ClassificationAccess {
  /**
   * null: every classification; otherwise the (sorted) names whose versions the key may
   * see, write, replace and expire. Read and write permission are checked apart from it.
   */
  allowed: string[] | null;
  /** What an error text may list: the pipeline's classifications the key may read (none without read permission). */
  nameable: string[];
}

/** null: every classification; otherwise the (sorted) names the key may see and write. */
export function allowedClassifications(
  auth: AuthContext,
  pipeline: PipelineClassifications,
): string[] | null {
  const allowList = auth.access(pipeline.id).classifications;
  if (allowList === '*') return null;
  return expandClassifications(allowList, pipeline, 'hierarchical');
}

export function classificationAccess(
  auth: AuthContext,
  pipeline: PipelineClassifications,
): ClassificationAccess {
  const allowed = allowedClassifications(auth, pipeline);
  const nameable = !auth.can(pipeline.id, Permission.Read) ? [] : (allowed ?? pipeline.classifications);
  return { allowed, nameable };
}

/** Whether a version of this classification exists for the key (in SQL: common/classification-sql.ts). */
export function mayAccess(allowed: string[] | null, classification: string): boolean {
  return allowed === null || allowed.includes(classification);
}

/** `requested` narrowed to what the key may see. */
export function narrowClassifications(requested: string[], allowed: string[] | null): string[] {
  if (allowed === null) return requested;
  const set = new Set(allowed);
  return requested.filter((name) => set.has(name));
}
