/**
 * Signing in through the upstream OpenID Connect provider (TROVE_OIDC_*), with
 * openid-client: the authorization code flow with PKCE (S256), `state` and `nonce`, and
 * the ID token checked by the library (signature, issuer, audience, expiry, nonce). The
 * provider's metadata is read on first use, not at start, and read again after a
 * failure, so a provider down at start does not stop Trove.
 *
 * What a sign-in leaves behind is the user (UsersService: issuer, subject, the configured
 * claims); what the user may do is resolved from role bindings at every request.
 *
 * The redirect URI registered at the provider is one fixed URL (CALLBACK_PATH); the
 * interaction it belongs to is found from the `state`, kept server-side for the
 * interaction's lifetime and used once.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { SETTINGS, Settings, UpstreamIdentitySettings } from '../config/settings';
import { UsersService } from '../identity/users.service';
import { OAUTH_BASE } from './authorization-server';
import { OAuthRepository } from './oauth.repository';
import { ProtectedResources } from './protected-resources';
import { hashOf } from './storage-adapter';

export const CALLBACK_PATH = `${OAUTH_BASE}/callback`;

/** The kind of oauth_records row that holds a sign-in's state, nonce and PKCE verifier. */
const PENDING = 'UpstreamSignIn';
/** How long the provider's metadata and keys are trusted before they are read again. */
const METADATA_SECONDS = 3600;
const REQUEST_TIMEOUT_SECONDS = 10;

interface Pending {
  uid: string;
  nonce: string;
  verifier: string;
}

/** The sign-in failed at the provider or its answer did not pass the checks; the message names why. */
export class UpstreamSignInError extends Error {}

@Injectable()
export class UpstreamSignIn {
  private readonly logger = new Logger('OAuth');
  private configuration: { value: Promise<oidc.Configuration>; until: number } | null = null;
  private readonly upstream: UpstreamIdentitySettings | null;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly resources: ProtectedResources,
    private readonly repository: OAuthRepository,
    private readonly users: UsersService,
  ) {
    this.upstream = settings.oauth.upstream;
  }

  get enabled(): boolean {
    return this.upstream !== null;
  }

  /** The redirect URI to register at the provider. */
  redirectUri(): string {
    return this.resources.baseUrl() + CALLBACK_PATH;
  }

  /** Where to send the browser of interaction `uid`; throws when the provider cannot be reached. */
  async start(uid: string): Promise<string> {
    const config = await this.provider();
    const state = oidc.randomState();
    const pending: Pending = { uid, nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
    await this.repository.upsert({
      kind: PENDING,
      idHash: hashOf(state),
      payload: { ...pending },
      grantId: null,
      uid: null,
      userCode: null,
      expiresInSeconds: this.settings.oauth.interactionSeconds,
    });
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(),
      scope: this.upstream!.scopes.join(' '),
      state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    }).href;
  }

  /** The interaction a callback's `state` belongs to; null for a state unknown, used or expired. */
  async interactionOf(state: string | null): Promise<string | null> {
    return state ? ((await this.pending(state))?.uid ?? null) : null;
  }

  /**
   * Redeems the callback of interaction `uid` (its query as the provider sent it) and
   * records the user; answers the user's id. Throws UpstreamSignInError when the provider
   * refused or its answer fails a check.
   */
  async finish(uid: string, query: URLSearchParams): Promise<string> {
    const state = query.get('state') ?? '';
    const pending = await this.pending(state);
    if (pending === null || pending.uid !== uid)
      throw new UpstreamSignInError('the sign-in at the identity provider expired or belongs to another one');
    // Used once: a replayed callback finds nothing.
    await this.repository.destroy(PENDING, hashOf(state));
    const current = new URL(this.redirectUri());
    current.search = query.toString();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(await this.provider(), current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      const reason = describe(error);
      this.logger.warn({ reason }, 'Sign-in at the identity provider failed');
      throw new UpstreamSignInError(reason);
    }
    if (!claims) throw new UpstreamSignInError('the identity provider sent no ID token');
    return this.users.signIn({ issuer: claims.iss, subject: claims.sub, claims }, this.upstream!.claims);
  }

  private async pending(state: string): Promise<Pending | null> {
    const row = await this.repository.find(PENDING, 'id_hash', hashOf(state));
    return row ? (row.payload as unknown as Pending) : null;
  }

  private provider(): Promise<oidc.Configuration> {
    if (this.configuration === null || this.configuration.until < Date.now()) {
      const upstream = this.upstream!;
      const issuer = new URL(upstream.issuer);
      const value = oidc
        .discovery(issuer, upstream.clientId, undefined, oidc.ClientSecretBasic(upstream.clientSecret), {
          timeout: REQUEST_TIMEOUT_SECONDS,
          // settings.ts allows http:// for a provider on a loopback host only.
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          this.configuration = null;
          this.logger.error({ reason: describe(error) }, 'The identity provider could not be discovered');
          throw error;
        });
      this.configuration = { value, until: Date.now() + METADATA_SECONDS * 1000 };
    }
    return this.configuration.value;
  }
}

/** What went wrong, in the library's words (never a token or a secret: it puts none in its messages). */
function describe(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError)
    return `the identity provider answered ${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
