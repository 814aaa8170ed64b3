import { z } from 'zod';
import { isUuid } from '../common/ids';
import { nameSchema } from '../common/validation';
import { grantsSchema, scopesSchema } from '../auth/api-keys.dto';

export const CreateRoleSchema = z.strictObject({
  name: nameSchema,
  grants: grantsSchema.default([]),
  /** Omitted: none (the role opens no agents route). */
  scopes: scopesSchema.default([]),
});
export type CreateRoleDto = z.output<typeof CreateRoleSchema>;

export const UpdateRoleSchema = z.strictObject({
  name: nameSchema.optional(),
  grants: grantsSchema.optional(),
  scopes: scopesSchema.optional(),
});
export type UpdateRoleDto = z.output<typeof UpdateRoleSchema>;

/** A claim's name as the ID token spells it (`groups`, `email`, `realm_access.roles`). */
export const claimNameSchema = z
  .string({ error: 'must be a claim name' })
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .refine((v) => !/[\u0000-\u001f]/.test(v), 'must not hold control characters');

/** A claim's value: a group, an address; compared exactly, case included. */
const claimValueSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(1000, 'must be at most 1000 characters');

const roleIdSchema = z
  .string({ error: 'must be a role UUID' })
  .refine((v) => isUuid(v), 'must be a role UUID')
  .transform((v) => v.toLowerCase());

export const CreateRoleBindingSchema = z.strictObject({
  claim: claimNameSchema,
  value: claimValueSchema,
  role_id: roleIdSchema,
});
export type CreateRoleBindingDto = z.output<typeof CreateRoleBindingSchema>;

export const UpdateRoleBindingSchema = z.strictObject({
  claim: claimNameSchema.optional(),
  value: claimValueSchema.optional(),
  role_id: roleIdSchema.optional(),
});
export type UpdateRoleBindingDto = z.output<typeof UpdateRoleBindingSchema>;
