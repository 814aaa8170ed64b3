import { DomainError, ErrorCode } from '../common/errors';

/** Why the OAuth module refuses. */
export enum OAuthErrorReason {
  /** An access token that is unknown, expired, revoked, tampered with or for another resource. */
  InvalidToken = 'oauth.invalid_token',
  /** A refresh token presented where an access token belongs. */
  NotAnAccessToken = 'oauth.not_an_access_token',
  /** The key the token was issued for is disabled or deleted. */
  KeyRevoked = 'oauth.key_revoked',
  /** The machine client a token was issued to is deleted or has a new secret. */
  ClientRevoked = 'oauth.client_revoked',
  /** No machine client of this id. */
  ClientNotFound = 'oauth.client_not_found',
}

/** RFC 6750 §3.1 `invalid_token`, with the REST API's 401 body; the challenge header says the same. */
export const invalidToken = (reason: OAuthErrorReason, why: string) =>
  new DomainError(reason, ErrorCode.Unauthenticated, `Unauthorized: invalid_token (${why})`);
