/** The answers of /roles and /role_bindings, as the OpenAPI document publishes them and the service builds them. */
import { z } from 'zod';
import { id, timestamp } from '../common/wire';
import { Grant } from '../auth/api-keys.wire';

export const Role = z.object({
  id,
  name: z.string(),
  grants: z.array(Grant),
  scopes: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type RoleView = z.output<typeof Role>;

export const RoleBinding = z.object({
  id,
  claim: z.string().describe('the ID token claim, e.g. groups'),
  value: z.string().describe('the value that claim holds (or one of them, for a list)'),
  role_id: id,
  created_at: timestamp,
});
export type RoleBindingView = z.output<typeof RoleBinding>;
