/**
 * Trove's OAuth 2.1 authorization server: oidc-provider, configured. The protocol
 * (authorization code with PKCE S256, resource indicators, refresh rotation,
 * revocation, dynamic registration, metadata, `iss` in the authorization response) is
 * the library's; what is Trove's is who signs in (an API key, or a user of the upstream
 * identity provider: interaction-routes.ts, upstream-sign-in.ts),
 * which resources exist (protected-resources.ts) and what a token may do
 * (access-tokens.ts resolves the key's grants at each use; client-tokens.ts, for the
 * client_credentials grant, its machine client's).
 *
 * The provider is built on first use, not at start: without TROVE_PUBLIC_URL the
 * issuer is `http://localhost:<port>`, and with PORT=0 the port is known only once
 * the server listens.
 */
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Provider, { Configuration, errors, KoaContextWithOIDC } from 'oidc-provider';
import { credentialStampOf, SCOPES } from '../auth/auth-context';
import { DomainError, HTTP_STATUS_OF } from '../common/errors';
import { SETTINGS, Settings } from '../config/settings';
import { Accounts } from './accounts';
import { CLIENT_TOKEN_PREFIX, isMachineClient, OAuthClientsService } from './clients/oauth-clients.service';
import { escapeHtml, PAGE_CSP, renderPage } from './interaction-pages';
import { OAuthRepository } from './oauth.repository';
import { MCP_SCOPE, ProtectedResources } from './protected-resources';
import { OUTBOUND_MAX_BYTES, outboundFetch, OutboundFetchRefused } from './outbound-fetch';
import { ServerKeysStore } from './server-keys';
import { storageAdapter } from './storage-adapter';

/** Prefixes that secret scanners can match, and that the bearer-token registry routes here. */
export const ACCESS_TOKEN_PREFIX = 'trove_at_';
export const REFRESH_TOKEN_PREFIX = 'trove_rt_';

/** The published paths (the agents API page) and their neighbours. */
export const OAUTH_BASE = '/api/v1/oauth2';
export const INTERACTION_PATH = `${OAUTH_BASE}/interaction`;

/** The claim of a client_credentials token naming the secret it was issued against (clients/). */
export const CLIENT_STAMP_CLAIM = 'trove_client_stamp';

const SWEEP_MS = 10 * 60_000;
/** A timer further off than a day is set again then (setTimeout holds at most ~24.8 days). */
const MAX_TIMER_MS = 86_400_000;

@Injectable()
export class AuthorizationServer implements OnApplicationShutdown {
  private readonly logger = new Logger('OAuth');
  private built: Promise<Provider> | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private rotation: NodeJS.Timeout | null = null;
  private csrfKey: string | null = null;
  /** The client address Fastify found for each request handed to the provider (its trusted proxies applied). */
  private readonly addresses = new WeakMap<IncomingMessage, string>();

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly resources: ProtectedResources,
    private readonly repository: OAuthRepository,
    private readonly keys: ServerKeysStore,
    private readonly accounts: Accounts,
    private readonly clients: OAuthClientsService,
  ) {}

  /** Notes the address of a request about to be handed to the provider, for the failure limits of client secrets. */
  rememberAddress(request: IncomingMessage, address: string): void {
    this.addresses.set(request, address);
  }

  provider(): Promise<Provider> {
    this.built ??= this.build().catch((error: unknown) => {
      this.built = null; // the database may come back: try again on the next request
      throw error;
    });
    return this.built;
  }

  /**
   * The CSRF token of an interaction's forms: bound to the interaction (whose cookie
   * only the browser that started it holds) and the same on every replica.
   */
  async csrfToken(uid: string): Promise<string> {
    await this.provider();
    return createHmac('sha256', this.csrfKey!).update(`csrf:${uid}`).digest('base64url');
  }

  async checkCsrf(uid: string, presented: unknown): Promise<boolean> {
    const expected = Buffer.from(await this.csrfToken(uid));
    const given = Buffer.from(typeof presented === 'string' ? presented : '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.rotation) clearTimeout(this.rotation);
  }

  /**
   * The client is told `invalid_client` ("client_id metadata document fetch failed");
   * why (the address refused, the bound exceeded) is for the operator's log.
   */
  private loggedFetch(fetch: ReturnType<typeof outboundFetch>): ReturnType<typeof outboundFetch> {
    return (input, init) =>
      fetch(input, init).catch((error: unknown) => {
        if (error instanceof OutboundFetchRefused)
          this.logger.warn(
            { url: String(input), reason: error.message },
            'An outbound OAuth fetch was refused',
          );
        throw error;
      });
  }

  private async build(): Promise<Provider> {
    const keys = await this.keys.load();
    this.csrfKey = keys.cookieKeys[0];
    const oauth = this.settings.oauth;
    const resources = this.resources;
    const configuration: Configuration = {
      adapter: storageAdapter(this.repository, this.clients),
      jwks: { keys: keys.signingKeys },
      cookies: { keys: keys.cookieKeys, long: { sameSite: 'lax' }, short: { sameSite: 'lax' } },
      findAccount: async (_ctx, sub) => {
        // The account is the API key or the user: a key gone or disabled signs nothing any more.
        const account = await this.accounts.current(sub).catch(() => null);
        return account ? { accountId: sub, claims: () => ({ sub }) } : undefined;
      },
      claims: { openid: ['sub'] },
      scopes: ['openid', 'offline_access', MCP_SCOPE, ...SCOPES],
      responseTypes: ['code'],
      pkce: { required: () => true },
      clientDefaults: {
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        // The signing key (server-keys.ts) is an ES256 key.
        id_token_signed_response_alg: 'ES256',
      },
      features: {
        devInteractions: { enabled: false },
        registration: { enabled: oauth.registration },
        // For machine clients (clients/); extraTokenClaims refuses a token to any other client.
        clientCredentials: { enabled: true },
        // A client revokes its own tokens only.
        revocation: {
          enabled: true,
          allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
        },
        // A client may name itself by the HTTPS URL of its metadata (MCP 2025-11-25): Trove
        // fetches that document through outbound-fetch.ts and keeps it as its Cache-Control
        // says, between a minute and a day. Documents are public clients or key-based ones:
        // oidc-provider refuses a shared secret in them.
        clientIdMetadataDocument: {
          enabled: oauth.clientMetadataDocuments,
          ack: 'draft-02',
          cacheDuration: { min: 60, max: 86_400 },
        },
        // Its pages post a form with script; sign-out of Trove itself is the API key's business.
        rpInitiatedLogout: { enabled: false },
        resourceIndicators: {
          enabled: true,
          // A client that names no resource gets a token for /mcp, the resource it came for.
          defaultResource: (_ctx, _client, oneOf) => oneOf ?? resources.url('mcp'),
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, indicator) => {
            const resource = resources.resourceOf(indicator);
            if (resource === null) throw new errors.InvalidTarget(`Trove issues no tokens for ${indicator}`);
            return {
              audience: indicator,
              scope: resources.scopes(resource).join(' '),
              accessTokenFormat: 'opaque',
              accessTokenTTL: oauth.accessTokenSeconds,
            };
          },
        },
      },
      routes: {
        authorization: `${OAUTH_BASE}/authorize`,
        token: `${OAUTH_BASE}/token`,
        revocation: `${OAUTH_BASE}/revoke`,
        registration: `${OAUTH_BASE}/register`,
        jwks: `${OAUTH_BASE}/jwks`,
        userinfo: `${OAUTH_BASE}/userinfo`,
        end_session: `${OAUTH_BASE}/logout`,
        pushed_authorization_request: `${OAUTH_BASE}/par`,
        code_verification: `${OAUTH_BASE}/device`,
        device_authorization: `${OAUTH_BASE}/device/auth`,
        backchannel_authentication: `${OAUTH_BASE}/backchannel`,
        introspection: `${OAUTH_BASE}/introspect`,
        challenge: `${OAUTH_BASE}/challenge`,
      },
      interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
      ttl: {
        AccessToken: oauth.accessTokenSeconds,
        ClientCredentials: oauth.accessTokenSeconds,
        AuthorizationCode: oauth.authorizationCodeSeconds,
        RefreshToken: oauth.refreshTokenSeconds,
        Grant: oauth.refreshTokenSeconds,
        Session: oauth.refreshTokenSeconds,
        Interaction: oauth.interactionSeconds,
        IdToken: oauth.accessTokenSeconds,
      },
      // Every fetch the provider makes on a client's say (metadata documents, their jwks_uri).
      fetch: this.loggedFetch(outboundFetch({ allowPrivate: oauth.clientMetadataAllowPrivate })),
      fetchResponseBodyLimits: {
        'client_id metadata document': OUTBOUND_MAX_BYTES,
        jwks_uri: OUTBOUND_MAX_BYTES,
        sector_identifier_uri: OUTBOUND_MAX_BYTES,
      },
      // A browser-based client (the MCP Inspector) calls the token endpoint from the origin of its redirect URI.
      clientBasedCORS: (_ctx, origin, client) =>
        (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
      // Every client that may refresh gets a refresh token, and each use replaces it (OAuth 2.1 §4.3.1).
      issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      // A client_credentials token names the secret it was obtained with: a new secret ends it.
      extraTokenClaims: (ctx, token) => {
        if (token.kind !== 'ClientCredentials') return undefined;
        const client = ctx.oidc.client;
        // A client of dynamic registration may name the grant; it holds no grants to stand for.
        if (!client || !isMachineClient(client.clientId))
          throw new errors.UnauthorizedClient('client_credentials is for clients an admin registered');
        return { [CLIENT_STAMP_CLAIM]: credentialStampOf(client.clientSecret!) };
      },
      rotateRefreshToken: () => true,
      allowOmittingSingleRegisteredRedirectUri: false,
      renderError: (ctx: KoaContextWithOIDC, out) => {
        ctx.type = 'html';
        ctx.set('content-security-policy', PAGE_CSP);
        ctx.body = renderPage(
          'Sign-in failed',
          `<p>${escapeHtml(String(out.error_description ?? out.error))}</p>`,
        );
      },
    };
    const provider = new Provider(this.resources.baseUrl(), configuration);
    // Behind an ingress that terminates TLS, the scheme and address come in X-Forwarded-* headers.
    provider.proxy = this.settings.trustedProxies.length > 0;
    // A path or method the provider does not serve: OAuth's error shape, not Koa's plain "Not Found".
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.status === 404 && ctx.body == null) {
        ctx.status = 404;
        ctx.body = { error: 'not_found', error_description: `No ${ctx.method} ${ctx.path} here` };
      }
    });
    prefixTokenIds(provider.AccessToken, ACCESS_TOKEN_PREFIX);
    prefixTokenIds(provider.RefreshToken, REFRESH_TOKEN_PREFIX);
    prefixTokenIds(provider.ClientCredentials, CLIENT_TOKEN_PREFIX);
    this.checkMachineSecrets(provider);
    provider.on('server_error', (_ctx, error) => this.logger.error({ err: error }, 'OAuth server error'));
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = setInterval(() => void this.repository.deleteExpired().catch(() => undefined), SWEEP_MS);
    this.sweeper.unref();
    // When the signing key is due, the next request builds the provider again, which
    // rotates it (server-keys.ts); the state it serves is in the database, not in it.
    if (this.rotation) clearTimeout(this.rotation);
    this.rotation = setTimeout(
      () => (this.built = null),
      Math.min(Math.max(keys.rotateAt - Date.now(), 0), MAX_TIMER_MS),
    );
    this.rotation.unref();
    return provider;
  }

  /**
   * A machine client's secret is kept as a hash (its metadata's `client_secret` holds
   * the hash, clients/oauth-clients.service.ts), so the provider's comparison by
   * equality is replaced for those clients by the hash check, with the failure limits
   * of key secrets; a limit reached answers 429 in OAuth's error format.
   */
  private checkMachineSecrets(provider: Provider): void {
    const prototype = provider.Client.prototype as unknown as {
      clientId: string;
      clientSecret?: string;
      compareClientSecret(actual: string): Promise<boolean>;
    };
    const compare = prototype.compareClientSecret;
    const { clients, addresses } = this;
    prototype.compareClientSecret = async function (this: typeof prototype, actual: string) {
      if (!isMachineClient(this.clientId)) return compare.call(this, actual);
      const ctx = Provider.ctx;
      const address = (ctx && addresses.get(ctx.req)) ?? ctx?.ip ?? '';
      try {
        return await clients.secretMatches(this.clientId, this.clientSecret ?? '', actual, address);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (error.retryAfterSeconds !== undefined) ctx?.set('retry-after', String(error.retryAfterSeconds));
        const refused = new errors.OIDCProviderError(HTTP_STATUS_OF[error.code], 'temporarily_unavailable');
        refused.error_description = error.message;
        throw refused;
      }
    };
  }
}

/**
 * oidc-provider draws opaque token values at random with no configurable prefix; the
 * value is what `generateTokenId` returns, so the model's own is wrapped.
 */
function prefixTokenIds(model: { prototype: object }, prefix: string): void {
  // Not in the library's types: every token model has it (lib/models/base_model.js).
  const prototype = model.prototype as { generateTokenId(): string };
  const generate = prototype.generateTokenId;
  prototype.generateTokenId = function (this: unknown) {
    return prefix + generate.call(this);
  };
}
