/**
 * A failed query's error as it may be logged. drizzle wraps the driver's error in a DrizzleQueryError
 * whose message and `params` carry the statement's values (game states, outbox payloads, user ids);
 * the store answers with this error instead: the statement with its placeholders and the server's
 * complaint, never the values (SQLite's errors carry none either).
 */
import { DrizzleQueryError } from 'drizzle-orm';

export class PostgresQueryError extends Error {
  override readonly name = 'PostgresQueryError';
  /** SQLSTATE, e.g. 23505 (unique_violation). */
  readonly code: string | undefined;

  constructor(
    /** The statement with $1, $2... in place of its values. */
    readonly query: string,
    cause: Error,
  ) {
    super(`${cause.message} (in: ${query})`, { cause });
    const code = (cause as { code?: unknown }).code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** The error to pass on: a DrizzleQueryError without its values, anything else as it is. */
export function withoutValues(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError) || !(error.cause instanceof Error)) return error;
  return new PostgresQueryError(error.query, error.cause);
}
