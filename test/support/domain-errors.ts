import { DomainError, ErrorCode } from '../../src/common/errors';

/** The message of the InvalidArgument DomainError `fn` throws; fails the test otherwise. */
export function invalidMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCode.InvalidArgument);
    return (error as DomainError).message;
  }
  throw new Error('expected an InvalidArgument DomainError');
}
