import { DomainError, ErrorCode } from '../common/errors';

/** Why the OAuth module refuses. */
export enum OAuthErrorReason {
  /** An access token that is unknown, expired, revoked, tampered with or for another resource. */
  InvalidToken = 'oauth.invalid_token',
  /** A refresh token presented where an access token belongs. */
  NotAnAccessToken = 'oauth.not_an_access_token',
  /** The key the token was issued for is disabled or deleted, or the user is unknown. */
  KeyRevoked = 'oauth.key_revoked',
}

/** RFC 6750 §3.1 `invalid_token`, with the REST API's 401 body; the challenge header says the same. */
export const invalidToken = (reason: OAuthErrorReason, why: string) =>
  new DomainError(reason, ErrorCode.Unauthenticated, `Unauthorized: invalid_token (${why})`);
