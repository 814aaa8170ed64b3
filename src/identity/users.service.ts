/**
 * The people who sign in through the upstream OpenID Connect provider. A sign-in stores
 * the user (issuer and subject) with the values of the configured claims it carried;
 * what the user may do is never stored: at every request it is the union of the roles
 * bound to those values now (grant-algebra.ts), so unbinding a group or deleting a role
 * applies on the user's next request. A user is never an admin.
 */
import { Injectable } from '@nestjs/common';
import { newId } from '../common/ids';
import { AuthContext } from '../auth/auth-context';
import { unionGrants, unionScopes } from '../auth/grant-algebra';
import { ContentCipher } from '../crypto/content-cipher';
import { claimValues } from './claim-values';
import { ClaimValue, RolesRepository } from './roles.repository';
import { UsersRepository } from './users.repository';

export interface SignedInIdentity {
  issuer: string;
  subject: string;
  /** The ID token's claims. */
  claims: Record<string, unknown>;
}

const aadOf = (issuer: string, subject: string) => `user-claims:${issuer}\u0000${subject}`;

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly roles: RolesRepository,
    private readonly cipher: ContentCipher,
  ) {}

  /** Records a sign-in, keeping the values of `claimNames`; answers the user's id. */
  async signIn(identity: SignedInIdentity, claimNames: readonly string[]): Promise<string> {
    const values = claimValues(identity.claims, claimNames);
    const sealed = this.cipher.seal(JSON.stringify(values), aadOf(identity.issuer, identity.subject));
    return this.users.upsert({
      id: newId(),
      issuer: identity.issuer,
      subject: identity.subject,
      claims_key_id: sealed.keyId,
      claims: sealed.data,
    });
  }

  /** What the user may do now; null for a user Trove does not know. */
  async principal(userId: string): Promise<AuthContext | null> {
    const row = await this.users.find(userId);
    if (row === null) return null;
    const opened = this.cipher.open(
      { keyId: row.claims_key_id, data: row.claims },
      aadOf(row.issuer, row.subject),
    );
    const roles = await this.roles.rolesBoundTo(JSON.parse(opened.toString('utf8')) as ClaimValue[]);
    return new AuthContext(
      row.id,
      false,
      unionGrants(roles.map((role) => role.grants)),
      unionScopes(roles.map((role) => role.scopes)),
    );
  }
}
