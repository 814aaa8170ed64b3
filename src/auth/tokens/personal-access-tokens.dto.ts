import { z } from 'zod';
import { nameSchema } from '../../common/validation';
import { grantsSchema, scopesSchema } from '../api-keys.dto';

/** A year: a token is a credential a person keeps, and should expire within one review cycle. */
export const MAX_TOKEN_SECONDS = 366 * 86_400;
const DEFAULT_TOKEN_SECONDS = 30 * 86_400;

export const CreatePersonalAccessTokenSchema = z.strictObject({
  name: nameSchema,
  /** Seconds from now; omitted: 30 days. */
  expires_in: z
    .number({ error: `must be an integer from 1 to ${MAX_TOKEN_SECONDS}` })
    .int(`must be an integer from 1 to ${MAX_TOKEN_SECONDS}`)
    .min(1, `must be an integer from 1 to ${MAX_TOKEN_SECONDS}`)
    .max(MAX_TOKEN_SECONDS, `must be an integer from 1 to ${MAX_TOKEN_SECONDS}`)
    .default(DEFAULT_TOKEN_SECONDS),
  grants: grantsSchema,
  /** Omitted: none (the token opens no agents route). */
  scopes: scopesSchema.default([]),
});
export type CreatePersonalAccessTokenDto = z.output<typeof CreatePersonalAccessTokenSchema>;
