/**
 * The statements a repository runs, written once for both databases. A repository method is a generator
 * that yields descriptions of its statements (built from drizzle's dialect-neutral conditions over the
 * dialect's own tables) and gets each one's result back; each dialect has one runner that turns a
 * description into its drizzle query (sqlite-dialect.ts, postgres/dialect.ts; what they share is in
 * statement-runner.ts).
 *
 * Why generators: better-sqlite3 answers at once and its transactions must not await anything, while
 * PostgreSQL answers later. Code written against the yielded results runs unchanged both ways: the
 * SQLite runner drives it synchronously (inside a native transaction where it asks for one), the
 * PostgreSQL runner asynchronously.
 */
import { sql, type Column, type Placeholder, type SQL, type Table } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';

/** A row of the table as read. */
export type Row<T extends Table> = T['$inferSelect'];
/** A row of the table as written (columns with defaults may be left out). */
export type NewRow<T extends Table> = T['$inferInsert'];
/** New values for some columns of a row: a value, or an SQL expression (e.g. `version + 1`). */
export type RowChange<T extends Table> = { [K in keyof NewRow<T>]?: NewRow<T>[K] | SQL };
/** The same in a statement built once: a placeholder stands for a value given at each run. */
export type RowChangeQuery<T extends Table> = { [K in keyof NewRow<T>]?: NewRow<T>[K] | SQL | Placeholder };

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
  readonly onConflict?: 'nothing' | { readonly target: Column | readonly Column[]; readonly set: object };
  /** Answer the written rows instead of their count. */
  readonly returning: boolean;
  /** The method needs no answer (see `insertUnanswered`). */
  readonly unanswered?: boolean;
}

export interface Update {
  readonly kind: 'update';
  readonly table: Table;
  readonly set: object;
  readonly where: SQL | undefined;
  /** Answer the changed rows instead of their count. */
  readonly returning: boolean;
  /** Built once (`updateQuery`): the same object at every run, with the placeholders' values. */
  readonly query?: UpdateQuery;
  readonly values?: Record<string, unknown>;
  /** The method needs no answer (see `insertUnanswered`). */
  readonly unanswered?: boolean;
  /** Exactly one row must change, or the statement fails with a StaleVersionError (see `updateChecked`). */
  readonly exactlyOne?: boolean;
}

export interface Delete {
  readonly kind: 'delete';
  readonly table: Table;
  readonly where: SQL | undefined;
  /** Built once (`deleteQuery`): the same object at every run, with the placeholders' values. */
  readonly query?: DeleteQuery;
  readonly values?: Record<string, unknown>;
  /** The method needs no answer (see `insertUnanswered`). */
  readonly unanswered?: boolean;
}

/**
 * An UPDATE (answering its count) built once, whose changing values are placeholders in `set` and
 * `where`: SQLite prepares it once, and neither database builds its SQL text again at each run.
 */
export interface UpdateQuery {
  readonly table: Table;
  readonly set: object;
  readonly where: SQL | undefined;
  /** Answers the changed rows instead of their count (`updateReturningQuery`). */
  readonly returning?: boolean;
}

/** A DELETE built once with placeholders (see UpdateQuery). */
export interface DeleteQuery {
  readonly table: Table;
  readonly where: SQL | undefined;
}

/**
 * All of `body`'s statements or none. `savepoint`: inside another transaction, a savepoint of it (so a
 * failed statement that `body` catches leaves the rest of the bigger change usable); without it, inside
 * another transaction the statements are simply part of it (a failure fails the whole change), which
 * saves two statements, and on PostgreSQL two round trips.
 */
export interface Transaction {
  readonly kind: 'transaction';
  readonly body: () => Statements<unknown>;
  readonly savepoint: boolean;
}

/**
 * Writes nobody waits for, none depending on another's effect, as one statement where the database can
 * (see `together`).
 */
export interface Writes {
  readonly kind: 'writes';
  readonly writes: readonly (Insert | Update | Delete)[];
}

export type Statement = Select | Insert | Update | Delete | Writes | Transaction;

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

/**
 * A statement whose IN list has one placeholder per value (`${name}0`, `${name}1`, ...), kept in `kept`
 * by the number of values up to `max` (then prepared once per count), with the values for those
 * placeholders; null beyond `max`, where the caller builds the statement with its values at each run.
 */
export function keptForCount<Q>(
  kept: Map<number, Q>,
  values: readonly unknown[],
  max: number,
  name: string,
  build: (placeholders: Placeholder[]) => Q,
): { query: Q; values: Record<string, unknown> } | null {
  if (values.length > max) return null;
  let query = kept.get(values.length);
  if (query === undefined) {
    query = build(values.map((_, i) => sql.placeholder(`${name}${i}`)));
    kept.set(values.length, query);
  }
  return { query, values: Object.fromEntries(values.map((value, i) => [`${name}${i}`, value])) };
}

/** Writes the rows; answers how many were written (fewer when `onConflict` left some out). */
export function* insert<T extends Table>(table: T, values: readonly NewRow<T>[], onConflict?: 'nothing' | { target: Column | readonly Column[]; set: RowChange<T> }): Statements<number> {
  if (values.length === 0) return 0;
  return (yield { kind: 'insert', table, values, returning: false, ...(onConflict !== undefined ? { onConflict } : {}) }) as number;
}

/**
 * Writes the rows; the method goes on without waiting for the answer. On PostgreSQL, inside the store's
 * transaction, the statement goes to the server together with the ones after it (a pipeline: no round
 * trip of its own), and should it fail, the transaction fails at its end and nothing of it is kept;
 * elsewhere, and on SQLite (which answers at once), it runs as any other statement. `onConflict: 'nothing'`:
 * a row whose key is taken is left as it is.
 */
export function* insertUnanswered<T extends Table>(table: T, values: readonly NewRow<T>[], onConflict?: 'nothing'): Statements<void> {
  if (values.length === 0) return;
  yield { kind: 'insert', table, values, returning: false, unanswered: true, ...(onConflict !== undefined ? { onConflict } : {}) };
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

/** An UPDATE built once: values and conditions may be placeholders (`sql.placeholder('id')`), given at each run. */
export function updateQuery<T extends Table>(table: T, set: RowChangeQuery<T>, where: SQL | undefined): UpdateQuery {
  return { table, set, where };
}

/** An UPDATE built once (see updateQuery) that answers the rows it changed, as stored after the change. */
export function updateReturningQuery<T extends Table>(table: T, set: RowChangeQuery<T>, where: SQL | undefined): UpdateQuery & { readonly row?: Row<T> } {
  return { table, set, where, returning: true };
}

/** Runs an UPDATE ... RETURNING built once with these placeholder values; answers the changed rows. */
export function* updateReturningWith<R>(query: UpdateQuery & { readonly row?: R }, values: Record<string, unknown>): Statements<R[]> {
  return (yield { kind: 'update', table: query.table, set: query.set, where: query.where, returning: true, query, values }) as R[];
}

/** Runs an UPDATE built once with these placeholder values; answers how many rows it changed. */
export function* updateWith(query: UpdateQuery, values: Record<string, unknown>): Statements<number> {
  return (yield { kind: 'update', table: query.table, set: query.set, where: query.where, returning: false, query, values }) as number;
}

/** A DELETE built once, its condition's changing values placeholders. */
export function deleteQuery(table: Table, where: SQL | undefined): DeleteQuery {
  return { table, where };
}

/** Runs a DELETE built once with these placeholder values; answers how many rows it deleted. */
export function* removeWith(query: DeleteQuery, values: Record<string, unknown>): Statements<number> {
  return (yield { kind: 'delete', table: query.table, where: query.where, query, values }) as number;
}

/** An INSERT of the rows, for `together`. */
export function inserting<T extends Table>(table: T, values: readonly NewRow<T>[]): Insert {
  return { kind: 'insert', table, values, returning: false, unanswered: true };
}

/** An UPDATE built once with these placeholder values, for `together`. */
export function updatingWith(query: UpdateQuery, values: Record<string, unknown>): Update {
  return { kind: 'update', table: query.table, set: query.set, where: query.where, returning: false, query, values, unanswered: true };
}

/** A DELETE built once with these placeholder values, for `together`. */
export function deletingWith(query: DeleteQuery, values: Record<string, unknown>): Delete {
  return { kind: 'delete', table: query.table, where: query.where, query, values, unanswered: true };
}

/**
 * Writes that need no answer and of which none depends on another's effect (each sees the tables as they
 * were before them all: a DELETE does not remove the rows an INSERT beside it writes), as one statement
 * where the database can: on PostgreSQL each but the last is a WITH of the last, sent (inside the
 * store's transaction) without waiting, as `insertUnanswered` is. SQLite, answering at once, runs them one
 * after another, in a transaction of their own when none is running. All of them or none.
 */
export function* together(writes: readonly (Insert | Update | Delete)[]): Statements<void> {
  const given = writes.filter((write) => write.kind !== 'insert' || write.values.length > 0);
  if (given.length === 0) return;
  if (given.length === 1) yield given[0] as Insert | Update | Delete;
  else yield { kind: 'writes', writes: given };
}

/** A DELETE built once, run without waiting for its answer (see `insertUnanswered`). */
export function* removeWithUnanswered(query: DeleteQuery, values: Record<string, unknown>): Statements<void> {
  yield { kind: 'delete', table: query.table, where: query.where, query, values, unanswered: true };
}

/** An UPDATE built once, run without waiting for its answer (see `insertUnanswered`). */
export function* updateWithUnanswered(query: UpdateQuery, values: Record<string, unknown>): Statements<void> {
  yield { kind: 'update', table: query.table, set: query.set, where: query.where, returning: false, query, values, unanswered: true };
}

/**
 * The optimistic lock of a change that needs no answer: an UPDATE built once (its condition names the
 * version the caller saw) that must change exactly one row. When it changes none the statement fails with
 * a StaleVersionError, and so does the transaction it is part of; nothing of that transaction is kept. On
 * PostgreSQL, inside the store's transaction, it goes out with the statements after it and COMMIT, so a
 * move's whole transaction is one round trip (the check fails on the server: see postgres/dialect.ts).
 */
export function* updateChecked(query: UpdateQuery, values: Record<string, unknown>): Statements<void> {
  yield { kind: 'update', table: query.table, set: query.set, where: query.where, returning: false, query, values, unanswered: true, exactlyOne: true };
}

/** An UPDATE that had to change exactly one row (`updateChecked`) changed none: the version moved on. */
export class StaleVersionError extends Error {
  override readonly name = 'StaleVersionError';
  constructor(readonly table: string) {
    super(`no ${table} row at the expected version: another change came first`);
  }
}

/** Deletes the rows `where` selects; answers how many there were. */
export function* remove(table: Table, where: SQL | undefined): Statements<number> {
  return (yield { kind: 'delete', table, where }) as number;
}

/** All of `body` or none; inside another transaction, a savepoint of it (a failure `body` catches spoils nothing else). */
export function* transaction<R>(body: () => Statements<R>): Statements<R> {
  return (yield { kind: 'transaction', body, savepoint: true }) as R;
}

/**
 * All of `body` or none: a transaction of its own when none is running; inside one, simply part of it
 * (no savepoint: `body` must not catch its own statements' failures and go on).
 */
export function* atomic<R>(body: () => Statements<R>): Statements<R> {
  return (yield { kind: 'transaction', body, savepoint: false }) as R;
}
