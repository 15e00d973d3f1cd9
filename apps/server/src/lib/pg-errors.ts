/** Drizzle wraps driver errors; the PostgreSQL SQLSTATE may sit on the error or on its cause. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/**
 * PostgreSQL broke a deadlock by failing this statement (40P01). Concurrent booking inserts that overlap
 * check the exclusion constraint against each other's uncommitted rows and can wait on each other; tried
 * again, the statement meets the winner's committed row and is refused as the overlap it is.
 */
export const isDeadlock = (error: unknown): boolean => sqlState(error) === '40P01';

/** Node's socket errors when PostgreSQL is not there (stopped, restarting, unreachable). */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres' own messages for a connection that died or never came (they carry no code). */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection ended unexpectedly',
];

/**
 * PostgreSQL cannot be reached or is shutting down or starting: SQLSTATE class 08 (connection exception),
 * 57P01–57P03 (admin/crash shutdown, cannot connect now), a refused or reset socket, or a connection the
 * driver saw end. Such a failure says nothing about the request: the same work succeeds once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
      if (SOCKET_ERRORS.has(code)) return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text)))
      return true;
    const { errors } = current as { errors?: unknown };
    // An AggregateError (a refused connection on both ::1 and 127.0.0.1) carries the socket errors inside.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Worth doing again as it was: the database is away, or it rolled the transaction back (class 40). */
export const isTransientDatabaseError = (error: unknown): boolean =>
  isDatabaseUnavailable(error) || (sqlState(error)?.startsWith('40') ?? false);
