/** The answers of /api_keys/…/tokens, as the OpenAPI document publishes them and the service builds them. */
import { z } from 'zod';
import { id, timestamp } from '../../common/wire';
import { Grant } from '../api-keys.wire';

export const PersonalAccessToken = z.object({
  id,
  api_key_id: id,
  name: z.string(),
  grants: z.array(Grant).describe('as minted; at use, also bounded by what the key holds then'),
  scopes: z.array(z.string()),
  expires_at: timestamp,
  created_at: timestamp,
});
export type PersonalAccessTokenView = z.output<typeof PersonalAccessToken>;
/** The only answer that holds the token: its creation. */
export const PersonalAccessTokenWithSecret = PersonalAccessToken.extend({
  token: z.string().describe('trove_pat_…, shown only here'),
});
