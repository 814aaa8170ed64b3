/**
 * Vector indexes are built in the background (src/fragments/vector-index/): a write answers
 * once its vectors are searchable (exactly, until indexed). A test about what the index
 * does waits for the builder to catch up first, read off Trove's own metrics.
 */
import { Api } from './http';
import { counterValue } from './metrics';
import { waitFor } from './wait';

export const vectorIndexBuilds = (api: Api) => counterValue(api, 'trove_vector_index_build_seconds_count');
const pendingVectors = (api: Api) => counterValue(api, 'trove_vector_index_pending_vectors');

/** Waits until more than `buildsBefore` indexes were built and no vector is left outside one. */
export function vectorIndexesCaughtUp(api: Api, what: string, buildsBefore = 0): Promise<unknown> {
  return waitFor(
    what,
    async () => (await vectorIndexBuilds(api)) > buildsBefore && (await pendingVectors(api)) === 0,
    { timeoutMs: 60_000 },
  );
}
