import { z } from 'zod';
import { nameSchema } from '../../common/validation';
import { grantsSchema, scopesSchema } from '../../auth/api-keys.dto';

export const CreateOAuthClientSchema = z.strictObject({
  name: nameSchema,
  grants: grantsSchema,
  /** The agents API's scopes the client may ask for; omitted: none. */
  scopes: scopesSchema.default([]),
});
export type CreateOAuthClientDto = z.output<typeof CreateOAuthClientSchema>;

export const UpdateOAuthClientSchema = z.strictObject({
  name: nameSchema.optional(),
  grants: grantsSchema.optional(),
  scopes: scopesSchema.optional(),
});
export type UpdateOAuthClientDto = z.output<typeof UpdateOAuthClientSchema>;
