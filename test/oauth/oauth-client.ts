/**
 * What an OAuth client of Trove's authorization server does around the browser's part:
 * register itself (RFC 7591), build an authorization request with PKCE (S256) for /mcp,
 * and redeem the code at the token endpoint.
 */
import { createHash, randomBytes } from 'node:crypto';

type Json = Record<string, any>;

/** Registers a public client (no secret, PKCE) with one redirect URI; answers its client_id. */
export async function registerPublicClient(base: string, redirectUri: string, name: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/oauth2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  if (response.status !== 201)
    throw new Error(`registration answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as Json).client_id;
}

/** An authorization request of `clientId` for a token of /mcp, and the PKCE verifier it was made with. */
export function authorizationRequest(
  base: string,
  clientId: string,
  redirectUri: string,
  state = 'st',
): { url: string; verifier: string } {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${base}/api/v1/oauth2/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'mcp',
    resource: `${base}/mcp`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
  }).toString();
  return { url: url.toString(), verifier };
}
