/** The answers of /api_keys and /api_key, as the OpenAPI document publishes them and the service builds them. */
import { z } from 'zod';
import { id, timestamp } from '../common/wire';

export const Grant = z.object({
  pipeline_id: z.string().describe('a pipeline id or "*"'),
  permissions: z.number().int().min(0).max(7),
  classifications: z.union([z.literal('*'), z.array(z.string())]),
});
export const ApiKey = z.object({
  id,
  name: z.string(),
  admin: z.boolean(),
  disabled: z.boolean(),
  grants: z.array(Grant),
  scopes: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});
/** Scopes as stored; an admin key has every scope whatever its list says. */
export type ApiKeyView = z.output<typeof ApiKey>;
/** The only answer that holds the secret: creation and rotation. */
export const ApiKeyWithSecret = ApiKey.extend({ secret: z.string() });
