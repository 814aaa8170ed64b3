/** Why authentication or a key operation fails. */
export enum AuthErrorReason {
  /** The request carries no key. */
  NoApiKey = 'auth.no_api_key',
  /** The key is unknown, disabled, or its secret is wrong. */
  InvalidApiKey = 'auth.invalid_api_key',
  /** The key was disabled, deleted or given a new secret while its work ran. */
  KeyRevoked = 'auth.key_revoked',
  /** The operation needs an admin key. */
  AdminOnly = 'auth.admin_only',
  /** The token lacks the OAuth scope the operation needs. */
  InsufficientScope = 'auth.insufficient_scope',
  /** Too many failed authentications from the address or for the key. */
  TooManyFailures = 'auth.too_many_failures',
  /** Too many authentications are being verified at once. */
  Busy = 'auth.busy',
  /** No API key of this id. */
  KeyNotFound = 'auth.key_not_found',
  /** A key to create or change that cannot be (a grant of no pipeline, a key deleting itself). */
  InvalidKeyRequest = 'auth.invalid_key_request',
  /** A bearer token Trove issued that is unknown, malformed (its checksum), revoked, or whose secret is wrong. */
  InvalidToken = 'auth.invalid_token',
  /** A bearer token past its expiry. */
  TokenExpired = 'auth.token_expired',
  /** A personal access token asked for more than its key holds. */
  TokenExceedsKey = 'auth.token_exceeds_key',
  /** A token operation that cannot be done (a token minting a token). */
  InvalidTokenRequest = 'auth.invalid_token_request',
  /** No personal access token of this id for the key. */
  TokenNotFound = 'auth.token_not_found',
}
