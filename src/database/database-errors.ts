/**
 * What a failed statement may tell the rest of Trove, its logs and its clients.
 *
 * The drivers' errors carry everything: TypeORM's QueryFailedError holds the
 * statement's parameters (document text, secret hashes), PostgreSQL's `detail`
 * and `where` quote the offending values, and data-exception messages quote the
 * input (`value is too big in tsquery: "x x x ..."`). Nothing of that may reach a
 * log line or an answer, so DatabaseService rethrows every failure as one of:
 *
 * - a DomainError for what the client caused or must wait out: the database is
 *   unreachable or stopped answering, the statement ran out of time, or the
 *   transaction lost a deadlock to a concurrent one (503 with a retry hint); or a
 *   value it cannot store or evaluate (422);
 * - a DatabaseError for everything else (a constraint, a bug): the SQLSTATE, the
 *   names of the constraint, table and column, and PostgreSQL's message, which
 *   outside data exceptions names objects, not values; callers may test `code`
 *   (23505 for a unique violation). It is logged, never shown to a client.
 */
import { DomainError, ErrorCode } from '../common/errors';

/** Why the database could not do what was asked. */
export enum DatabaseErrorReason {
  /** The database cannot be reached. */
  Unreachable = 'database.unreachable',
  /** The database did not answer in time (TROVE_DB_QUERY_TIMEOUT_MS). */
  NoAnswer = 'database.no_answer',
  /** A statement took too long and was cancelled. */
  StatementTimedOut = 'database.statement_timed_out',
  /** A deadlock or serialization failure rolled the transaction back. */
  RolledBack = 'database.rolled_back',
  /** A value of the request cannot be stored or compared. */
  InvalidValue = 'database.invalid_value',
  /** The request is too large or too deeply nested for the database. */
  TooLarge = 'database.too_large',
}

/** How long a client should wait before retrying when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new DomainError(
    DatabaseErrorReason.Unreachable,
    ErrorCode.Unavailable,
    'Service Unavailable: the database is unreachable',
    undefined,
    {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    },
  );

/**
 * The client gave up waiting (TROVE_DB_QUERY_TIMEOUT_MS): the server did not answer,
 * whatever it is doing, as when the network between them is partitioned.
 */
const noAnswer = () =>
  new DomainError(
    DatabaseErrorReason.NoAnswer,
    ErrorCode.Unavailable,
    'Service Unavailable: the database did not answer in time',
    undefined,
    {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    },
  );

const statementTimedOut = () =>
  new DomainError(
    DatabaseErrorReason.StatementTimedOut,
    ErrorCode.Unavailable,
    'Service Unavailable: the database statement took too long and was cancelled',
    undefined,
    { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS },
  );

/**
 * A deadlock or serialization failure: PostgreSQL rolled the transaction back because
 * of a concurrent one (e.g. a pipeline deleted while its vector index is being built).
 * Nothing was stored; the same request sent again normally succeeds.
 */
const rolledBackForConcurrency = (code: string) =>
  new DomainError(
    DatabaseErrorReason.RolledBack,
    ErrorCode.Unavailable,
    `Service Unavailable: the request conflicted with a concurrent one and was rolled back; send it again (SQLSTATE ${code})`,
    undefined,
    { retryAfterSeconds: 1 },
  );

export class DatabaseError extends Error {
  constructor(
    message: string,
    /** The SQLSTATE (or a Node.js error code such as ECONNRESET). */
    readonly code: string | undefined,
    readonly constraint?: string,
    readonly table?: string,
    readonly column?: string,
    readonly routine?: string,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

interface DriverError {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  driverError?: DriverError;
}

/** Node.js socket errors of a connection that cannot be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOENT', // the embedded database's socket is gone
]);
/**
 * SQLSTATEs of a server that is down, restarting, full or gone: a connection exception
 * (class 08), an operator intervention (57P01-57P05: shut down, crashed, starting up,
 * database dropped, idle session ended), too many connections, no such database.
 */
const UNAVAILABLE_STATE = /^(08|57P0[1-5]$|53300$|3D000$)/;
/**
 * pg's own messages for a connection that failed without a code; "Query read timeout"
 * is its client-side deadline (query_timeout): the connection stopped answering.
 */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Database is not connected|not queryable|Cannot use a pool after calling end|Query read timeout/i;
const READ_TIMEOUT = /^Query read timeout$/;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The code and message of a driver's error, or of the driver's error TypeORM wraps. */
function codeAndMessage(error: unknown): { code: string | undefined; message: string; driver: DriverError } {
  const outer = (error ?? {}) as DriverError;
  const driver = outer.driverError ?? outer;
  return {
    driver,
    code: text(driver.code) ?? text(outer.code),
    message: text(driver.message) ?? text(outer.message) ?? String(error),
  };
}

/**
 * Whether the database cannot be reached or cannot serve now: the connection failed,
 * was lost or stopped answering, or the server is down, starting, full or without the
 * database. The one answer to it is "later, or elsewhere": a 503 here, the primary for
 * a replica's read (replica-reader.ts); and the connection it happened on is not used
 * again (connection-lease.ts).
 */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = codeAndMessage(error);
  return (
    (code !== undefined && (CONNECTION_CODES.has(code) || UNAVAILABLE_STATE.test(code))) ||
    CONNECTION_MESSAGES.test(message)
  );
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The failure as Trove reports it (see the file comment). What is not a driver's
 * error (a programming error thrown inside a transaction) passes unchanged.
 */
export function sanitizeDatabaseError(error: unknown): unknown {
  if (error instanceof DomainError || error instanceof DatabaseError) return error;
  const { code, message, driver } = codeAndMessage(error);
  const fromDriver =
    (error as DriverError | null)?.driverError !== undefined ||
    (code !== undefined && (SQLSTATE.test(code) || CONNECTION_CODES.has(code))) ||
    CONNECTION_MESSAGES.test(message);
  if (!fromDriver) return error;

  if (code === '57014') return statementTimedOut();
  if (READ_TIMEOUT.test(message)) return noAnswer();
  if (code === '40001' || code === '40P01') return rolledBackForConcurrency(code);
  if (isUnreachable(error)) return databaseUnavailable();
  if (code?.startsWith('22')) {
    // A data exception: the value's own fault, and the message quotes the value.
    return new DomainError(
      DatabaseErrorReason.InvalidValue,
      ErrorCode.InvalidArgument,
      `Invalid input: a value of the request cannot be stored or compared (SQLSTATE ${code})`,
    );
  }
  if (code === '54001' || code === '54000') {
    return new DomainError(
      DatabaseErrorReason.TooLarge,
      ErrorCode.InvalidArgument,
      `Invalid input: the request is too large or too deeply nested for the database (SQLSTATE ${code})`,
    );
  }
  return new DatabaseError(
    message,
    code,
    text(driver.constraint),
    text(driver.table),
    text(driver.column),
    text(driver.routine),
  );
}
