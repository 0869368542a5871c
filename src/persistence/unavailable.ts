/**
 * Whether an error means the database cannot be reached or used right now (as opposed to a bug or a
 * refused change): the PostgreSQL server is down, restarting or refusing connections, the pool could not
 * get a connection in time; the SQLite file is locked by another writer for too long or cannot be read or
 * written. The user is then told that their click was not applied and to try again shortly, and the
 * outage is logged once, not once per click.
 */

/** SQLSTATE classes and codes of an unreachable or unavailable server. */
const POSTGRES_UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '55000', // object_not_in_prerequisite_state (a database not accepting connections)
  '53300', // too_many_connections
]);

/** Node's network errors when the server is gone. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/** SQLite's result codes of a file that cannot be used now (busy past the timeout, unreadable, full). */
const SQLITE_UNAVAILABLE_CODES = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY|NOTADB)/;

/** pg's own messages for a connection it lost or could not get (these carry no code). */
const POOL_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== undefined && e !== null && depth < 6; depth++) {
    if (typeof e !== 'object') return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (POSTGRES_UNAVAILABLE_CODES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code) || SQLITE_UNAVAILABLE_CODES.test(code)) return true;
    }
    // AggregateError (a connection tried on several addresses)
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && POOL_MESSAGES.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
