/**
 * The repositories' statements on PostgreSQL: each runs on the connection of the moment (the store's
 * ambient transaction, else the pool) and answers asynchronously; a repository's transaction is its own,
 * or a savepoint of the store's where it asks for one (so a refused insert it catches never spoils the
 * bigger change it is part of), or simply part of the store's. A statement built once is prepared by name
 * (the server plans it once per connection); inside the store's transaction a write asked for without an
 * answer is handed to the store, which sends it with what follows (see store.ts). Only the pieces of SQL
 * that differ from SQLite are written here; the statements are the repositories'.
 */
import { fillPlaceholders, getTableName, inArray, is, sql, type SQL } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { PgTransaction, QueryBuilder, type PgColumn, type PgDatabase, type PgSelect, type PgTable, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Dialect } from '../dialect.js';
import { guildOnShardsPostgres } from '../shard-filter.js';
import { PostgresQueryError } from './query-error.js';
import { insertPlaceholders, insertShape, insertValues, runAsynchronously, withClauses } from '../statement-runner.js';
import { StaleVersionError, type Delete, type DeleteQuery, type Insert, type Select, type SelectQuery, type Statement, type Statements, type Update, type UpdateQuery } from '../statements.js';
import type * as schema from './schema.js';
import { tables } from './schema.js';

/** The pool's database or a transaction on one of its connections (both run the same queries). */
export type PgExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;


/** PostgreSQL's SQLSTATE of a failed query (drizzle wraps the driver's error in its own, as `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** unique_violation */
export const UNIQUE_VIOLATION = '23505';

/** division_by_zero: how a checked UPDATE that changed no row fails on the server (see `checkedUpdate`). */
const DIVISION_BY_ZERO = '22012';

export const postgresDialect: Dialect = {
  tables,
  guildOnShards: guildOnShardsPostgres,
  // Two processes claiming at once take different rows: each skips the rows the other has locked, and a
  // row leased while the statement waited is checked again by the UPDATE's own condition.
  notBeingClaimed: (table, id, where) => inArray(id, new QueryBuilder().select({ id: id as PgColumn }).from(table as PgTable).where(where).for('update', { skipLocked: true })),
  isUniqueViolation: (error) => sqlState(error) === UNIQUE_VIOLATION,
  // count and sum come back as bigint text, avg as numeric text, min and max of a bigint as text: each is
  // cast to what SQLite answers (whole numbers as integers, the average as the same double division).
  integer: (aggregate) => sql<number>`cast(${aggregate} as integer)`.mapWith(Number),
  time: <T extends number | null>(aggregate: SQL<T>) => aggregate.mapWith((value): T => Number(value) as T),
  average: (column) => sql<number>`avg(cast(${column} as double precision))`.mapWith(Number),
  commaList: (value, order) => sql<string | null>`string_agg(${value}, ',' order by ${order})`,
  jsonRows: (columns, from, where) => sql<string | null>`(select cast(json_agg(json_build_array(${sql.join([...columns], sql`, `)})) as text) from ${from} where ${where})`,
};

function built(db: PgExecutor, query: SelectQuery): PgSelect {
  const { fields, from } = query;
  const chosen = fields === undefined ? db.select() : query.distinct ? db.selectDistinct(fields as SelectedFields) : db.select(fields as SelectedFields);
  return withClauses<PgSelect>(chosen.from(from as PgTable).$dynamic(), query);
}

/** What a statement runs on: the pool's database or the store's transaction, and the connection under it. */
export interface Connection {
  readonly db: PgExecutor;
  /** The pool, or the transaction's connection. */
  readonly client: pg.Pool | pg.PoolClient;
  /**
   * Inside the store's transaction: takes a statement whose answer nobody waits for (it is already on
   * its way to the server); the transaction waits for it before its end, and fails with it.
   */
  readonly defer?: (sent: Promise<unknown>) => void;
  /**
   * Inside the store's transaction: the writes asked for without an answer that have not gone out yet.
   * They go out as one statement (`together`) when any other statement follows, or before COMMIT; a write
   * on a table one of them writes too, or a second checked UPDATE, sends them first.
   */
  readonly held?: HeldWrites;
}

/** Writes held to go out as one statement (see Connection.held). */
export class HeldWrites {
  #writes: (Insert | Update | Delete)[] = [];
  readonly #tables = new Set<unknown>();
  #send: ((writes: readonly (Insert | Update | Delete)[]) => void) | undefined;

  /** Whether `write` can join the held ones (else they go out first). */
  joins(write: Insert | Update | Delete): boolean {
    return !this.#tables.has(write.table) && !(isChecked(write) && this.#writes.some(isChecked));
  }

  hold(write: Insert | Update | Delete, send: (writes: readonly (Insert | Update | Delete)[]) => void): void {
    this.#writes.push(write);
    this.#tables.add(write.table);
    this.#send = send;
  }

  /** Sends the held writes (as one statement), if any. */
  flush(): void {
    if (this.#writes.length === 0) return;
    const writes = this.#writes;
    this.#writes = [];
    this.#tables.clear();
    this.#send?.(writes);
  }
}

const isChecked = (write: Insert | Update | Delete): boolean => write.kind === 'update' && write.exactlyOne === true;

/** The connection with nothing held: its statements go out at once. */
function unheld(on: Connection): Connection {
  const { held: _held, ...rest } = on;
  return rest;
}

/** A write the store's transaction may hold (see Connection.held): no answer asked for, its SQL built once or by its shape. */
function holdable(statement: Statement): statement is Insert | Update | Delete {
  switch (statement.kind) {
    case 'insert':
      return statement.unanswered === true && !statement.returning && typeof statement.onConflict !== 'object' && insertShape(statement) !== null;
    case 'update':
      return statement.unanswered === true && !statement.returning && statement.query !== undefined;
    case 'delete':
      return statement.unanswered === true && statement.query !== undefined;
    default:
      return false;
  }
}

/** drizzle's prepared statement of node-postgres: it runs on its `client`. */
interface PreparedQuery {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** Statement names of this process: a named statement is parsed and planned once per connection. */
let statements = 0;

/**
 * Every statement built once (a query or a change built with placeholders, an INSERT by its shape) and
 * prepared by name: neither drizzle nor the server builds or plans its SQL again; each connection of
 * the pool parses it once. It runs on the connection of the moment.
 */
class PreparedStatements {
  readonly #built = new WeakMap<object, PreparedQuery>();
  readonly #checked = new WeakMap<object, PreparedQuery>();
  readonly #inserts = new Map<string, { prepared: PreparedQuery; names: string[][] }>();

  constructor(private readonly root: PgExecutor) {}

  #once(key: object, build: (name: string) => PreparedQuery, built = this.#built): PreparedQuery {
    let prepared = built.get(key);
    if (prepared === undefined) {
      prepared = build(`bazaar_${++statements}`);
      built.set(key, prepared);
    }
    return prepared;
  }

  /** The prepared statement on `client` (the pool's own, or a transaction's connection). */
  static on(prepared: PreparedQuery, client: pg.Pool | pg.PoolClient): PreparedQuery {
    return (prepared as unknown as { client: unknown }).client === client ? prepared : (Object.create(prepared, { client: { value: client } }) as PreparedQuery);
  }

  select(statement: Select): PreparedQuery {
    return this.#once(statement.query, (name) => built(this.root, statement.query).prepare(name) as unknown as PreparedQuery);
  }

  /** The INSERT of this shape and its values, or null when it is built at each run. */
  insert(statement: Insert): { prepared: PreparedQuery; values: Record<string, unknown> } | null {
    const shape = insertShape(statement);
    if (shape === null) return null;
    let kept = this.#inserts.get(shape.key);
    if (kept === undefined) {
      const { names, placeholders } = insertPlaceholders(statement.values.length, shape.columns);
      const values = this.root.insert(statement.table as PgTable).values(placeholders as never);
      const query = statement.onConflict === 'nothing' ? values.onConflictDoNothing() : values;
      const name = `bazaar_${++statements}`;
      const prepared = (statement.returning ? query.returning().prepare(name) : query.prepare(name)) as unknown as PreparedQuery;
      kept = { prepared, names };
      this.#inserts.set(shape.key, kept);
    }
    return { prepared: kept.prepared, values: insertValues(statement.values, shape.columns, kept.names) };
  }

  update(query: UpdateQuery): PreparedQuery {
    return this.#once(query, (name) => {
      const update = this.root.update(query.table as PgTable).set(query.set as never).where(query.where);
      return (query.returning === true ? update.returning().prepare(name) : update.prepare(name)) as unknown as PreparedQuery;
    });
  }

  /**
   * An UPDATE that must change exactly one row (`updateChecked`), as one statement that fails on the
   * server when it changed none: the statements pipelined after it then fail too, and COMMIT rolls back.
   * PostgreSQL has no RAISE outside PL/pgSQL, so a division by the number of changed rows does it.
   */
  checkedUpdate(query: UpdateQuery): PreparedQuery {
    // Its own map: the same UpdateQuery may also run as a plain UPDATE answering its count.
    return this.#once(
      query,
      (name) => {
        const changed = this.root
          .update(query.table as PgTable)
          .set(query.set as never)
          .where(query.where)
          .returning({ one: sql<number>`1` });
        const { sql: text, params } = changed.toSQL();
        return new CheckedUpdate(name, `with changed as (${text}) select 1 / count(*) from changed`, params, getTableName(query.table as PgTable), null);
      },
      this.#checked,
    );
  }

  remove(query: DeleteQuery): PreparedQuery {
    return this.#once(query, (name) => this.root.delete(query.table as PgTable).where(query.where).prepare(name) as unknown as PreparedQuery);
  }

  /**
   * Writes as one statement (`together`): each but the last a WITH of the last, their parameters numbered
   * on; prepared by name per text (the same writes of the same shapes give the same text).
   */
  together(writes: readonly (Insert | Update | Delete)[]): { name: string; text: string; values: unknown[]; checked: string | null } {
    const texts: string[] = [];
    const values: unknown[] = [];
    // A checked UPDATE (at most one) is the WITH the statement ends on: it fails when that changed no row.
    const checked = writes.find(isChecked) ?? null;
    const ordered = checked === null ? writes : [checked, ...writes.filter((write) => write !== checked)];
    for (const write of ordered) {
      const part = this.#rendered(write);
      const offset = values.length;
      texts.push(part.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`));
      values.push(...part.values);
    }
    const withs = (list: readonly string[]): string[] => list.map((write, i) => `write_${i} as (${write})`);
    const text =
      checked === null
        ? `with ${withs(texts.slice(0, -1)).join(', ')} ${texts.at(-1) as string}`
        : `with ${[`changed as (${texts[0] as string} returning 1)`, ...withs(texts.slice(1))].join(', ')} select 1 / count(*) from changed`;
    let name = this.#togetherNames.get(text);
    if (name === undefined) {
      name = `bazaar_${++statements}`;
      this.#togetherNames.set(text, name);
    }
    return { name, text, values, checked: checked === null ? null : getTableName(checked.table as PgTable) };
  }

  readonly #togetherNames = new Map<string, string>();
  /** A write's SQL with placeholders, built once per UpdateQuery, DeleteQuery or INSERT shape. */
  readonly #renderedQueries = new WeakMap<object, { text: string; params: unknown[] }>();
  readonly #renderedInserts = new Map<string, { text: string; params: unknown[]; names: string[][]; columns: string[] }>();

  #rendered(write: Insert | Update | Delete): { text: string; values: unknown[] } {
    if (write.kind === 'insert') {
      const shape = insertShape(write);
      if (shape === null || typeof write.onConflict === 'object' || write.returning) throw new Error('together writes INSERTs of plain rows');
      let kept = this.#renderedInserts.get(shape.key);
      if (kept === undefined) {
        const { names, placeholders } = insertPlaceholders(write.values.length, shape.columns);
        const values = this.root.insert(write.table as PgTable).values(placeholders as never);
        const { sql: text, params } = (write.onConflict === 'nothing' ? values.onConflictDoNothing() : values).toSQL();
        kept = { text, params, names, columns: shape.columns };
        this.#renderedInserts.set(shape.key, kept);
      }
      return { text: kept.text, values: fillPlaceholders(kept.params, insertValues(write.values, kept.columns, kept.names)) };
    }
    const query = write.query;
    if (query === undefined || (write.kind === 'update' && write.returning)) throw new Error('together writes UPDATEs and DELETEs built once');
    let kept = this.#renderedQueries.get(query);
    if (kept === undefined) {
      const built = write.kind === 'update' ? this.root.update(query.table as PgTable).set((query as UpdateQuery).set as never).where(query.where) : this.root.delete(query.table as PgTable).where(query.where);
      const { sql: text, params } = built.toSQL();
      kept = { text, params };
      this.#renderedQueries.set(query, kept);
    }
    return { text: kept.text, values: fillPlaceholders(kept.params, write.values ?? {}) };
  }
}

/** A checked UPDATE prepared by name on the connection of the moment (`client`, as drizzle's prepared queries). */
class CheckedUpdate implements PreparedQuery {
  constructor(
    readonly name: string,
    readonly text: string,
    readonly params: unknown[],
    readonly table: string,
    readonly client: pg.Pool | pg.PoolClient | null,
  ) {}

  async execute(values?: Record<string, unknown>): Promise<unknown> {
    if (this.client === null) throw new Error('a checked UPDATE runs on a connection');
    try {
      return await this.client.query({ name: this.name, text: this.text, values: fillPlaceholders(this.params, values ?? {}) });
    } catch (error) {
      if (sqlState(error) === DIVISION_BY_ZERO) throw new StaleVersionError(this.table);
      // As the store passes on drizzle's failures: the statement and the server's complaint, not the values.
      throw error instanceof Error ? new PostgresQueryError(this.text, error) : error;
    }
  }
}

const rowCount = (result: unknown): number => (result as { rowCount?: number | null }).rowCount ?? 0;

async function select(on: Connection, prepared: PreparedStatements, statement: Select): Promise<unknown> {
  const rows = (await PreparedStatements.on(prepared.select(statement), on.client).execute(statement.values)) as unknown[];
  return statement.first ? rows[0] : rows;
}

/** The write sent now; the method waits for its answer unless it asked for none inside the store's transaction. */
function write(on: Connection, statement: Insert | Update | Delete, sent: Promise<unknown>, answer: (result: unknown) => unknown): Promise<unknown> {
  if (statement.unanswered === true && on.defer !== undefined) {
    on.defer(sent);
    return Promise.resolve(undefined);
  }
  return sent.then(answer);
}

function insert(on: Connection, prepared: PreparedStatements, statement: Insert): Promise<unknown> {
  const kept = prepared.insert(statement);
  if (kept !== null) return write(on, statement, PreparedStatements.on(kept.prepared, on.client).execute(kept.values), (result) => (statement.returning ? result : rowCount(result)));
  const values = on.db.insert(statement.table as PgTable).values(statement.values as never);
  const { onConflict } = statement;
  const query = onConflict === undefined ? values : onConflict === 'nothing' ? values.onConflictDoNothing() : values.onConflictDoUpdate({ target: onConflict.target as PgColumn, set: onConflict.set as never });
  return statement.returning ? write(on, statement, query.returning().execute(), (rows) => rows) : write(on, statement, query.execute(), rowCount);
}

function update(on: Connection, prepared: PreparedStatements, statement: Update): Promise<unknown> {
  if (statement.exactlyOne === true) {
    if (statement.query === undefined) throw new Error('a checked UPDATE is built once');
    return write(on, statement, PreparedStatements.on(prepared.checkedUpdate(statement.query), on.client).execute(statement.values), () => undefined);
  }
  if (statement.query !== undefined) {
    const returning = statement.query.returning === true;
    return write(on, statement, PreparedStatements.on(prepared.update(statement.query), on.client).execute(statement.values), (result) => (returning ? result : rowCount(result)));
  }
  const query = on.db
    .update(statement.table as PgTable)
    .set(statement.set as never)
    .where(statement.where);
  return statement.returning ? write(on, statement, query.returning().execute(), (rows) => rows) : write(on, statement, query.execute(), rowCount);
}

function remove(on: Connection, prepared: PreparedStatements, statement: Delete): Promise<unknown> {
  if (statement.query !== undefined) return write(on, statement, PreparedStatements.on(prepared.remove(statement.query), on.client).execute(statement.values), rowCount);
  return write(on, statement, on.db.delete(statement.table as PgTable).where(statement.where).execute(), rowCount);
}

function writeTogether(on: Connection, prepared: PreparedStatements, writes: readonly (Insert | Update | Delete)[]): Promise<unknown> {
  const { name, text, values, checked } = prepared.together(writes);
  const sent = on.client.query({ name, text, values }).catch((error: unknown) => {
    if (checked !== null && sqlState(error) === DIVISION_BY_ZERO) throw new StaleVersionError(checked);
    // As the store passes on drizzle's failures: the statement and the server's complaint, not the values.
    throw error instanceof Error ? new PostgresQueryError(text, error) : error;
  });
  if (on.defer !== undefined) {
    on.defer(sent);
    return Promise.resolve(undefined);
  }
  return sent.then(() => undefined);
}

/** The connection under a transaction drizzle opened (a repository's own transaction, off the store's). */
function connectionOf(tx: PgExecutor): pg.PoolClient {
  return (tx._.session as unknown as { client: pg.PoolClient }).client;
}

async function execute(on: Connection, prepared: PreparedStatements, statement: Statement): Promise<unknown> {
  const held = on.held;
  if (held !== undefined) {
    const writes = statement.kind === 'writes' ? statement.writes : holdable(statement) ? [statement] : null;
    if (writes === null) held.flush();
    else {
      // The writes of one `together` are independent of each other already (a DELETE and an INSERT of one table).
      if (!writes.every((write) => held.joins(write))) held.flush();
      // What they are sent with is the transaction's (a failure fails it at COMMIT), as a write sent at once is.
      const send = (sent: readonly (Insert | Update | Delete)[]): void => on.defer?.(sent.length === 1 && !isChecked(sent[0] as Update) ? execute(unheld(on), prepared, sent[0] as Statement) : writeTogether(on, prepared, sent));
      for (const write of writes) held.hold(write, send);
      return undefined;
    }
  }
  switch (statement.kind) {
    case 'select':
      return select(on, prepared, statement);
    case 'insert':
      return insert(on, prepared, statement);
    case 'update':
      return update(on, prepared, statement);
    case 'delete':
      return remove(on, prepared, statement);
    case 'writes':
      return writeTogether(on, prepared, statement.writes);
    case 'transaction':
      // Inside a transaction, a body that needs no savepoint is simply part of it.
      if (!statement.savepoint && is(on.db, PgTransaction)) return runAsynchronously(statement.body(), (inner) => execute(on, prepared, inner));
      // A savepoint of the store's transaction (its statements pipelined as the store's), or a transaction of its own.
      return on.db.transaction((tx) => {
        const inner: Connection = { db: tx, client: on.defer !== undefined ? on.client : connectionOf(tx), ...(on.defer !== undefined ? { defer: on.defer } : {}) };
        return runAsynchronously(statement.body(), (next) => execute(inner, prepared, next));
      });
  }
}

/** Runs a repository method's statements on the connection of the moment it is called (`connection`), answering a promise of its result. */
export function postgresRunner(root: PgExecutor, connection: () => Connection): <R>(statements: Statements<R>) => Promise<R> {
  const prepared = new PreparedStatements(root);
  return (statements) => {
    const on = connection();
    return runAsynchronously(statements, (statement) => execute(on, prepared, statement));
  };
}
