/**
 * The statements a repository runs, written once for both databases. A repository method is a generator
 * that yields descriptions of its statements (built from drizzle's dialect-neutral conditions over the
 * dialect's own tables) and gets each one's result back; each dialect has one runner that turns a
 * description into its drizzle query (sqlite-dialect.ts, postgres/dialect.ts).
 *
 * Why generators: better-sqlite3 answers at once and its transactions must not await anything, while
 * PostgreSQL answers later. Code written against the yielded results runs unchanged both ways: the
 * SQLite runner drives it synchronously (inside a native transaction where it asks for one), the
 * PostgreSQL runner asynchronously.
 */
import type { Column, Placeholder, SQL, Table } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/** A row of the table as read. */
export type Row<T extends Table> = T['$inferSelect'];
/** A row of the table as written (columns with defaults may be left out). */
export type NewRow<T extends Table> = T['$inferInsert'];
/** New values for some columns of a row: a value, or an SQL expression (e.g. `version + 1`). */
export type RowChange<T extends Table> = { [K in keyof NewRow<T>]?: NewRow<T>[K] | SQL };

/** Columns or expressions to read, by the property name they come back under. */
export type Fields = Record<string, Column | SQL | SQL.Aliased>;

export interface SelectClauses {
  readonly where?: SQL | undefined;
  readonly groupBy?: readonly (Column | SQL)[];
  readonly orderBy?: readonly (Column | SQL)[];
  /** A number, or a placeholder given at each run. */
  readonly limit?: number | Placeholder;
}

/**
 * A SELECT answering rows of type `R`. Values that change from run to run may be placeholders
 * (`sql.placeholder('id')`) given at each run: a query built once with them is prepared once on SQLite
 * (a move must not pay for building its SQL again).
 */
export interface SelectQuery<R = unknown> extends SelectClauses {
  readonly from: Table;
  /** The columns to read; every column of `from` when absent. */
  readonly fields?: Fields;
  /** SELECT DISTINCT. */
  readonly distinct?: boolean;
  readonly innerJoin?: { readonly table: Table; readonly on: SQL };
  /** Never set: carries the row type. */
  readonly row?: R;
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

export interface Select {
  readonly kind: 'select';
  readonly query: SelectQuery;
  /** The placeholders' values. */
  readonly values?: Record<string, unknown>;
  /** Only the first row is wanted (undefined when there is none). */
  readonly first: boolean;
}

export interface Insert {
  readonly kind: 'insert';
  readonly table: Table;
  readonly values: readonly object[];
  /** On a key that is taken: leave the row as it is, or change it. */
  readonly onConflict?: 'nothing' | { readonly target: Column; readonly set: object };
  /** Answer the written rows instead of their count. */
  readonly returning: boolean;
}

export interface Update {
  readonly kind: 'update';
  readonly table: Table;
  readonly set: object;
  readonly where: SQL | undefined;
  /** Answer the changed rows instead of their count. */
  readonly returning: boolean;
}

export interface Delete {
  readonly kind: 'delete';
  readonly table: Table;
  readonly where: SQL | undefined;
}

/** All of `body`'s statements or none; inside another transaction, a savepoint of it. */
export interface Transaction {
  readonly kind: 'transaction';
  readonly body: () => Statements<unknown>;
}

export type Statement = Select | Insert | Update | Delete | Transaction;

/** A repository method's statements, ending with its result. */
export type Statements<R> = Generator<Statement, R, unknown>;

/** Every column of the table's rows. */
export function select<T extends Table>(from: T, clauses: SelectClauses = {}): SelectQuery<Row<T>> {
  return { from, ...clauses };
}

/** Some columns or expressions of the rows (`distinct`: each combination once; `innerJoin`: with another table's rows). */
export function selectFields<F extends Fields>(
  fields: F,
  from: Table,
  clauses: SelectClauses & Pick<SelectQuery, 'distinct' | 'innerJoin'> = {},
): SelectQuery<SelectResultFields<F>> {
  return { from, fields, ...clauses };
}

export function* all<R>(query: SelectQuery<R>, values?: Record<string, unknown>): Statements<R[]> {
  return (yield { kind: 'select', query, first: false, ...(values !== undefined ? { values } : {}) }) as R[];
}

export function* first<R>(query: SelectQuery<R>, values?: Record<string, unknown>): Statements<R | undefined> {
  return (yield { kind: 'select', query, first: true, ...(values !== undefined ? { values } : {}) }) as R | undefined;
}

/** Writes the rows; answers how many were written (fewer when `onConflict` left some out). */
export function* insert<T extends Table>(table: T, values: readonly NewRow<T>[], onConflict?: 'nothing' | { target: Column; set: RowChange<T> }): Statements<number> {
  if (values.length === 0) return 0;
  return (yield { kind: 'insert', table, values, returning: false, ...(onConflict !== undefined ? { onConflict } : {}) }) as number;
}

/** Writes one row and answers it as stored (its id, its defaults). */
export function* insertReturning<T extends Table>(table: T, values: NewRow<T>): Statements<Row<T>> {
  const [row] = (yield { kind: 'insert', table, values: [values], returning: true }) as Row<T>[];
  return row!;
}

/** Changes the rows `where` selects; answers how many there were. */
export function* update<T extends Table>(table: T, set: RowChange<T>, where: SQL | undefined): Statements<number> {
  return (yield { kind: 'update', table, set, where, returning: false }) as number;
}

/** Changes the rows `where` selects; answers them as changed. */
export function* updateReturning<T extends Table>(table: T, set: RowChange<T>, where: SQL | undefined): Statements<Row<T>[]> {
  return (yield { kind: 'update', table, set, where, returning: true }) as Row<T>[];
}

/** Deletes the rows `where` selects; answers how many there were. */
export function* remove(table: Table, where: SQL | undefined): Statements<number> {
  return (yield { kind: 'delete', table, where }) as number;
}

export function* transaction<R>(body: () => Statements<R>): Statements<R> {
  return (yield { kind: 'transaction', body }) as R;
}

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
    out[name] = (...args: unknown[]) => run((method as (...a: unknown[]) => Statements<unknown>).apply(repository, args));
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
