/**
 * The store on a PostgreSQL server (DATABASE_URL; see ../store.ts for the contract), shared by every
 * process and machine of the bot. Unlike SQLite, PostgreSQL runs many transactions at once: each
 * `transaction` takes a connection of the pool for its whole flow (AsyncLocalStorage carries it to every
 * repository call made in that flow), while calls from outside it run on other connections at the same
 * time and see only what it has committed. Row locks, not a store-wide lock, order the writers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { SINGLE_SHARD } from '../../sharding.js';
import { DamagedRowRegister } from '../damaged-rows.js';
import { DeliveryRepository } from '../delivery-repository.js';
import { GameRepository } from '../game-repository.js';
import { PlayerSettingsRepository } from '../player-settings-repository.js';
import type { StoreOptions } from '../sqlite-store.js';
import { asynchronously } from '../statement-runner.js';
import type { Statements } from '../statements.js';
import { StatsRepository } from '../stats-repository.js';
import type { DamagedRowStore, DeliveryStore, GameStore, PlayerSettingsStore, StatsStore, Store } from '../store.js';
import type { OpenPostgres } from './database.js';
import { postgresDialect, postgresRunner, type Executor, type PgExecutor } from './dialect.js';
import { withoutValues } from './query-error.js';

interface Flow {
  readonly tx: PgExecutor;
  tail: Promise<unknown>;
  ended: boolean;
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

  /**
   * The transaction of the running flow, if any, and the end of its latest call. A flow outlives its
   * transaction (a callback scheduled inside it may run after the commit): once `ended`, it is no
   * transaction's, and its calls run on the pool like any other (SqliteStore compares a token likewise).
   */
  readonly #flow = new AsyncLocalStorage<Flow>();
  /** Transactions still running, for close() to wait for. */
  readonly #running = new Set<Promise<unknown>>();
  readonly #onTransaction: StoreOptions['onTransaction'];

  constructor(
    readonly open: OpenPostgres,
    options: StoreOptions = {},
  ) {
    const now = options.now ?? Date.now;
    const shards = options.shards ?? SINGLE_SHARD;
    this.#onTransaction = options.onTransaction;
    const executor: Executor = () => this.#current()?.tx ?? open.db;
    const run = postgresRunner(executor);
    const gated = <R>(statements: Statements<R>): Promise<R> => this.#call(() => run(statements));
    this.games = asynchronously(new GameRepository(postgresDialect, now, shards), gated);
    this.deliveries = asynchronously(new DeliveryRepository(postgresDialect, now, shards), gated);
    this.stats = asynchronously(new StatsRepository(postgresDialect), gated);
    this.playerSettings = asynchronously(new PlayerSettingsRepository(postgresDialect, now), gated);
    this.damagedRows = asynchronously(new DamagedRowRegister(postgresDialect, now), gated);
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
    const running = this.open.db
      .transaction(async (tx) => {
        const flow: Flow = { tx, tail: Promise.resolve(), ended: false };
        try {
          const result = await this.#flow.run(flow, fn);
          // A call of the flow that `fn` did not wait for still belongs to it: it ends before the commit.
          await flow.tail;
          return result;
        } finally {
          flow.ended = true;
        }
      })
      .catch(rethrowWithoutValues);
    const settled = running.then(
      () => this.#onTransaction?.((performance.now() - began) / 1000, true),
      () => this.#onTransaction?.((performance.now() - began) / 1000, false),
    );
    this.#running.add(settled);
    void settled.then(() => this.#running.delete(settled));
    return running;
  }

  async ping(): Promise<void> {
    await this.open.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await Promise.all(this.#running);
    await this.open.close();
  }
}
