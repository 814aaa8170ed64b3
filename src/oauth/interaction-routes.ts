/**
 * The sign-in and consent pages of the authorization server (oidc-provider's
 * "interactions"). With an upstream identity provider (TROVE_OIDC_*), the sign-in page
 * sends the browser there and its callback comes back here (upstream-sign-in.ts). With
 * none, a person signs in with an API key's id and secret, checked by
 * ApiKeysService.authenticate: the failure limiter and its 429 apply as to any request.
 * The consent page names the client, the host it sends the browser back to, the
 * resources and scopes, and what the account (the key, or the user's roles) reaches; the
 * person may deny.
 *
 * The forms are plain HTML (no script, interaction-pages.ts); each POST carries the
 * interaction's CSRF token, and the interaction itself is bound to a cookie of the
 * browser that started it, so another site cannot finish it.
 */
import { Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { ApiKeysService } from '../auth/api-keys.service';
import { Scope } from '../auth/auth-context';
import { DomainError, HTTP_STATUS_OF } from '../common/errors';
import { RAW_INPUT } from '../common/input-guard';
import { Accounts } from './accounts';
import { AuthorizationServer, INTERACTION_PATH } from './authorization-server';
import { consentPage, escapeHtml, loginPage, PAGE_CSP, renderPage } from './interaction-pages';
import { MCP_SCOPE } from './protected-resources';
import { CALLBACK_PATH, UpstreamSignIn, UpstreamSignInError } from './upstream-sign-in';

type Form = Record<string, string>;
type InteractionRequest = FastifyRequest<{
  Params: { uid: string };
  Body: Form | undefined;
  Querystring: Record<string, string>;
}>;

const FORM_LIMIT_BYTES = 8192;

@Injectable()
export class InteractionRoutes {
  constructor(
    private readonly server: AuthorizationServer,
    private readonly apiKeys: ApiKeysService,
    private readonly accounts: Accounts,
    private readonly upstream: UpstreamSignIn,
  ) {}

  register(app: FastifyInstance): void {
    void app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      // Anything else is no form of these pages: read as an empty one, refused by the page
      // itself (HTML, like every answer here) rather than by the framework under /api/v1/.
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_LIMIT_BYTES }, (_r, _b, done) =>
        done(null, {}),
      );
      const config = { [RAW_INPUT]: true };
      scope.get(`${INTERACTION_PATH}/:uid`, { config }, (r, reply) =>
        this.show(r as InteractionRequest, reply),
      );
      scope.post(`${INTERACTION_PATH}/:uid/login`, { config }, (r, reply) =>
        this.login(r as InteractionRequest, reply),
      );
      scope.post(`${INTERACTION_PATH}/:uid/consent`, { config }, (r, reply) =>
        this.consent(r as InteractionRequest, reply),
      );
      if (this.upstream.enabled) {
        scope.get(CALLBACK_PATH, { config }, (r, reply) => this.callback(r as InteractionRequest, reply));
        scope.get(`${INTERACTION_PATH}/:uid/upstream`, { config }, (r, reply) =>
          this.upstreamLogin(r as InteractionRequest, reply),
        );
      }
    });
  }

  private async details(request: InteractionRequest, reply: FastifyReply) {
    const provider = await this.server.provider();
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? { provider, interaction } : null;
    } catch {
      return null; // no interaction cookie, expired, or another browser's
    }
  }

  private async show(request: InteractionRequest, reply: FastifyReply): Promise<FastifyReply> {
    const found = await this.details(request, reply);
    if (!found) return page(reply, 400, expired());
    const { provider, interaction } = found;
    const uid = interaction.uid;
    const csrf = await this.server.csrfToken(uid);
    const clientName = await clientLabel(provider, String(interaction.params.client_id));
    if (interaction.prompt.name === 'login' && this.upstream.enabled) return this.toUpstream(uid, reply);
    if (interaction.prompt.name === 'login')
      return page(reply, 200, loginPage({ action: `${INTERACTION_PATH}/${uid}/login`, csrf, clientName }));
    const accountId = String(interaction.session?.accountId);
    const account = await this.accounts.current(accountId);
    if (!account) return this.finish(request, reply, denied(gone(accountId, this.accounts)));
    const details = interaction.prompt.details as { missingResourceScopes?: Record<string, string[]> };
    const resources = Object.keys(details.missingResourceScopes ?? {});
    const scopes = new Set(
      String(interaction.params.scope ?? '')
        .split(' ')
        .filter(Boolean),
    );
    for (const more of Object.values(details.missingResourceScopes ?? {})) more.forEach((s) => scopes.add(s));
    return page(
      reply,
      200,
      consentPage({
        action: `${INTERACTION_PATH}/${uid}/consent`,
        csrf,
        clientName,
        redirectHost: new URL(String(interaction.params.redirect_uri)).host,
        scopes: [...scopes],
        resources,
        holder: this.accounts.isUser(accountId) ? 'user' : 'key',
        admin: account.admin,
        grants: account.grants,
      }),
    );
  }

  /** The sign-in page with an upstream provider: the browser goes there. */
  private async toUpstream(uid: string, reply: FastifyReply): Promise<FastifyReply> {
    try {
      return reply.header('cache-control', 'no-store').redirect(await this.upstream.start(uid), 303);
    } catch {
      // Logged by UpstreamSignIn; the interaction stays open, so reloading the page tries again.
      return page(
        reply.header('retry-after', '5'),
        503,
        renderPage(
          'Sign-in unavailable',
          '<p>The identity provider cannot be reached. Try again in a moment.</p>',
        ),
      );
    }
  }

  /**
   * The redirect URI registered at the provider: one fixed path, while the interaction's
   * cookie is scoped to the interaction's own path; the browser is sent on there with
   * the provider's answer untouched.
   */
  private async callback(request: InteractionRequest, reply: FastifyReply): Promise<FastifyReply> {
    const query = new URLSearchParams(request.query);
    const uid = await this.upstream.interactionOf(query.get('state'));
    if (uid === null) return page(reply, 400, expired());
    return reply.redirect(`${INTERACTION_PATH}/${encodeURIComponent(uid)}/upstream?${query.toString()}`, 303);
  }

  private async upstreamLogin(request: InteractionRequest, reply: FastifyReply): Promise<FastifyReply> {
    const found = await this.details(request, reply);
    if (!found || found.interaction.prompt.name !== 'login') return page(reply, 400, expired());
    try {
      const userId = await this.upstream.finish(found.interaction.uid, new URLSearchParams(request.query));
      return await this.finish(request, reply, { login: { accountId: this.accounts.userAccount(userId) } });
    } catch (error) {
      if (!(error instanceof UpstreamSignInError)) throw error;
      return this.finish(request, reply, denied(`The identity provider's sign-in failed: ${error.message}`));
    }
  }

  private async login(request: InteractionRequest, reply: FastifyReply): Promise<FastifyReply> {
    const found = await this.details(request, reply);
    if (!found || found.interaction.prompt.name !== 'login') return page(reply, 400, expired());
    const uid = found.interaction.uid;
    const form = request.body ?? {};
    if (!(await this.server.checkCsrf(uid, form.csrf))) return page(reply, 403, forged());
    // With an identity provider, people sign in there: the key form is not offered, nor taken.
    if (this.upstream.enabled) return this.toUpstream(uid, reply);
    try {
      const auth = await this.apiKeys.authenticate(form.key_id, form.secret, request.ip);
      return await this.finish(request, reply, { login: { accountId: auth.keyId } });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      const view = {
        action: `${INTERACTION_PATH}/${uid}/login`,
        csrf: await this.server.csrfToken(uid),
        clientName: await clientLabel(found.provider, String(found.interaction.params.client_id)),
        error: error.message,
      };
      return page(reply, HTTP_STATUS_OF[error.code], loginPage(view));
    }
  }

  private async consent(request: InteractionRequest, reply: FastifyReply): Promise<FastifyReply> {
    const found = await this.details(request, reply);
    if (!found || found.interaction.prompt.name !== 'consent') return page(reply, 400, expired());
    const { provider, interaction } = found;
    const form = request.body ?? {};
    if (!(await this.server.checkCsrf(interaction.uid, form.csrf))) return page(reply, 403, forged());
    if (form.decision !== 'allow') return this.finish(request, reply, denied('The user denied access'));

    const accountId = String(interaction.session?.accountId);
    const account = await this.accounts.current(accountId);
    if (!account) return this.finish(request, reply, denied(gone(accountId, this.accounts)));
    const clientId = String(interaction.params.client_id);
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      // A token never holds more than its account: an agents scope it lacks is refused, not dropped.
      const lacking = scopes.filter((s) => s !== MCP_SCOPE && !account.hasScope(s as Scope));
      if (lacking.length > 0)
        return this.finish(request, reply, {
          error: 'invalid_scope',
          error_description: `${this.accounts.isUser(accountId) ? "The user's roles do not give" : 'The API key does not hold'} ${lacking.join(', ')}`,
        });
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    return this.finish(request, reply, { consent: { grantId } });
  }

  /** Ends the interaction: the browser goes back to the authorization endpoint, which redirects to the client. */
  private async finish(request: InteractionRequest, reply: FastifyReply, result: InteractionResults) {
    const provider = await this.server.provider();
    const to = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(to, 303);
  }
}

/**
 * The client as the pages name it. A client ID metadata document chooses its own
 * client_name, so the host that published it (which the client cannot choose) is shown too.
 */
async function clientLabel(provider: Provider, clientId: string): Promise<string> {
  const client = await provider.Client.find(clientId).catch(() => undefined);
  const name = client?.clientName ?? clientId;
  const published = clientId.startsWith('https://') && URL.canParse(clientId);
  return published ? `${name} (published by ${new URL(clientId).host})` : name;
}

function page(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(html);
}

const gone = (accountId: string, accounts: Accounts) =>
  accounts.isUser(accountId)
    ? 'The user who signed in is unknown'
    : 'The API key that signed in no longer works';
const denied = (why: string): InteractionResults => ({ error: 'access_denied', error_description: why });
const expired = () =>
  renderPage(
    'Sign-in expired',
    `<p>${escapeHtml('This sign-in has expired or belongs to another browser. Start again from your application.')}</p>`,
  );
const forged = () =>
  renderPage(
    'Sign-in refused',
    '<p>The form was not sent by this page. Start again from your application.</p>',
  );
