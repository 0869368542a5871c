/**
 * The store on the embedded SQLite file (see store.ts for the contract). better-sqlite3 is synchronous
 * and has one connection, so the store keeps one transaction at a time: a transaction holds the store's
 * lock from BEGIN to COMMIT, across the awaits of its flow, and a call from outside that flow waits for
 * it (else it would run inside another change's transaction and share its fate). Calls inside the flow
 * run at once. BEGIN IMMEDIATE takes SQLite's write lock up front, so shard processes sharing the file
 * wait for each other (busy_timeout) instead of failing on a lock upgrade halfway through a change.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { SINGLE_SHARD, type ShardSet } from '../sharding.js';
import { DamagedRowRegister } from './damaged-rows.js';
import type { OpenDatabase } from './database.js';
import { DeliveryRepository } from './delivery-repository.js';
import { GameRepository } from './game-repository.js';
import { PlayerSettingsRepository } from './player-settings-repository.js';
import { sqliteDialect, sqliteRunner } from './sqlite-dialect.js';
import { asynchronously, synchronously, type Synchronous } from './statement-runner.js';
import type { Statements } from './statements.js';
import { StatsRepository } from './stats-repository.js';
import { FollowerRepository } from './follower-repository.js';
import { RatingRepository } from './rating-repository.js';
import { ServerSettingsRepository } from './server-settings-repository.js';
import { VacationRepository } from './vacation-repository.js';
import { AnalysisRepository } from './analysis-repository.js';
import type { DamagedRowStore, DeliveryStore, FollowerStore, GameStore, PlayerSettingsStore, RatingStore, ServerSettingsStore, StatsStore, Store, VacationStore, AnalysisStore } from './store.js';

export interface StoreOptions {
  /** The clock of row times (the test clock in tests). */
  readonly now?: () => number;
  /** The shards this process runs: its start-up check, jobs and deliveries are only its own guilds'. */
  readonly shards?: ShardSet;
  /**
   * Told of every transaction when it ends: how long it took (SQLite: from BEGIN to COMMIT or ROLLBACK, the
   * time it held the database; PostgreSQL: from asking the pool for a connection to the end) and whether
   * it committed. For the operator's metrics; it must not throw.
   */
  readonly onTransaction?: (seconds: number, committed: boolean) => void;
}

/** Runs `call` now; its result or its error as a promise. */
function settle<R>(call: () => R): Promise<R> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

export class SqliteStore implements Store {
  readonly dialect = 'sqlite' as const;
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
  /** The repositories answering at once, for start-up checks and tests that need no transaction. */
  readonly sync: {
    readonly games: Synchronous<GameRepository>;
    readonly deliveries: Synchronous<DeliveryRepository>;
    readonly stats: Synchronous<StatsRepository>;
    readonly playerSettings: Synchronous<PlayerSettingsRepository>;
    readonly damagedRows: Synchronous<DamagedRowRegister>;
    readonly ratings: Synchronous<RatingRepository>;
    readonly followers: Synchronous<FollowerRepository>;
    readonly serverSettings: Synchronous<ServerSettingsRepository>;
    readonly vacations: Synchronous<VacationRepository>;
    readonly analyses: Synchronous<AnalysisRepository>;
  };

  readonly #flow = new AsyncLocalStorage<symbol>();
  /** The running transaction's token; its flow carries the same token. */
  #active: symbol | null = null;
  /** Settles when the running transaction ends (the tail of the waiting ones). */
  #tail: Promise<void> = Promise.resolve();
  #busy = false;
  readonly #onTransaction: StoreOptions['onTransaction'];

  constructor(
    readonly open: OpenDatabase,
    options: StoreOptions = {},
  ) {
    const now = options.now ?? Date.now;
    const shards = options.shards ?? SINGLE_SHARD;
    this.#onTransaction = options.onTransaction;
    const repositories = {
      games: new GameRepository(sqliteDialect, now, shards),
      deliveries: new DeliveryRepository(sqliteDialect, now, shards),
      stats: new StatsRepository(sqliteDialect),
      playerSettings: new PlayerSettingsRepository(sqliteDialect, now),
      damagedRows: new DamagedRowRegister(sqliteDialect, now),
      ratings: new RatingRepository(sqliteDialect, now),
      followers: new FollowerRepository(sqliteDialect, now),
      serverSettings: new ServerSettingsRepository(sqliteDialect, now),
      vacations: new VacationRepository(sqliteDialect),
      analyses: new AnalysisRepository(sqliteDialect, now, shards),
    };
    const run = sqliteRunner(open);
    this.sync = {
      games: synchronously(repositories.games, run),
      deliveries: synchronously(repositories.deliveries, run),
      stats: synchronously(repositories.stats, run),
      playerSettings: synchronously(repositories.playerSettings, run),
      damagedRows: synchronously(repositories.damagedRows, run),
      ratings: synchronously(repositories.ratings, run),
      followers: synchronously(repositories.followers, run),
      serverSettings: synchronously(repositories.serverSettings, run),
      vacations: synchronously(repositories.vacations, run),
      analyses: synchronously(repositories.analyses, run),
    };
    const gated = <R>(statements: Statements<R>): Promise<R> => this.#call(() => run(statements));
    this.games = asynchronously(repositories.games, gated);
    this.deliveries = asynchronously(repositories.deliveries, gated);
    this.stats = asynchronously(repositories.stats, gated);
    this.playerSettings = asynchronously(repositories.playerSettings, gated);
    this.damagedRows = asynchronously(repositories.damagedRows, gated);
    this.ratings = asynchronously(repositories.ratings, gated);
    this.followers = asynchronously(repositories.followers, gated);
    this.serverSettings = asynchronously(repositories.serverSettings, gated);
    this.vacations = asynchronously(repositories.vacations, gated);
    this.analyses = asynchronously(repositories.analyses, gated);
  }

  inTransaction(): boolean {
    return this.#active !== null && this.#flow.getStore() === this.#active;
  }

  #call<R>(call: () => R): Promise<R> {
    if (!this.#busy || this.inTransaction()) return settle(call);
    return this.#exclusive(() => settle(call));
  }

  /** Runs `task` when no transaction is running, holding the store until it ends. */
  async #exclusive<R>(task: () => Promise<R>): Promise<R> {
    const previous = this.#tail;
    let release!: () => void;
    const ended = new Promise<void>((resolve) => (release = resolve));
    this.#tail = previous.then(() => ended);
    await previous;
    this.#busy = true;
    try {
      return await task();
    } finally {
      this.#busy = false;
      release();
    }
  }

  transaction<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return fn();
    return this.#exclusive(async () => {
      const token = Symbol('transaction');
      const began = performance.now();
      let committed = false;
      this.open.sqlite.exec('BEGIN IMMEDIATE');
      this.#active = token;
      try {
        const result = await this.#flow.run(token, fn);
        this.open.sqlite.exec('COMMIT');
        committed = true;
        return result;
      } catch (error) {
        if (this.open.sqlite.inTransaction) this.open.sqlite.exec('ROLLBACK');
        throw error;
      } finally {
        this.#active = null;
        this.#onTransaction?.((performance.now() - began) / 1000, committed);
      }
    });
  }

  ping(): Promise<void> {
    return this.#call(() => {
      this.open.sqlite.prepare('SELECT 1').get();
    });
  }

  async close(): Promise<void> {
    await this.#tail;
    this.open.close();
  }
}
