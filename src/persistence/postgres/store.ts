/**
 * The store on a PostgreSQL server (DATABASE_URL; see ../store.ts for the contract), shared by every
 * process and machine of the bot. Unlike SQLite, PostgreSQL runs many transactions at once: each
 * `transaction` takes a connection of the pool for its whole flow (AsyncLocalStorage carries it to every
 * repository call made in that flow), while calls from outside it run on other connections at the same
 * time and see only what it has committed. Row locks, not a store-wide lock, order the writers.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { SINGLE_SHARD } from '../../sharding.js';
import { mirror, type StoreOptions } from '../sqlite-store.js';
import type { DamagedRowStore, DeliveryStore, GameStore, PlayerSettingsStore, StatsStore, Store } from '../store.js';
import { PostgresDamagedRowRegister } from './damaged-rows.js';
import type { OpenPostgres } from './database.js';
import { PostgresDeliveryRepository } from './delivery-repository.js';
import type { Executor, PgExecutor } from './executor.js';
import { PostgresGameRepository } from './game-repository.js';
import { PostgresPlayerSettingsRepository } from './player-settings-repository.js';
import { withoutValues } from './query-error.js';
import { PostgresStatsRepository } from './stats-repository.js';

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

  /** The transaction of the running flow, if any, and the end of its latest call. */
  readonly #flow = new AsyncLocalStorage<{ readonly tx: PgExecutor; tail: Promise<unknown> }>();
  /** Transactions still running, for close() to wait for. */
  readonly #running = new Set<Promise<unknown>>();

  constructor(
    readonly open: OpenPostgres,
    options: StoreOptions = {},
  ) {
    const now = options.now ?? Date.now;
    const shards = options.shards ?? SINGLE_SHARD;
    const executor: Executor = () => this.#flow.getStore()?.tx ?? open.db;
    const gate = <R>(call: () => R): Promise<R> => this.#call(call);
    this.games = mirror(new PostgresGameRepository(executor, now, shards), gate);
    this.deliveries = mirror(new PostgresDeliveryRepository(executor, now, shards), gate);
    this.stats = mirror(new PostgresStatsRepository(executor), gate);
    this.playerSettings = mirror(new PostgresPlayerSettingsRepository(executor, now), gate);
    this.damagedRows = mirror(new PostgresDamagedRowRegister(executor, now), gate);
  }

  /** Outside a transaction: at once. Inside: after the transaction's previous call has ended. */
  #call<R>(call: () => R): Promise<R> {
    const flow = this.#flow.getStore();
    if (flow === undefined) return Promise.resolve().then(call).catch(rethrowWithoutValues);
    const result = flow.tail.then(call).catch(rethrowWithoutValues);
    flow.tail = result.catch(() => undefined);
    return result;
  }

  inTransaction(): boolean {
    return this.#flow.getStore() !== undefined;
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return fn();
    const running = this.open.db.transaction((tx) => this.#flow.run({ tx, tail: Promise.resolve() }, fn)).catch(rethrowWithoutValues);
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    this.#running.add(settled);
    void settled.then(() => this.#running.delete(settled));
    return running;
  }

  async close(): Promise<void> {
    await Promise.all(this.#running);
    await this.open.close();
  }
}
