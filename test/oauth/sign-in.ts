/**
 * The OAuth client side of the tests: the MCP SDK's OAuthClientProvider kept in
 * memory, and a raw client of Trove's authorization server (registration, the
 * browser sign-in over the login and consent pages, the token endpoint) for the
 * tests that need each step in hand.
 */
import { OAuthClientProvider } from '@modelcontextprotocol/client';
import { createHash, randomBytes } from 'node:crypto';
import { Credentials } from '../support/http';
import { createKey, createSupportKb, SupportKb } from '../support/records';
import type { TroveFixture } from '../support/suite';
import { Browser } from './browser';

export type Json = Record<string, any>;

/** Nothing listens there: the browser stops at it and hands back the URL. */
export const CALLBACK = 'http://127.0.0.1:9/callback';

/** The client side of the MCP SDK's OAuth: everything kept in memory, the browser step recorded. */
export class MemoryOAuthClient implements OAuthClientProvider {
  client?: Json;
  saved?: Json;
  verifier = '';
  authorizationUrl?: URL;
  discovery?: Json;

  /** With `clientMetadataUrl`, the SDK uses it as the client id instead of registering. */
  constructor(readonly clientMetadataUrl?: string) {}

  get redirectUrl() {
    return CALLBACK;
  }
  get clientMetadata() {
    return {
      client_name: 'Trove OAuth test',
      redirect_uris: [CALLBACK],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client as never;
  }
  saveClientInformation(info: Json) {
    this.client = info;
  }
  tokens() {
    return this.saved as never;
  }
  saveTokens(tokens: Json) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: Json) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery as never;
  }
}

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export interface AuthorizeOptions {
  redirectUri?: string;
  key?: Credentials;
  decision?: 'allow' | 'deny';
  /** Space-separated; `mcp` by default. */
  scope?: string;
  /** The resource indicator (RFC 8707); `<base>/mcp` by default. */
  resource?: string;
}

/** Registers a public client (no secret, PKCE) of Trove at `base` redirecting to CALLBACK (RFC 7591); its client_id. */
export async function registerPublicClient(base: string, name: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/oauth2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [CALLBACK],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  if (response.status !== 201)
    throw new Error(`registration answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as Json).client_id;
}

/** An authorization request of `clientId` with PKCE (S256), and the verifier it was made with. */
export function authorizationRequest(
  base: string,
  clientId: string,
  options: Pick<AuthorizeOptions, 'redirectUri' | 'scope' | 'resource'> & { state?: string } = {},
): { url: string; verifier: string } {
  const { verifier, challenge } = pkce();
  const url = new URL(`${base}/api/v1/oauth2/authorize`);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: options.redirectUri ?? CALLBACK,
    response_type: 'code',
    scope: options.scope ?? 'mcp',
    resource: options.resource ?? `${base}/mcp`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: options.state ?? 'st',
  }).toString();
  return { url: url.toString(), verifier };
}

/** A raw client of Trove's authorization server at `base`, signing in as `key` unless told otherwise. */
export class OAuthFlow {
  constructor(
    readonly base: string,
    private readonly key: Credentials,
  ) {}

  async form(path: string, fields: Record<string, string>) {
    const response = await fetch(this.base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? {} : JSON.parse(text)) as Json };
  }

  register(): Promise<string> {
    return registerPublicClient(this.base, 'raw client');
  }

  /** Signs in for `clientId` and decides; returns the last page, its code or error, and the verifier asked with. */
  async authorize(clientId: string, options: AuthorizeOptions = {}) {
    const { url, verifier } = authorizationRequest(this.base, clientId, options);
    const page = await new Browser(CALLBACK).signIn(
      url,
      options.key ?? this.key,
      options.decision ?? 'allow',
    );
    const callback = new URL(page.url);
    return {
      page,
      code: callback.searchParams.get('code'),
      error: callback.searchParams.get('error'),
      verifier,
    };
  }

  redeem(clientId: string, code: string, verifier: string) {
    return this.form('/api/v1/oauth2/token', {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: verifier,
      redirect_uri: CALLBACK,
    });
  }

  /** A new client signs in and redeems its code: the token endpoint's answer. */
  async tokens(options: AuthorizeOptions = {}): Promise<Json> {
    const clientId = await this.register();
    const { code, error, page, verifier } = await this.authorize(clientId, options);
    if (code === null) throw new Error(`no code: ${error ?? `${page.status} ${page.html.slice(0, 300)}`}`);
    const { status, body } = await this.redeem(clientId, code, verifier);
    if (status !== 200) throw new Error(`the token endpoint answered ${status}: ${JSON.stringify(body)}`);
    return { ...body, client_id: clientId };
  }
}

export interface SignInWorld {
  kb: SupportKb;
  reader: Credentials;
  base: string;
  flow: OAuthFlow;
}

/**
 * What most OAuth tests sign in with, made before the block's tests: support-kb, a key
 * that may search it (read and execute), and a flow against the issuer without
 * TROVE_PUBLIC_URL, http://localhost:<port> (the port-forward workflow). The object is
 * filled in by its beforeAll.
 */
export function signInWorld(fixture: () => TroveFixture): SignInWorld {
  const world = {} as SignInWorld;
  beforeAll(async () => {
    world.base = `http://localhost:${fixture().trove.port}`;
    world.kb = await createSupportKb(fixture().api);
    world.reader = await createKey(fixture().api, [
      { pipeline_id: world.kb.pipelineId, permissions: 5, classifications: ['internal', 'public'] },
    ]);
    world.flow = new OAuthFlow(world.base, world.reader);
  });
  return world;
}
