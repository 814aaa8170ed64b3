/**
 * Whom an account of the authorization server stands for. Signed in with an API key,
 * the account id is the key's id and the account has the key's grants; signed in through
 * the upstream identity provider, it is `user:<id>` and the account has the union of the
 * user's roles. Either way what it may do is read now, never at sign-in: a key disabled
 * or narrowed, a binding or role removed, and the next request sees it.
 */
import { Injectable } from '@nestjs/common';
import { ApiKeysService } from '../auth/api-keys.service';
import { AuthContext } from '../auth/auth-context';
import { UsersService } from '../identity/users.service';

const USER_ACCOUNT = 'user:';

@Injectable()
export class Accounts {
  constructor(
    private readonly apiKeys: ApiKeysService,
    private readonly users: UsersService,
  ) {}

  userAccount(userId: string): string {
    return USER_ACCOUNT + userId;
  }

  isUser(accountId: string): boolean {
    return accountId.startsWith(USER_ACCOUNT);
  }

  /** What the account may do now; null when it no longer may sign anything (a key disabled or deleted, a user unknown). */
  async current(accountId: string): Promise<AuthContext | null> {
    if (this.isUser(accountId)) return this.users.principal(accountId.slice(USER_ACCOUNT.length));
    return this.apiKeys.current(new AuthContext(accountId, false, []));
  }
}
