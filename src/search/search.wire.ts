/** The answer of a search, as the OpenAPI document publishes it. */
import { z } from 'zod';
import { Fragment } from '../fragments/fragments.wire';

/** A fragment found by a search: how near (vectors) or well ranked (full text) it is. */
export const SearchHit = Fragment.extend({ score: z.number() });
