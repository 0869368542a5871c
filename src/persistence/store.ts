/**
 * The store: every repository of the bot behind one asynchronous interface, so that the game service,
 * the outbox and the scheduler run unchanged on the embedded SQLite file (the zero-set-up default) and on
 * a PostgreSQL server shared by several processes and machines (DATABASE_URL).
 *
 * The contract of each repository is its SQLite class's: the same methods with the same arguments and
 * results, each returning a promise (`AsyncMirror`). Both stores implement it; the repository tests run
 * against both.
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
import type { StatsRepository } from './stats-repository.js';

/** The methods of a synchronous repository, each returning a promise of its result. */
export type AsyncMirror<T> = {
  [K in keyof T as T[K] extends (...args: never[]) => unknown ? K : never]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

export type Gate = <R>(call: () => R) => Promise<R>;

/** The repository's methods, each run through `gate` and answered with a promise. */
export function mirror<T extends object>(target: T, gate: Gate): AsyncMirror<T> {
  const out: Record<string, unknown> = {};
  const proto = Object.getPrototypeOf(target) as object;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const method: unknown = Object.getOwnPropertyDescriptor(proto, name)?.value;
    if (name === 'constructor' || typeof method !== 'function') continue;
    out[name] = (...args: unknown[]) => gate(() => (method as (...a: unknown[]) => unknown).apply(target, args));
  }
  return out as AsyncMirror<T>;
}

/** Games, seats, the action log, snapshots and scheduled jobs (`parseState` is no query: see game-repository.ts). */
export type GameStore = Omit<AsyncMirror<GameRepository>, 'parseState'>;
/** The outbox table. */
export type DeliveryStore = AsyncMirror<DeliveryRepository>;
/** Finished games' results: history, player statistics, the leaderboard. */
export type StatsStore = AsyncMirror<StatsRepository>;
/** Each user's notification settings across games. */
export type PlayerSettingsStore = AsyncMirror<PlayerSettingsRepository>;
/** Rows found damaged, set aside and reported once. */
export type DamagedRowStore = AsyncMirror<DamagedRowRegister>;

export interface Repositories {
  readonly games: GameStore;
  readonly deliveries: DeliveryStore;
  readonly stats: StatsStore;
  readonly playerSettings: PlayerSettingsStore;
  readonly damagedRows: DamagedRowStore;
}

export type StoreDialect = 'sqlite' | 'postgres';

export interface Store extends Repositories {
  readonly dialect: StoreDialect;
  /** Runs `fn` in one transaction: all of its writes or none (a thrown error rolls back and is rethrown). */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /** True inside `transaction`'s flow. */
  inTransaction(): boolean;
  /** Waits for running work and closes the connection(s). */
  close(): Promise<void>;
}
