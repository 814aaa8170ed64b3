/**
 * The sign-in and consent pages of the authorization server (oidc-provider's
 * "interactions"). With no upstream identity provider, a person signs in with an API
 * key's id and secret, checked by ApiKeysService.authenticate: the failure limiter and
 * its 429 apply as to any request. The consent page names the client, the host it sends
 * the browser back to, the resources and scopes, and what the key reaches; the person
 * may deny.
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
import { AuthorizationServer, INTERACTION_PATH } from './authorization-server';
import { consentPage, escapeHtml, loginPage, PAGE_CSP, renderPage } from './interaction-pages';
import { MCP_SCOPE } from './protected-resources';

type Form = Record<string, string>;
type InteractionRequest = FastifyRequest<{ Params: { uid: string }; Body: Form | undefined }>;

const FORM_LIMIT_BYTES = 8192;

@Injectable()
export class InteractionRoutes {
  constructor(
    private readonly server: AuthorizationServer,
    private readonly apiKeys: ApiKeysService,
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
    if (interaction.prompt.name === 'login')
      return page(reply, 200, loginPage({ action: `${INTERACTION_PATH}/${uid}/login`, csrf, clientName }));
    const key = await this.apiKeys.principal(String(interaction.session?.accountId));
    if (!key) return this.finish(request, reply, denied('The API key that signed in no longer works'));
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
        admin: key.admin,
        grants: key.grants,
      }),
    );
  }

  private async login(request: InteractionRequest, reply: FastifyReply): Promise<FastifyReply> {
    const found = await this.details(request, reply);
    if (!found || found.interaction.prompt.name !== 'login') return page(reply, 400, expired());
    const uid = found.interaction.uid;
    const form = request.body ?? {};
    if (!(await this.server.checkCsrf(uid, form.csrf))) return page(reply, 403, forged());
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
    const key = await this.apiKeys.principal(accountId);
    if (!key) return this.finish(request, reply, denied('The API key that signed in no longer works'));
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
      // A token never holds more than its key: an agents scope the key lacks is refused, not dropped.
      const lacking = scopes.filter((s) => s !== MCP_SCOPE && !key.hasScope(s as Scope));
      if (lacking.length > 0)
        return this.finish(request, reply, {
          error: 'invalid_scope',
          error_description: `The API key does not hold ${lacking.join(', ')}`,
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
