/**
 * The store on a PostgreSQL server (DATABASE_URL; see ../store.ts for the contract), shared by every
 * process and machine of the bot. Unlike SQLite, PostgreSQL runs many transactions at once: each
 * `transaction` takes a connection of the pool for its whole flow (AsyncLocalStorage carries it to every
 * repository call made in that flow), while calls from outside it run on other connections at the same
 * time and see only what it has committed. Row locks, not a store-wide lock, order the writers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { RelationalSchemaConfig, TablesRelationalConfig } from 'drizzle-orm';
import { SINGLE_SHARD } from '../../sharding.js';
import { DamagedRowRegister } from '../damaged-rows.js';
import { DeliveryRepository } from '../delivery-repository.js';
import { GameRepository } from '../game-repository.js';
import { PlayerSettingsRepository } from '../player-settings-repository.js';
import type { StoreOptions } from '../sqlite-store.js';
import { asynchronously } from '../statement-runner.js';
import type { Statements } from '../statements.js';
import { StatsRepository } from '../stats-repository.js';
import { FollowerRepository } from '../follower-repository.js';
import { RatingRepository } from '../rating-repository.js';
import { ServerSettingsRepository } from '../server-settings-repository.js';
import { VacationRepository } from '../vacation-repository.js';
import { AnalysisRepository } from '../analysis-repository.js';
import type { DamagedRowStore, DeliveryStore, FollowerStore, GameStore, PlayerSettingsStore, RatingStore, ServerSettingsStore, StatsStore, Store, VacationStore, AnalysisStore } from '../store.js';
import type { OpenPostgres } from './database.js';
import { HeldWrites, postgresDialect, postgresRunner, type Connection, type PgExecutor } from './dialect.js';
import { withoutValues } from './query-error.js';

interface Flow {
  readonly connection: Connection;
  tail: Promise<unknown>;
  ended: boolean;
  /** Statements sent whose answers nobody waited for (BEGIN, writes asked for without an answer). */
  readonly sent: Promise<unknown>[];
  /** The first of them that failed: the transaction fails with it. */
  failure: { readonly error: unknown } | undefined;
}

function rethrowWithoutValues(error: unknown): never {
  throw withoutValues(error);
}

export class PostgresStore implements Store {
  readonly dialect = 'postgres' as const;
  readonly games: GameStore;
  readonly deliveries: DeliveryStore;
  readonly stats: StatsStore;
  readonly playerSettings: PlayerSettingsStore;
  readonly damagedRows: DamagedRowStore;
  readonly ratings: RatingStore;
  readonly followers: FollowerStore;
  readonly serverSettings: ServerSettingsStore;
  readonly vacations: VacationStore;
  readonly analyses: AnalysisStore;

  /**
   * The transaction of the running flow, if any, and the end of its latest call. A flow outlives its
   * transaction (a callback scheduled inside it may run after the commit): once `ended`, it is no
   * transaction's, and its calls run on the pool like any other (SqliteStore compares a token likewise).
   */
  readonly #flow = new AsyncLocalStorage<Flow>();
  /** Transactions still running, for close() to wait for. */
  readonly #running = new Set<Promise<unknown>>();
  readonly #onTransaction: StoreOptions['onTransaction'];
  /** What drizzle builds a transaction of the pool's database with (its dialect, its schema). */
  readonly #dialect: PgDialect;
  readonly #schema: RelationalSchemaConfig<TablesRelationalConfig>;

  constructor(
    readonly open: OpenPostgres,
    options: StoreOptions = {},
  ) {
    const now = options.now ?? Date.now;
    const shards = options.shards ?? SINGLE_SHARD;
    this.#onTransaction = options.onTransaction;
    this.#dialect = (open.db as unknown as { dialect: PgDialect }).dialect;
    const { fullSchema, schema, tableNamesMap } = open.db._;
    this.#schema = { fullSchema, schema: schema as TablesRelationalConfig, tableNamesMap };
    const outside: Connection = { db: open.db, client: open.pool };
    const run = postgresRunner(open.db, () => this.#current()?.connection ?? outside);
    const gated = <R>(statements: Statements<R>): Promise<R> => this.#call(() => run(statements));
    this.games = asynchronously(new GameRepository(postgresDialect, now, shards), gated);
    this.deliveries = asynchronously(new DeliveryRepository(postgresDialect, now, shards), gated);
    this.stats = asynchronously(new StatsRepository(postgresDialect), gated);
    this.playerSettings = asynchronously(new PlayerSettingsRepository(postgresDialect, now), gated);
    this.damagedRows = asynchronously(new DamagedRowRegister(postgresDialect, now), gated);
    this.ratings = asynchronously(new RatingRepository(postgresDialect, now), gated);
    this.followers = asynchronously(new FollowerRepository(postgresDialect, now), gated);
    this.serverSettings = asynchronously(new ServerSettingsRepository(postgresDialect, now), gated);
    this.vacations = asynchronously(new VacationRepository(postgresDialect), gated);
    this.analyses = asynchronously(new AnalysisRepository(postgresDialect, now, shards), gated);
  }

  /** Outside a transaction: at once. Inside: after the transaction's previous call has ended. */
  #call<R>(call: () => Promise<R>): Promise<R> {
    const flow = this.#current();
    if (flow === undefined) return Promise.resolve().then(call).catch(rethrowWithoutValues);
    const result = flow.tail.then(call).catch(rethrowWithoutValues);
    flow.tail = result.catch(() => undefined);
    return result;
  }

  /** The running flow's transaction, unless it has ended. */
  #current(): Flow | undefined {
    const flow = this.#flow.getStore();
    return flow?.ended === false ? flow : undefined;
  }

  inTransaction(): boolean {
    return this.#current() !== undefined;
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return fn();
    const began = performance.now();
    const running = this.#transaction(fn).catch(rethrowWithoutValues);
    const settled = running.then(
      () => this.#onTransaction?.((performance.now() - began) / 1000, true),
      () => this.#onTransaction?.((performance.now() - began) / 1000, false),
    );
    this.#running.add(settled);
    void settled.then(() => this.#running.delete(settled));
    return running;
  }

  /**
   * One transaction on a connection of the pool. The pool's connections pipeline their queries (pg's
   * `pipeline`): BEGIN goes out with the first statement; the writes asked for without an answer are held
   * and go out as one statement with whatever follows them (see Connection.held), and COMMIT with the last
   * of them, so a move costs the round trips of the answers it needs, and few statements. Should any of
   * them fail, the server has rolled back and the transaction fails with that error.
   */
  async #transaction<T>(fn: () => Promise<T>): Promise<T> {
    const client = await this.open.pool.connect();
    const session = new NodePgSession(client, this.#dialect, this.#schema, {});
    const flow: Flow = {
      connection: {
        db: new NodePgTransaction(this.#dialect, session, this.#schema) as unknown as PgExecutor,
        client,
        defer: (sent) => {
          flow.sent.push(sent.catch((error: unknown) => void (flow.failure ??= { error })));
        },
        held: new HeldWrites(),
      },
      tail: Promise.resolve(),
      ended: false,
      sent: [],
      failure: undefined,
    };
    let broken: Error | undefined;
    flow.connection.defer!(client.query('BEGIN'));
    try {
      const result = await this.#flow.run(flow, fn);
      // A call of the flow that `fn` did not wait for still belongs to it: it ends before the commit.
      await flow.tail;
      flow.ended = true;
      flow.connection.held?.flush();
      const commit = client.query('COMMIT');
      await Promise.all(flow.sent);
      await commit;
      if (flow.failure !== undefined) throw flow.failure.error;
      return result;
    } catch (error) {
      flow.ended = true;
      await Promise.all(flow.sent);
      await client.query('ROLLBACK').catch((failed: unknown) => void (broken = failed as Error));
      // The first failure of the pipeline is the cause (a checked UPDATE's StaleVersionError, say); the
      // statements after it only failed because the transaction had already failed.
      throw flow.failure?.error ?? error;
    } finally {
      flow.ended = true;
      // A connection that could not even roll back is not given to anyone else.
      client.release(broken);
    }
  }

  async ping(): Promise<void> {
    await this.open.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await Promise.all(this.#running);
    await this.open.close();
  }
}
