/**
 * The bearer tokens Trove issues besides API keys (personal access tokens, user
 * sessions, OAuth access tokens): each kind has a fixed prefix and an authority that
 * knows its tokens. The guard, the /mcp transport and the Guided Mind endpoint ask
 * this registry for the authority of an `Authorization: Bearer <token>` before they
 * read it as `<key id>.<secret>`; a token whose prefix no authority registered is read
 * as a key, as before.
 */
import { Injectable } from '@nestjs/common';
import type { AuthContext } from './auth-context';

/** Where a token is presented: an authority may issue tokens for some of them only. */
export type TokenAudience = 'rest' | 'mcp' | 'guided-mind' | 'agents';

export interface TokenAuthority {
  /** The fixed token prefix, e.g. 'trove_pat_'. */
  readonly prefix: string;
  /** The caller a token stands for; throws the 401 (or 429, 503) of a token it refuses. */
  authenticate(token: string, target: { audience: TokenAudience; ip: string }): Promise<AuthContext>;
  /**
   * The caller of `auth` (a context this authority made) as a new request with the same
   * token would find it now; null when the token no longer works. For long sessions, like
   * ApiKeysService.current.
   */
  current(auth: AuthContext): Promise<AuthContext | null>;
}

@Injectable()
export class BearerTokens {
  private readonly authorities: TokenAuthority[] = [];

  register(authority: TokenAuthority): void {
    const clash = this.authorities.find(
      (a) => a.prefix.startsWith(authority.prefix) || authority.prefix.startsWith(a.prefix),
    );
    if (clash) throw new Error(`Token prefix ${authority.prefix} overlaps ${clash.prefix}`);
    this.authorities.push(authority);
  }

  /** The authority whose prefix the token starts with (an AuthContext's `tokenPrefix` finds its own). */
  authorityFor(token: string): TokenAuthority | undefined {
    return this.authorities.find((a) => token.startsWith(a.prefix));
  }
}
