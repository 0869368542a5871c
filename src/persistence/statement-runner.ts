/**
 * Running a repository's statements (statements.ts): the two ways of driving a method's generator, the
 * part of turning a described SELECT into drizzle's builder that both dialects share, and a repository
 * seen as plain methods answering their results (at once on SQLite, as promises in a store).
 */
import { getTableName, is, SQL, sql, type Placeholder } from 'drizzle-orm';
import type { Insert, SelectQuery, Statement, Statements } from './statements.js';

/** Runs the statements one by one as `execute` answers them at once; a failed statement's error is thrown into the method. */
export function runSynchronously<R>(statements: Statements<R>, execute: (statement: Statement) => unknown): R {
  let step = statements.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = execute(step.value);
    } catch (error) {
      step = statements.throw(error);
      continue;
    }
    step = statements.next(answer);
  }
  return step.value;
}

/** Runs the statements one by one, each after the previous one's answer came; a failed statement's error is thrown into the method. */
export async function runAsynchronously<R>(statements: Statements<R>, execute: (statement: Statement) => Promise<unknown>): Promise<R> {
  let step = statements.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = await execute(step.value);
    } catch (error) {
      step = statements.throw(error);
      continue;
    }
    step = statements.next(answer);
  }
  return step.value;
}

type StatementMethodNames<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Statements<unknown> ? K : never }[keyof T];

/** A repository's methods, each answering its result. */
export type Synchronous<T> = { [K in StatementMethodNames<T>]: T[K] extends (...args: infer A) => Statements<infer R> ? (...args: A) => R : never };
/** A repository's methods, each answering a promise of its result. */
export type Asynchronous<T> = { [K in StatementMethodNames<T>]: T[K] extends (...args: infer A) => Statements<infer R> ? (...args: A) => Promise<R> : never };

function eachMethodRun(repository: object, run: (statements: Statements<unknown>) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const proto = Object.getPrototypeOf(repository) as object;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const method: unknown = Object.getOwnPropertyDescriptor(proto, name)?.value;
    if (name === 'constructor' || typeof method !== 'function') continue;
    const statements = method as (...a: unknown[]) => Statements<unknown>;
    // Called only when run starts, so its default arguments (`at = this.now()`) are taken then, as the
    // rest of the method is, and not before a store let the call wait for a transaction.
    out[name] = (...args: unknown[]) =>
      run(
        (function* () {
          return yield* statements.apply(repository, args);
        })(),
      );
  }
  return out;
}

/** The repository with each method run to its result by `run`. */
export function synchronously<T extends object>(repository: T, run: <R>(statements: Statements<R>) => R): Synchronous<T> {
  return eachMethodRun(repository, run) as Synchronous<T>;
}

/** The repository with each method run by `run`, answering a promise. */
export function asynchronously<T extends object>(repository: T, run: <R>(statements: Statements<R>) => Promise<R>): Asynchronous<T> {
  return eachMethodRun(repository, run) as Asynchronous<T>;
}

/** A dialect's dynamic SELECT builder (drizzle's `$dynamic()`): each clause answers the same builder. */
interface ClauseBuilder<Self> {
  innerJoin(table: never, on: SQL): Self;
  where(where: SQL): Self;
  groupBy(...columns: never[]): Self;
  orderBy(...columns: never[]): Self;
  limit(limit: number | Placeholder): Self;
}

/**
 * The query's clauses on the dialect's builder of its SELECT ... FROM. The tables and columns are the
 * dialect's own (they come from its `Dialect.tables`), which the builder's types cannot know.
 */
export function withClauses<S extends ClauseBuilder<S>>(builder: S, query: SelectQuery): S {
  let built = builder;
  if (query.innerJoin) built = built.innerJoin(query.innerJoin.table as never, query.innerJoin.on);
  if (query.where) built = built.where(query.where);
  if (query.groupBy) built = built.groupBy(...(query.groupBy as never[]));
  if (query.orderBy) built = built.orderBy(...(query.orderBy as never[]));
  if (query.limit !== undefined) built = built.limit(query.limit);
  return built;
}

/** The values of an INSERT of `rows` for the placeholders `names` of its shape (`names[row][column]`). */
export function insertValues(rows: readonly object[], columns: readonly string[], names: readonly (readonly string[])[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    const rowNames = names[r] as readonly string[];
    for (let c = 0; c < columns.length; c++) values[rowNames[c] as string] = row[columns[c] as string];
  }
  return values;
}

/**
 * An INSERT's shape, for keeping it prepared: the columns it writes (those given a value), when every
 * row writes the same ones and none is an SQL expression, and a key naming the shape (table, columns,
 * rows, conflict, returning). Null for any other INSERT: it is built at each run, as an unusual
 * statement may be.
 */
export function insertShape(statement: Insert): { key: string; columns: string[] } | null {
  if (typeof statement.onConflict === 'object') return null;
  const columns = insertColumns(statement);
  if (columns === null) return null;
  return { key: `${getTableName(statement.table)}|${columns.join(',')}|${statement.values.length}|${statement.onConflict ?? ''}|${statement.returning ? 'returning' : ''}`, columns };
}

/** The rows of an INSERT of that shape with placeholders for values (`names[row][column]`), for preparing it once. */
export function insertPlaceholders(rows: number, columns: readonly string[]): { names: string[][]; placeholders: Record<string, Placeholder>[] } {
  const names = Array.from({ length: rows }, (_, r) => columns.map((column) => `${r}.${column}`));
  const placeholders = names.map((rowNames) => Object.fromEntries(rowNames.map((name, c) => [columns[c] as string, sql.placeholder(name)])));
  return { names, placeholders };
}

function insertColumns(statement: Insert): string[] | null {
  const first = statement.values[0] as Record<string, unknown>;
  const columns = Object.keys(first).filter((key) => first[key] !== undefined);
  for (const row of statement.values as Record<string, unknown>[]) {
    let given = 0;
    for (const key in row) {
      const value = row[key];
      if (value === undefined) continue;
      if (is(value, SQL) || first[key] === undefined) return null;
      given++;
    }
    if (given !== columns.length) return null;
  }
  return columns;
}

