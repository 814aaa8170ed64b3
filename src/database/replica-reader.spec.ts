import { isReplicaFailure } from './replica-reader';

/** An error as pg raises it for a statement the server refused. */
const refused = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isReplicaFailure', () => {
  it('sends the read to the primary when the replica cannot be reached or is not up', () => {
    expect(isReplicaFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    // pg's pool gives up connecting without a code.
    expect(isReplicaFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isReplicaFailure(refused('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isReplicaFailure(refused('57P05', 'terminating connection due to idle-session timeout'))).toBe(
      true,
    );
    expect(isReplicaFailure(refused('08006', 'connection failure'))).toBe(true);
    expect(isReplicaFailure(refused('57P03', 'the database system is starting up'))).toBe(true);
    expect(isReplicaFailure(refused('57P01', 'terminating connection due to administrator command'))).toBe(
      true,
    );
  });

  it('sends the read to the primary when recovery cancels it', () => {
    // Lock, snapshot and tablespace conflicts.
    expect(isReplicaFailure(refused('40001', 'canceling statement due to conflict with recovery'))).toBe(
      true,
    );
    // "User transaction caused buffer deadlock with recovery."
    expect(isReplicaFailure(refused('40P01', 'canceling statement due to conflict with recovery'))).toBe(
      true,
    );
    // The database was dropped on the primary.
    expect(isReplicaFailure(refused('57P04', 'terminating connection due to conflict with recovery'))).toBe(
      true,
    );
  });

  it('sends the read to the primary when the replica has not replayed what it needs yet', () => {
    expect(isReplicaFailure(refused('42P01', 'relation "fragments" does not exist'))).toBe(true);
    expect(isReplicaFailure(refused('42703', 'column f.expired_at does not exist'))).toBe(true);
    expect(isReplicaFailure(refused('42704', 'type "vector" does not exist'))).toBe(true);
    expect(isReplicaFailure(refused('42883', 'operator does not exist: vector <=> vector'))).toBe(true);
    expect(isReplicaFailure(refused('3D000', 'database "trove_test_1" does not exist'))).toBe(true);
    expect(isReplicaFailure(refused('25006', 'cannot execute UPDATE in a read-only transaction'))).toBe(true);
  });

  it('keeps what the primary would refuse too as the error it is', () => {
    expect(isReplicaFailure(refused('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isReplicaFailure(refused('22P02', 'invalid input syntax for type uuid'))).toBe(false);
    expect(isReplicaFailure(refused('42601', 'syntax error at or near "SELEC"'))).toBe(false);
    expect(isReplicaFailure(refused('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isReplicaFailure(new TypeError("Cannot read properties of undefined (reading 'rows')"))).toBe(
      false,
    );
    expect(isReplicaFailure(undefined)).toBe(false);
  });
});
