/**
 * The resources Trove's tokens are for (RFC 8707 resource indicators) and what it
 * publishes about them (RFC 9728 protected resource metadata). A token names one
 * resource and is refused at every other: a token for /mcp opens /mcp only.
 *
 * The base URL is TROVE_PUBLIC_URL, or, without it, `http://localhost:<port>`: the
 * port-forward workflow, where an assistant on a laptop reaches a pod as
 * http://localhost:8080. OAuth 2.1 allows plain HTTP for loopback hosts only
 * (settings.ts refuses an http:// TROVE_PUBLIC_URL elsewhere).
 */
import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { SCOPES } from '../auth/auth-context';
import { AuthErrorReason } from '../auth/auth-errors';
import { registeredBearer } from '../auth/auth.guard';
import { BearerTokens, TokenAudience } from '../auth/bearer-tokens';
import { hasReason } from '../common/errors';
import { SETTINGS, Settings } from '../config/settings';

/** The audiences a token can be issued for, and the path of each resource. */
export type TokenResource = Exclude<TokenAudience, 'rest'>;
export const RESOURCE_PATHS: Readonly<Record<TokenResource, string>> = {
  mcp: '/mcp',
  'guided-mind': '/api/v1/mcp',
  agents: '/api/v1',
};

/** Using the MCP tools (/mcp and /api/v1/mcp); the agents API has its published scopes. */
export const MCP_SCOPE = 'mcp';
const RESOURCE_SCOPES: Readonly<Record<TokenResource, readonly string[]>> = {
  mcp: [MCP_SCOPE],
  'guided-mind': [MCP_SCOPE],
  agents: SCOPES,
};

export const PROTECTED_RESOURCE_METADATA = '/.well-known/oauth-protected-resource';

@Injectable()
export class ProtectedResources {
  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly http: HttpAdapterHost,
    private readonly tokens: BearerTokens,
  ) {}

  /** The issuer and the base of every resource URL. */
  baseUrl(): string {
    if (this.settings.oauth.publicUrl !== null) return this.settings.oauth.publicUrl;
    let port = this.settings.port;
    if (port === 0) {
      // PORT=0 (tests): the port the server was given.
      const address = this.http.httpAdapter?.getHttpServer()?.address() as AddressInfo | null;
      port = address?.port ?? 0;
    }
    return `http://localhost:${port}`;
  }

  url(resource: TokenResource): string {
    return this.baseUrl() + RESOURCE_PATHS[resource];
  }

  /** The resource a URL names, or null for one Trove does not issue tokens for. */
  resourceOf(indicator: string): TokenResource | null {
    const base = this.baseUrl();
    for (const [resource, path] of Object.entries(RESOURCE_PATHS) as [TokenResource, string][])
      if (indicator === base + path) return resource;
    return null;
  }

  /** The resource a token's audience names: null for none, several, or one Trove does not serve. */
  audienceOf(audience: unknown): TokenResource | null {
    const list: unknown[] = Array.isArray(audience) ? audience : [audience];
    return list.length === 1 ? this.resourceOf(String(list[0])) : null;
  }

  scopes(resource: TokenResource): readonly string[] {
    return RESOURCE_SCOPES[resource];
  }

  metadataUrl(resource: TokenResource): string {
    return this.baseUrl() + PROTECTED_RESOURCE_METADATA + RESOURCE_PATHS[resource];
  }

  /** RFC 9728 §2: what a client reads to find the authorization server. */
  metadata(resource: TokenResource): Record<string, unknown> {
    return {
      resource: this.url(resource),
      authorization_servers: [this.baseUrl()],
      scopes_supported: RESOURCE_SCOPES[resource],
      bearer_methods_supported: ['header'],
      resource_name: resource === 'agents' ? 'Trove agents API' : 'Trove MCP server',
    };
  }

  /**
   * The `WWW-Authenticate` of a refusal at `resource`, or null when it needs none: a 401
   * says where to get a token (RFC 9728 §5.1) and, when a token was sent, that it was
   * refused (RFC 6750 §3.1); a 403 for a token without the resource's scope says which
   * scope to ask for (RFC 6750 §3.1 `insufficient_scope`, as MCP's scope step-up reads it).
   */
  challengeOf(
    resource: TokenResource,
    refusal: { status: number; error?: unknown },
    request: Parameters<typeof registeredBearer>[0],
  ): string | null {
    const metadata = `resource_metadata="${this.metadataUrl(resource)}"`;
    if (refusal.status === 401) {
      const sent = registeredBearer(request, this.tokens) !== null;
      return `Bearer ${sent ? 'error="invalid_token", ' : ''}${metadata}`;
    }
    if (refusal.status === 403 && hasReason(refusal.error, AuthErrorReason.InsufficientScope))
      return `Bearer error="insufficient_scope", scope="${RESOURCE_SCOPES[resource].join(' ')}", ${metadata}`;
    return null;
  }

  /** The resource a request path belongs to: the longest resource path it is under. */
  resourceAt(path: string): TokenResource | null {
    const pathname = path.split('?')[0];
    let best: TokenResource | null = null;
    for (const [resource, prefix] of Object.entries(RESOURCE_PATHS) as [TokenResource, string][])
      if (
        (pathname === prefix || pathname.startsWith(prefix + '/')) &&
        (best === null || prefix.length > RESOURCE_PATHS[best].length)
      )
        best = resource;
    return best;
  }
}
