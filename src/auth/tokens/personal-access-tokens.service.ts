/**
 * Personal access tokens: a key mints bearer tokens (`trove_pat_…`, token-format.ts) that
 * hold an expiry and a subset of its grants and scopes. A token is never more than its
 * key: checked when minted (firstExcess), and at every use it holds the intersection of
 * what it was minted with and what the key holds at that moment, so narrowing, disabling
 * or deleting the key narrows or ends its tokens on their next request. Giving the key a
 * new secret ends its tokens as well (`key_stamp`): a leaked secret cannot leave tokens
 * behind that outlive its rotation.
 *
 * A token is never admin, and cannot mint tokens: both need the key itself.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DomainError, ErrorCode, notFound } from '../../common/errors';
import { newId } from '../../common/ids';
import { ListEnvelope, parseListQuery, toEnvelope } from '../../common/list';
import { AuthContext, Grant, SCOPES } from '../auth-context';
import { AuthErrorReason } from '../auth-errors';
import { ApiKeysService } from '../api-keys.service';
import { BearerTokens, TokenAuthority } from '../bearer-tokens';
import { firstExcess, intersectGrants, intersectScopes } from '../grant-algebra';
import { hashSecret } from '../secret-hash';
import { CreatePersonalAccessTokenDto } from './personal-access-tokens.dto';
import { PersonalAccessTokenRow, PersonalAccessTokensRepository } from './personal-access-tokens.repository';
import { PersonalAccessTokenView } from './personal-access-tokens.wire';
import { invalidToken, tokenExpired } from './token-errors';
import { mintToken, parseToken } from './token-format';
import { TokenSecrets } from './token-secrets';

export const PAT_PREFIX = 'trove_pat_';

const present = (row: PersonalAccessTokenRow): PersonalAccessTokenView => ({
  id: row.id,
  api_key_id: row.api_key_id,
  name: row.name,
  grants: row.grants,
  scopes: row.scopes,
  expires_at: row.expires_at.toISOString(),
  created_at: row.created_at.toISOString(),
});

const exceeds = (message: string) =>
  new DomainError(AuthErrorReason.TokenExceedsKey, ErrorCode.Forbidden, message);

@Injectable()
export class PersonalAccessTokensService implements TokenAuthority, OnModuleInit {
  readonly prefix = PAT_PREFIX;
  private readonly secrets: TokenSecrets;

  constructor(
    private readonly tokens: PersonalAccessTokensRepository,
    private readonly apiKeys: ApiKeysService,
    private readonly bearerTokens: BearerTokens,
  ) {
    this.secrets = new TokenSecrets(apiKeys.secretChecks);
  }

  onModuleInit(): void {
    this.bearerTokens.register(this);
  }

  /**
   * Mints a token for the key `keyId`: the caller's own key, or any key for an admin key.
   * The token is in the answer and nowhere else.
   */
  async mint(
    caller: AuthContext,
    keyId: string,
    dto: CreatePersonalAccessTokenDto,
  ): Promise<PersonalAccessTokenView & { token: string }> {
    if (caller.tokenPrefix !== null)
      throw new DomainError(
        AuthErrorReason.InvalidTokenRequest,
        ErrorCode.Forbidden,
        'Forbidden: tokens are minted with an API key, not with another token',
      );
    const key = caller.keyId === keyId ? caller : await this.apiKeys.contextOf(keyId);
    if (key === null || key.credentialStamp === null)
      throw notFound(AuthErrorReason.KeyNotFound, 'API key not found', { id: keyId });
    await this.apiKeys.checkGrantPipelines(dto.grants);
    const excess = firstExcess(key, dto.grants as Grant[]);
    if (excess)
      throw exceeds(
        `grants[${excess.index}]: gives more than the key holds on ${excess.pipelineId === '*' ? 'pipelines it does not name' : `pipeline ${excess.pipelineId}`}`,
      );
    const extra = dto.scopes.find((scope) => !key.hasScope(scope));
    if (extra) throw exceeds(`scopes: the key does not hold ${extra}`);
    const minted = mintToken(PAT_PREFIX, newId());
    const row = await this.tokens.insert({
      id: minted.id,
      api_key_id: key.keyId,
      name: dto.name,
      secret_hash: await hashSecret(minted.secret),
      grants: dto.grants as Grant[],
      scopes: dto.scopes,
      key_stamp: key.credentialStamp,
      expires_at: new Date(Date.now() + dto.expires_in * 1000),
    });
    return { ...present(row), token: minted.token };
  }

  async list(keyId: string, query: Record<string, unknown>): Promise<ListEnvelope<PersonalAccessTokenView>> {
    const parsed = parseListQuery(query, {});
    return toEnvelope(await this.tokens.listOfKey(keyId, parsed), parsed, present);
  }

  async revoke(keyId: string, tokenId: string): Promise<void> {
    if (!(await this.tokens.delete(keyId, tokenId)))
      throw notFound(AuthErrorReason.TokenNotFound, 'Personal access token not found', { id: tokenId });
  }

  /** Every audience takes personal access tokens: they stand for their key. */
  async authenticate(token: string, target: { ip: string }): Promise<AuthContext> {
    const parsed = parseToken(PAT_PREFIX, token);
    if (parsed === null) {
      this.secrets.refused(target.ip);
      throw invalidToken();
    }
    const row = await this.tokens.findById(parsed.id);
    if (!(await this.secrets.matches(parsed.id, parsed.secret, row?.secret_hash ?? null, target.ip)))
      throw invalidToken();
    return this.resolve(row!);
  }

  async current(auth: AuthContext): Promise<AuthContext | null> {
    const row = auth.tokenId === null ? null : await this.tokens.findById(auth.tokenId);
    if (row === null) return null;
    return this.resolve(row).catch((error: unknown) => {
      if (error instanceof DomainError && error.code === ErrorCode.Unauthenticated) return null;
      throw error;
    });
  }

  /** The token's principal now: what it was minted with, within what its key holds now. */
  private async resolve(row: PersonalAccessTokenRow): Promise<AuthContext> {
    if (row.expires_at.getTime() <= Date.now()) throw tokenExpired();
    const key = await this.apiKeys.contextOf(row.api_key_id);
    if (key === null || key.credentialStamp !== row.key_stamp) throw invalidToken();
    return new AuthContext(
      key.keyId,
      false,
      intersectGrants(row.grants, key),
      intersectScopes(row.scopes, key.admin ? SCOPES : key.scopes),
      key.generation,
      key.credentialStamp,
      PAT_PREFIX,
      row.id,
    );
  }
}
