import { z } from 'zod';
import { MAX_CLASSIFICATIONS, nameSchema } from '../common/validation';
import { isUuid } from '../common/ids';
import { SCOPES } from './auth-context';

const classificationName = z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

export const GrantSchema = z.strictObject({
  pipeline_id: z
    .string({ error: 'must be a pipeline UUID or "*"' })
    .refine((v) => v === '*' || isUuid(v), 'must be a pipeline UUID or "*"')
    .transform((v) => v.toLowerCase()),
  permissions: z
    .number({ error: 'must be an integer from 0 to 7' })
    .int('must be an integer from 0 to 7')
    .min(0, 'must be an integer from 0 to 7')
    .max(7, 'must be an integer from 0 to 7'),
  classifications: z
    .union([z.literal('*'), z.array(classificationName)], {
      error: 'must be "*" or an array of classification names',
    })
    // A pipeline defines at most this many: a longer list cannot allow more.
    .refine(
      (v) => v === '*' || v.length <= MAX_CLASSIFICATIONS,
      `must hold at most ${MAX_CLASSIFICATIONS} names`,
    )
    .default('*'),
});

/** A list of grants, each pipeline named once (keys, personal access tokens, roles). */
export const grantsSchema = z
  .array(GrantSchema, { error: 'must be an array of grants' })
  .max(1000, 'must hold at most 1000 grants')
  .refine(
    (list) => new Set(list.map((g) => g.pipeline_id)).size === list.length,
    'name each pipeline at most once',
  );

const name = nameSchema;

/** Agent scopes, each named once. */
export const scopesSchema = z
  .array(z.enum(SCOPES, { error: `must be one of ${SCOPES.join(', ')}` }), {
    error: `must be an array of scopes (${SCOPES.join(', ')})`,
  })
  .refine((list) => new Set(list).size === list.length, 'name each scope at most once');

export const CreateApiKeySchema = z.strictObject({
  name,
  admin: z.boolean({ error: 'must be true or false' }).default(false),
  grants: grantsSchema.default([]),
  /** Omitted: DEFAULT_SCOPES. */
  scopes: scopesSchema.optional(),
});
export type CreateApiKeyDto = z.output<typeof CreateApiKeySchema>;

export const UpdateApiKeySchema = z.strictObject({
  name: name.optional(),
  admin: z.boolean({ error: 'must be true or false' }).optional(),
  disabled: z.boolean({ error: 'must be true or false' }).optional(),
  grants: grantsSchema.optional(),
  scopes: scopesSchema.optional(),
});
export type UpdateApiKeyDto = z.output<typeof UpdateApiKeySchema>;
