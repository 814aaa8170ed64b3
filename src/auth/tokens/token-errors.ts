/** The refusals of bearer tokens Trove minted (personal access tokens, user sessions). */
import { DomainError, ErrorCode } from '../../common/errors';
import { AuthErrorReason } from '../auth-errors';

export const invalidToken = () =>
  new DomainError(AuthErrorReason.InvalidToken, ErrorCode.Unauthenticated, 'Unauthorized: Invalid token.');

export const tokenExpired = () =>
  new DomainError(
    AuthErrorReason.TokenExpired,
    ErrorCode.Unauthenticated,
    'Unauthorized: the token has expired.',
  );
