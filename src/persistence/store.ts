/**
 * The store: every repository of the bot behind one asynchronous interface, so that the game service,
 * the outbox and the scheduler run unchanged on the embedded SQLite file (the zero-set-up default) and on
 * a PostgreSQL server shared by several processes and machines (DATABASE_URL).
 *
 * Each repository is written once for both databases (its statements: statements.ts); a store runs its
 * methods on its own database, each returning a promise (`Asynchronous`). The repository tests run
 * against both stores.
 *
 * Transactions are ambient: inside `store.transaction(fn)`, every repository call of the store, made
 * anywhere in `fn`'s asynchronous flow, runs in that transaction (AsyncLocalStorage carries it), so code
 * written for one call keeps working inside a bigger change, and a call inside a transaction can never
 * wait for the transaction itself. Transactions do not nest: an inner `transaction` joins the outer one.
 * `fn` must only compute and call the store; it must not wait for anything else (a render, Discord), as
 * a SQLite transaction holds the whole database until it ends.
 */
import type { DamagedRowRegister } from './damaged-rows.js';
import type { DeliveryRepository } from './delivery-repository.js';
import type { GameRepository } from './game-repository.js';
import type { PlayerSettingsRepository } from './player-settings-repository.js';
import type { Asynchronous } from './statement-runner.js';
import type { StatsRepository } from './stats-repository.js';
import type { FollowerRepository } from './follower-repository.js';
import type { RatingRepository } from './rating-repository.js';
import type { ServerSettingsRepository } from './server-settings-repository.js';
import type { VacationRepository } from './vacation-repository.js';
import type { AnalysisRepository } from './analysis-repository.js';

/** Games, seats, the action log, snapshots and scheduled jobs. */
export type GameStore = Asynchronous<GameRepository>;
/** The outbox table. */
export type DeliveryStore = Asynchronous<DeliveryRepository>;
/** Finished games' results: history, player statistics, the leaderboard. */
export type StatsStore = Asynchronous<StatsRepository>;
/** Each user's notification settings across games. */
export type PlayerSettingsStore = Asynchronous<PlayerSettingsRepository>;
/** Rows found damaged, set aside and reported once. */
export type DamagedRowStore = Asynchronous<DamagedRowRegister>;
/** Skill ratings per server, game and player. */
export type RatingStore = Asynchronous<RatingRepository>;
/** Who follows a game without playing it. */
export type FollowerStore = Asynchronous<FollowerRepository>;
/** Each server's own settings. */
export type ServerSettingsStore = Asynchronous<ServerSettingsRepository>;
/** Players' vacations per server. */
export type VacationStore = Asynchronous<VacationRepository>;
/** Finished games' analyses. */
export type AnalysisStore = Asynchronous<AnalysisRepository>;

export interface Repositories {
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
}

export type StoreDialect = 'sqlite' | 'postgres';

export interface Store extends Repositories {
  readonly dialect: StoreDialect;
  /** Runs `fn` in one transaction: all of its writes or none (a thrown error rolls back and is rethrown). */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** True inside `transaction`'s flow. */
  inTransaction(): boolean;
  /**
   * A trivial query (SELECT 1), for the health check: resolves when the database answers. On SQLite it
   * waits, as any call from outside does, for the running transaction to end.
   */
  ping(): Promise<void>;
  /** Waits for running work and closes the connection(s). */
  close(): Promise<void>;
}
