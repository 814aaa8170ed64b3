/**
 * How a fragment looks in answers (a document's fragments). Keys in alphabetical
 * order, as the published Fragment is, and so is every key of its metadata.
 */
import { sortKeysDeep } from '../common/sort-keys';
import { Fragment } from './fragment';
import { FragmentView } from './fragments.wire';

export function presentFragment(fragment: Fragment): FragmentView {
  return {
    classification: fragment.classification,
    document_id: fragment.documentId,
    expired_at: fragment.expiredAt ? fragment.expiredAt.toISOString() : null,
    id: fragment.id,
    metadata: sortKeysDeep(fragment.metadata),
    order_id: fragment.orderId,
    ...(fragment.text === '' ? {} : { page_content: fragment.text }),
    version: fragment.version,
  };
}
