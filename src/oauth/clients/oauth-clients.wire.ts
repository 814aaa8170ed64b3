/** The answers of /oauth_clients, as the OpenAPI document publishes them and the service builds them. */
import { z } from 'zod';
import { Grant } from '../../auth/api-keys.wire';
import { id, timestamp } from '../../common/wire';

export const OAuthClient = z.object({
  client_id: id,
  name: z.string(),
  grants: z.array(Grant).describe("what the client's tokens reach, read at every use"),
  scopes: z.array(z.string()).describe('the agents API scopes the client may ask for'),
  grant_types: z.array(z.literal('client_credentials')),
  token_endpoint_auth_methods: z.array(z.enum(['client_secret_basic', 'client_secret_post'])),
  created_at: timestamp,
  updated_at: timestamp,
});
export type OAuthClientView = z.output<typeof OAuthClient>;
/** The only answers that hold the secret: creation and rotation. */
export const OAuthClientWithSecret = OAuthClient.extend({
  client_secret: z.string().describe('trove_cs_…, shown only here'),
});
