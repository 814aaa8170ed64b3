import { DomainError, ErrorCode } from '../common/errors';
import { DatabaseError, isUnreachable, sanitizeDatabaseError } from './database-errors';

/** A driver error as node-postgres throws it: a message and a SQLSTATE. */
const driverError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('sanitizeDatabaseError', () => {
  it.each([
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access due to concurrent update'],
  ])('answers a transaction rolled back for concurrency (%s) with 503 and a retry hint', (code, message) => {
    const error = sanitizeDatabaseError(driverError(code, message));
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCode.Unavailable);
    expect((error as DomainError).retryAfterSeconds).toBeGreaterThan(0);
    expect((error as DomainError).message).not.toContain(message);
  });

  it('keeps a statement timeout a 503 and a data exception a 422 without the value', () => {
    const timedOut = sanitizeDatabaseError(
      driverError('57014', 'canceling statement due to statement timeout'),
    );
    expect((timedOut as DomainError).code).toBe(ErrorCode.Unavailable);
    const invalid = sanitizeDatabaseError(
      driverError('22P02', 'invalid input syntax for type uuid: "secret"'),
    );
    expect((invalid as DomainError).code).toBe(ErrorCode.InvalidArgument);
    expect((invalid as DomainError).message).not.toContain('secret');
  });

  it.each([
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['08006', 'connection failure'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P05', 'terminating connection due to idle-session timeout'],
    ['53300', 'sorry, too many clients already'],
    ['3D000', 'database "trove" does not exist'],
  ])('answers a database that cannot be reached or serve (%s) with 503', (code, message) => {
    const error = sanitizeDatabaseError(driverError(code, message));
    expect((error as DomainError).code).toBe(ErrorCode.Unavailable);
    expect((error as DomainError).message).not.toContain(message);
    expect(isUnreachable(driverError(code, message))).toBe(true);
  });

  it("counts a lost connection without a code, in TypeORM's wrapper too, as unreachable", () => {
    expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isUnreachable({ message: 'query failed', driverError: driverError('08003', 'no connection') }),
    ).toBe(true);
    expect(isUnreachable(driverError('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isUnreachable(driverError('57014', 'canceling statement due to statement timeout'))).toBe(false);
  });

  it("answers pg's client-side deadline with its own 503, and counts the connection as lost", () => {
    const timedOut = { message: 'query failed', driverError: new Error('Query read timeout') };
    const error = sanitizeDatabaseError(timedOut) as DomainError;
    expect(error.code).toBe(ErrorCode.Unavailable);
    expect(error.message).toBe('Service Unavailable: the database did not answer in time');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(isUnreachable(timedOut)).toBe(true);
  });

  it('leaves a constraint violation a DatabaseError that callers can test by code', () => {
    const error = sanitizeDatabaseError(
      driverError('23505', 'duplicate key value violates unique constraint'),
    );
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as DatabaseError).code).toBe('23505');
  });
});
