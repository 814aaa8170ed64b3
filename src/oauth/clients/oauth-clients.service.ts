/**
 * Machine clients: an admin registers a client with grants and scopes of its own, as a
 * key holds, and the client takes tokens with the client_credentials grant
 * (authorization-server.ts). Its secret (`trove_cs_…`, the shape of token-format.ts, so
 * secret scanners match it) is shown once and kept as a scrypt hash; checking it costs
 * what checking a key secret costs and meets the same failure limits.
 *
 * A token stands for its client: at every use it holds the client's grants and scopes
 * of that moment (within the scopes it was issued with), so narrowing the client narrows
 * its tokens on their next request, and deleting the client ends them. A token carries
 * the credential stamp of the secret hash it was issued against: giving the client a new
 * secret ends every token the old secret obtained, as a leaked secret must not leave
 * tokens behind that outlive its rotation.
 */
import { Injectable } from '@nestjs/common';
import type { ClientMetadata } from 'oidc-provider';
import { ApiKeysService } from '../../auth/api-keys.service';
import { AuthContext, credentialStampOf, Grant, Scope, SCOPES } from '../../auth/auth-context';
import { intersectScopes } from '../../auth/grant-algebra';
import { hashSecret } from '../../auth/secret-hash';
import { mintToken, parseToken } from '../../auth/tokens/token-format';
import { TokenSecrets } from '../../auth/tokens/token-secrets';
import { notFound } from '../../common/errors';
import { isUuid, newId } from '../../common/ids';
import { ListEnvelope, parseListQuery, toEnvelope } from '../../common/list';
import { OAuthErrorReason } from '../oauth-errors';
import { MCP_SCOPE } from '../protected-resources';
import { CreateOAuthClientDto, UpdateOAuthClientDto } from './oauth-clients.dto';
import { OAuthClientRow, OAuthClientsRepository } from './oauth-clients.repository';
import { OAuthClientView } from './oauth-clients.wire';

export const CLIENT_SECRET_PREFIX = 'trove_cs_';
/** The prefix of the access tokens the client_credentials grant issues. */
export const CLIENT_TOKEN_PREFIX = 'trove_cc_';

const present = (row: OAuthClientRow): OAuthClientView => ({
  client_id: row.id,
  name: row.name,
  grants: row.grants,
  scopes: row.scopes,
  grant_types: ['client_credentials'],
  token_endpoint_auth_methods: ['client_secret_basic', 'client_secret_post'],
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const clientNotFound = (id: string) =>
  notFound(OAuthErrorReason.ClientNotFound, 'OAuth client not found', { id });

/**
 * Machine clients have UUIDs for ids; clients of dynamic registration have the
 * provider's random ids and those of metadata documents an HTTPS URL, so an id alone
 * says which kind a client is.
 */
export const isMachineClient = (clientId: string): boolean => isUuid(clientId);

@Injectable()
export class OAuthClientsService {
  private readonly secrets: TokenSecrets;

  constructor(
    private readonly clients: OAuthClientsRepository,
    private readonly apiKeys: ApiKeysService,
  ) {
    this.secrets = new TokenSecrets(apiKeys.secretChecks);
  }

  async create(dto: CreateOAuthClientDto): Promise<OAuthClientView & { client_secret: string }> {
    await this.apiKeys.checkGrantPipelines(dto.grants);
    const minted = mintToken(CLIENT_SECRET_PREFIX, newId());
    const row = await this.clients.insert({
      id: minted.id,
      name: dto.name,
      secret_hash: await hashSecret(minted.secret),
      grants: dto.grants as Grant[],
      scopes: dto.scopes,
    });
    return { ...present(row), client_secret: minted.token };
  }

  async list(query: Record<string, unknown>): Promise<ListEnvelope<OAuthClientView>> {
    const parsed = parseListQuery(query, {});
    return toEnvelope(await this.clients.list(parsed), parsed, present);
  }

  async get(id: string): Promise<OAuthClientView> {
    const row = await this.clients.findById(id);
    if (row === null) throw clientNotFound(id);
    return present(row);
  }

  async update(id: string, dto: UpdateOAuthClientDto): Promise<OAuthClientView> {
    if (dto.grants) await this.apiKeys.checkGrantPipelines(dto.grants);
    const row = await this.clients.update(id, { ...dto, grants: dto.grants as Grant[] | undefined });
    if (row === null) throw clientNotFound(id);
    return present(row);
  }

  /** A new secret; the old one, and every token it obtained, stop working at once. */
  async rotateSecret(id: string): Promise<OAuthClientView & { client_secret: string }> {
    const minted = mintToken(CLIENT_SECRET_PREFIX, id);
    const row = await this.clients.update(id, { secret_hash: await hashSecret(minted.secret) });
    if (row === null) throw clientNotFound(id);
    return { ...present(row), client_secret: minted.token };
  }

  async delete(id: string): Promise<void> {
    if (!(await this.clients.delete(id))) throw clientNotFound(id);
  }

  /**
   * The client as the authorization server knows it (oidc-provider's client metadata),
   * or undefined for no such client. Its `client_secret` is the stored hash: the server
   * compares a presented secret through `secretMatches`, never by equality.
   */
  async metadataOf(clientId: string): Promise<ClientMetadata | undefined> {
    const row = await this.clients.findById(clientId);
    if (row === null) return undefined;
    return {
      client_id: row.id,
      client_secret: row.secret_hash,
      client_name: row.name,
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      // What it may ask for: the MCP tools and its agents API scopes.
      scope: [MCP_SCOPE, ...row.scopes].join(' '),
    };
  }

  /**
   * Whether `presented` is the secret of the client whose stored hash is `storedHash`.
   * Throws the 429 of an address or client that failed too often, as for key secrets.
   */
  async secretMatches(
    clientId: string,
    storedHash: string,
    presented: string,
    address: string,
  ): Promise<boolean> {
    const parsed = parseToken(CLIENT_SECRET_PREFIX, presented);
    if (parsed === null || parsed.id !== clientId) {
      this.secrets.refused(address);
      return false;
    }
    return this.secrets.matches(clientId, parsed.secret, storedHash, address);
  }

  /**
   * What a token of the client may do now: the client's current grants, its current
   * scopes within those the token was issued with. Null when the client was deleted or
   * its secret changed since `stamp` (the credential stamp the token was issued with).
   */
  async principal(
    clientId: string,
    stamp: unknown,
    tokenScopes: readonly string[],
    tokenId: string,
  ): Promise<AuthContext | null> {
    const row = await this.clients.findById(clientId);
    if (row === null || stamp !== credentialStampOf(row.secret_hash)) return null;
    const issued = SCOPES.filter((scope) => tokenScopes.includes(scope));
    return new AuthContext(
      row.id,
      false,
      row.grants,
      intersectScopes(issued, row.scopes as Scope[]),
      null,
      null,
      CLIENT_TOKEN_PREFIX,
      tokenId,
    );
  }
}
