/**
 * A real OpenID Connect provider for the sign-in tests: oidc-provider (the certified
 * library Trove's own authorization server is built on) with its development sign-in
 * pages, a few users and their groups, and one confidential client, Trove. It listens
 * on 127.0.0.1 while Trove is reached as localhost, so the browser keeps the two
 * servers' cookies apart, as a real browser does for two hosts.
 */
import { generateKeyPairSync } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IdentityProviderUser {
  email: string;
  groups: string[];
}

export interface IdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

export async function startIdentityProvider(
  users: Record<string, IdentityProviderUser>,
  redirectUri: string,
): Promise<IdentityProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'trove';
  const clientSecret = 'a-client-secret-of-at-least-32-characters';
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'ES256', use: 'sig' };
  // Its start-up warnings say what this provider is on purpose: in memory, with development pages.
  const warn = console.warn;
  console.warn = () => undefined;
  const provider = new Provider(issuer, {
    jwks: { keys: [jwk] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email'], groups: ['groups'] },
    scopes: ['openid', 'email', 'groups'],
    // The scopes' claims in the ID token itself, as Keycloak's, Okta's and Dex's group claims are.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => {
      const user = users[sub];
      if (!user) return undefined;
      return { accountId: sub, claims: () => ({ sub, email: user.email, groups: user.groups }) };
    },
    cookies: { keys: ['identity-provider-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
  });
  console.warn = warn;
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
