/**
 * The classifications a page offers for a pipeline. A key allowed every classification
 * reads them, with their hierarchy, from `GET /pipelines/{id}/classifications`. A key
 * limited to some is refused that list (it would name the others), so the console
 * offers the names its own grant lists (`GET /api_keys/me`) and says why no other is
 * offered, naming nothing the key may not see.
 */
import { get } from './api/client';
import type { Classifications } from './api/types';
import { READ } from './api/types';
import { useAbilities } from './context';
import { Loaded, useLoad } from './hooks';

export interface UsableClassifications {
  /** The names the key may use; null when it may not read the pipeline's list (a name must be typed). */
  names: string[] | null;
  /** The pipeline's hierarchy, for a key allowed every classification. */
  hierarchy: Classifications['hierarchy'] | null;
  /** The names are the key's grant, not the pipeline's list. */
  limited: boolean;
}

/** Why a limited key is offered only these names: shown beside them. */
export const limitedHint = (names: string[]) =>
  names.length === 0
    ? 'This key’s grant allows no classification of this pipeline.'
    : `This key’s grant allows only ${names.join(', ')} (and what they inherit): Trove shows the ` +
      'other classifications of a pipeline, and its hierarchy, to keys allowed every classification.';

export function useClassifications(pipelineId: string | undefined): Loaded<UsableClassifications | null> {
  const abilities = useAbilities();
  return useLoad(async () => {
    if (!pipelineId) return null;
    const allowed = abilities.classifications(pipelineId);
    if (allowed !== '*') return { names: allowed, hierarchy: null, limited: true };
    if (!abilities.can(pipelineId, READ)) return { names: null, hierarchy: null, limited: false };
    const listed = await get<Classifications>(`/pipelines/${pipelineId}/classifications`);
    return { names: listed.classifications, hierarchy: listed.hierarchy, limited: false };
  }, [pipelineId]);
}
