/**
 * What a key may see of a pipeline's classifications.
 *
 * A grant's allow-list names classifications; like a search, it is read
 * hierarchically: a key allowed `internal`, where internal inherits public, also
 * sees public documents. The hierarchy is the pipeline's statement that whoever may
 * read `internal` may read what it inherits, and an allow-list written as one name
 * should not have to repeat the whole chain below it.
 */
import { AuthContext } from '../auth/auth-context';
import { expandClassifications } from '../pipelines/classification-hierarchy';
import { PipelineRow } from '../pipelines/pipelines.repository';

/** null: every classification; otherwise the (sorted) names the key may see and write. */
export function allowedClassifications(
  auth: AuthContext,
  pipeline: Pick<PipelineRow, 'id' | 'classifications' | 'hierarchy'>,
): string[] | null {
  const allowList = auth.access(pipeline.id).classifications;
  if (allowList === '*') return null;
  return expandClassifications(allowList, pipeline, 'hierarchical');
}

/** `requested` narrowed to what the key may see. */
export function narrowClassifications(requested: string[], allowed: string[] | null): string[] {
  if (allowed === null) return requested;
  const set = new Set(allowed);
  return requested.filter((name) => set.has(name));
}
