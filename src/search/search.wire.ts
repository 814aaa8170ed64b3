/** The answer of a search, as the OpenAPI document publishes it. */
import { z } from 'zod';
import { Fragment, FragmentView } from '../fragments/fragments.wire';

/** A fragment found by a search: how near (vectors) or well ranked (full text) it is. */
export const SearchHit = Fragment.extend({ score: z.number() });
/** A hit as search-hit.ts presents it: `page_content` absent when empty, as in a FragmentView. */
export type SearchFragment = Omit<z.output<typeof SearchHit>, 'page_content'> &
  Pick<FragmentView, 'page_content'>;
