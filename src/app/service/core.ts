/**
 * The game service's core: what every use case stands on. Its dependencies (the store, the clock, the
 * logger, the outbox), the transaction, loading a game with every check of what is stored (a damaged game is
 * set aside and reported, never thrown at the caller), the per-game lock and the versions verified
 * against a replay. The use cases (lobby.ts, turns.ts, votes.ts, ...) are functions of this core; the
 * GameService (../game-service.ts) is their one face.
 */
import { randomBytes } from 'node:crypto';
import type { AnyGameDefinition, GameEvent, Seat } from '../../engine/index.js';
import { DamagedRowError } from '../../persistence/game-repository.js';
import type { DeliveryKind, GameRow, SeatRow } from '../../persistence/schema.js';
import type { NewResult } from '../../persistence/stats-repository.js';
import type { DamagedRowStore, FollowerStore, GameStore, PlayerSettingsStore, RatingStore, ServerSettingsStore, StatsStore, Store, VacationStore } from '../../persistence/store.js';
import type { Logger } from '../../logger.js';
import { delivererName, SINGLE_SHARD, type ShardSet } from '../../sharding.js';
import type { Clock } from '../clock.js';
import { KeyedMutex } from '../locks.js';
import { effectiveLog, replayFrom, type EffectiveEntry } from '../log.js';
import type { LobbySettings, ModuleRegistry } from '../module.js';
import { Outbox, type BoardNote, type DeliveryPayload } from '../outbox.js';
import { clockChoice } from '../time-bank.js';
import { checkSeats } from './seat-identity.js';
import { refuse, type ActiveSnapshot, type Result, type Snapshot, type TurnTimers } from './types.js';

export class DamagedGameError extends Error {
  override readonly name = 'DamagedGameError';
  constructor(
    readonly gameId: number,
    readonly channelId: string,
    readonly reason: string,
  ) {
    super(`game ${gameId} in channel ${channelId} is damaged: ${reason}`);
  }
}

export interface GameServiceDeps {
  /** Where games live: a SQLite file or a PostgreSQL server (its clock should be `clock`, its shards `shards`). */
  readonly store: Store;
  readonly modules: ModuleRegistry;
  readonly clock: Clock;
  readonly logger: Logger;
  /** A fresh seed for a new game (default: 128 random bits). */
  readonly newSeed?: () => string;
  /**
   * The shards this process runs (default: the only one), as the store was opened with: its jobs,
   * deliveries and start-up check are only its own guilds' (see src/sharding.ts for why that keeps each
   * game in one process); here it names this process's deliverer.
   */
  readonly shards?: ShardSet;
}

function parseLobbySettings(raw: unknown): LobbySettings | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const str = (v: unknown): v is string | null => v === null || typeof v === 'string';
  if (typeof r.capacity !== 'number' || !Number.isInteger(r.capacity) || !str(r.layout) || !str(r.variant)) return null;
  // Lobbies stored before expansions existed have no `expansion`: none.
  if (r.expansion !== undefined && !str(r.expansion)) return null;
  if (r.learn !== undefined && typeof r.learn !== 'boolean') return null;
  if (r.clock !== undefined && clockChoice(r.clock as string) === null) return null;
  const settings = { capacity: r.capacity, layout: r.layout, variant: r.variant, ...(typeof r.clock === 'string' ? { clock: r.clock } : {}) };
  const withExpansion = typeof r.expansion === 'string' ? { ...settings, expansion: r.expansion } : settings;
  // A learning game keeps its mark (coaching after each decision).
  return r.learn === true ? { ...withExpansion, learn: true } : withExpansion;
}

/**
 * What a commit changed, as its consequences read it, in the commit's transaction: the game before and after
 * the change, the turn marker before and after it, and, for a game that ended, every seat's final place.
 */
export interface CommitChange {
  readonly before: ActiveSnapshot;
  readonly after: ActiveSnapshot;
  readonly markerBefore: string;
  /** 'finished' for a game that ended with this change. */
  readonly markerAfter: string;
  /** Every seat's final place, decided once by the commit, when the game ended with this change; else null. */
  readonly results: readonly NewResult[] | null;
  /** When the change was saved. */
  readonly savedAt: number;
  /** The seats that decided before the change (with those whose forced answers it played). */
  readonly activeBefore: readonly Seat[];
  /** The action entries the change appended, as the effective log shows them. */
  readonly appended: readonly EffectiveEntry[];
  /** The lines about seats the board tells (a seat left, was removed, was handed to a computer). */
  readonly notes: readonly BoardNote[];
  readonly concededTo: Seat | null;
}

/** Where a game is shown: its channel, and its thread (null: none). */
export interface GamePlace {
  readonly channelId: string;
  readonly threadId: string | null;
}

/**
 * The board a commit owes the channel: its delivery in the outbox, whether it has a picture, the turn told
 * under it, and what the game's boards have told with it (the next board's starting point).
 */
export interface OwedBoard {
  readonly delivery: number;
  readonly picture: boolean;
  readonly summary: EffectiveEntry[];
  readonly told: Pick<BoardsTold, 'upTo' | 'textEvents'>;
}

/**
 * How many of a game's newest entries are kept in memory (GameCore.recentLogs): about two rounds of a game of
 * five players; a seat whose last decision lies further back is read from the log.
 */
export const RECENT_LOG_ENTRIES = 64;

/** A game's newest effective log entries at a version (GameCore.recentLogs). */
export interface RecentLog {
  readonly version: number;
  readonly entries: readonly EffectiveEntry[];
  /** The entries are the whole log (a game this process started, never cut). */
  readonly whole: boolean;
}

/**
 * What a game's boards have told as of a version this process committed, and the log since: all that ending
 * the next turn reads of the outbox and the log (see Outbox.toldSoFar and the board consequence).
 */
export interface BoardsTold {
  readonly version: number;
  /** The newest log sequence a board told (null: none). */
  readonly upTo: number | null;
  /** The public events of the short texts owed since the last picture, oldest first. */
  readonly textEvents: readonly GameEvent[];
  /** The effective log's entries after `upTo`, oldest first. */
  readonly turn: readonly EffectiveEntry[];
}

/**
 * A change of a running game's turn settings (the reminder interval and limit, the idle time), as its
 * consequences read it, in the change's transaction: the game's row before and after.
 */
export interface SettingsChange {
  readonly before: GameRow;
  readonly after: GameRow;
}

/**
 * What a consequence hands back to the change's outcome: the board it owes, if it is the one that owes it;
 * after a settings change, when the turn's next reminder and idle vote now come, if it moved them.
 */
export interface CommitFollowUp {
  readonly board?: OwedBoard;
  readonly timers?: TurnTimers;
}

/**
 * Something that follows from every commit (the next turn's jobs, the ratings of a finished game, the board
 * the channel is owed), and from a change of the turn settings where it cares (the turn's jobs move), run in
 * the change's transaction in the order of the core's list: so a change schedules nothing itself, and
 * nothing it sets off needs to know the change.
 */
export interface CommitConsequence {
  readonly name: string;
  follow(core: GameCore, change: CommitChange): Promise<CommitFollowUp>;
  /** What follows a change of the turn settings (absent: nothing of this consequence does). */
  followSettings?(core: GameCore, change: SettingsChange): Promise<CommitFollowUp>;
}

export class GameCore {
  readonly repo: GameStore;
  readonly outbox: Outbox;
  readonly damage: DamagedRowStore;
  readonly stats: StatsStore;
  readonly players: PlayerSettingsStore;
  /** Skill ratings and followers. */
  readonly ratings: RatingStore;
  readonly followers: FollowerStore;
  /** Each server's own settings, and its players' vacations. */
  readonly servers: ServerSettingsStore;
  readonly vacations: VacationStore;
  readonly modules: ModuleRegistry;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly newSeed: () => string;
  /** What follows from every commit, in order (the list is assembled in service/consequences/index.ts). */
  readonly consequences: readonly CommitConsequence[];
  /** Games whose stored state was checked against a replay of their log, at this version. */
  readonly verified = new Map<number, number>();
  /**
   * The newest log sequence of games this process wrote (null: an empty log), at the version it wrote:
   * the next move of the game at that version appends after it without reading the log (see saveMove);
   * and the newest snapshot's sequence (0: none) when known, so a checkpoint does not read it either.
   */
  readonly logEnds = new Map<number, { version: number; sequence: number | null; snapshot?: number | undefined }>();
  /**
   * What the boards of games this process committed have told, at the version it committed (see BoardsTold):
   * the next turn's end at that version reads neither the last boards nor the turn's entries. A board owed
   * by any other change (a game's first board, the final board posted again) forgets it.
   */
  readonly boardsTold = new Map<number, BoardsTold>();
  /**
   * The newest entries of the effective log of games this process wrote (or read to their end), at that
   * version: what happened since a seat last decided (the start of its panel, the marks of the board) is
   * read from it, not from the log. A move at that version extends it (commit.ts); see RecentLog.
   */
  readonly recentLogs = new Map<number, RecentLog>();
  /**
   * Where the games this process loaded are shown (their channel and thread): a click is checked against it
   * without a read. Kept as loaded, and forgotten when the thread changes (setThread, forgetThread).
   */
  readonly #places = new Map<number, GamePlace>();
  readonly #store: Store;
  readonly #mutex = new KeyedMutex();
  /**
   * Per running game, what `load` found sound last: the options as parsed from that text for that many
   * seats, and a state text that passed the checks. Text stored since that differs is checked again; a
   * move does not pay for checking what it wrote itself (`wrote`).
   */
  readonly #sound = new Map<number, { readonly options: string; readonly seats: number; readonly parsed: unknown; readonly state: string | null }>();

  constructor(deps: GameServiceDeps, consequences: readonly CommitConsequence[]) {
    this.#store = deps.store;
    this.consequences = consequences;
    const now = (): number => deps.clock.now();
    this.repo = deps.store.games;
    this.damage = deps.store.damagedRows;
    this.stats = deps.store.stats;
    this.players = deps.store.playerSettings;
    this.ratings = deps.store.ratings;
    this.followers = deps.store.followers;
    this.servers = deps.store.serverSettings;
    this.vacations = deps.store.vacations;
    this.outbox = new Outbox(deps.store.deliveries, this.damage, now, deps.logger, delivererName(deps.shards ?? SINGLE_SHARD));
    this.modules = deps.modules;
    this.clock = deps.clock;
    this.logger = deps.logger;
    this.newSeed = deps.newSeed ?? (() => randomBytes(16).toString('hex'));
  }

  now(): number {
    return this.clock.now();
  }

  /**
   * Serialises everything that happens to one game (apply, render, post), so its boards go out in order.
   * Per game, not per channel: a channel may hold several games, and one game's computer turn or
   * picture must not hold up a click in another.
   */
  lockedGame<T>(gameId: number, task: () => Promise<T> | T): Promise<T> {
    return this.#mutex.run(`game:${gameId}`, task);
  }

  /** Serialises the opening of new games in a channel (/game new, /game learn), which have no id yet. */
  lockedChannel<T>(channelId: string, task: () => Promise<T> | T): Promise<T> {
    return this.#mutex.run(`channel:${channelId}`, task);
  }

  /** Runs `fn` in one transaction of the store; `fn` awaits only the store (see store.ts). */
  tx<T>(fn: () => Promise<T>): Promise<T> {
    return this.#store.transaction(fn);
  }

  /** Runs what follows a commit (every consequence, in the list's order), in its transaction. */
  async followCommit(change: CommitChange): Promise<CommitFollowUp> {
    let followUp: CommitFollowUp = {};
    for (const consequence of this.consequences) followUp = { ...followUp, ...(await consequence.follow(this, change)) };
    return followUp;
  }

  /** Runs what follows a change of the turn settings (the consequences that follow one), in its transaction. */
  async followSettings(change: SettingsChange): Promise<CommitFollowUp> {
    let followUp: CommitFollowUp = {};
    for (const consequence of this.consequences) followUp = { ...followUp, ...(await consequence.followSettings?.(this, change)) };
    return followUp;
  }

  /** Writes what the channel is owed after this change, in the caller's transaction. Returns its id. */
  async owe(row: GameRow, kind: DeliveryKind, payload: DeliveryPayload): Promise<number> {
    if (kind === 'board') this.boardsTold.delete(row.id);
    return (await this.outbox.rows.add({ gameId: row.id, guildId: row.guildId, channelId: row.channelId, kind, version: row.version, payload })).id;
  }

  /** Where the game is shown (its channel and thread), without its state: known once this process loaded it. */
  async place(gameId: number): Promise<GamePlace | undefined> {
    const known = this.#places.get(gameId);
    if (known !== undefined) return known;
    const read = await this.repo.placeOf(gameId);
    if (read !== undefined) this.#places.set(gameId, read);
    return read;
  }

  /** The game's thread is `threadId` (null: the game is played in its channel). */
  async setThread(gameId: number, threadId: string | null): Promise<void> {
    this.#places.delete(gameId);
    await this.repo.setThread(gameId, threadId);
  }

  /** The game's thread is gone; a new one is opened with its next post. */
  async forgetThread(gameId: number): Promise<void> {
    this.#places.delete(gameId);
    await this.repo.forgetThread(gameId);
  }

  // ----- loading ---------------------------------------------------------------------------------------

  /**
   * The channel's lobby or running game; a damaged game is a refusal naming its id and channel. A channel
   * with several running games (each in its thread) is refused as `several_games`: the caller must say
   * which (see src/discord/tables.ts).
   */
  async byChannel(channelId: string): Promise<Result<{ game: Snapshot }>> {
    const rows = await this.repo.listRunningInChannel(channelId);
    const [row] = rows;
    if (row === undefined) return refuse('no_game', {});
    if (rows.length > 1) return refuse('several_games', { count: rows.length });
    return this.snapshot(row);
  }

  /**
   * The channel's running game, or else its newest ended game (`finished`: played to the end or abandoned):
   * after the end, the last board, the log and the hands stay reachable until a new game takes the channel.
   */
  async byChannelOrFinished(channelId: string): Promise<Result<{ game: Snapshot; finished: boolean }>> {
    const running = await this.byChannel(channelId);
    if (running.ok || running.code !== 'no_game') return running.ok ? { ...running, finished: false } : running;
    const row = await this.repo.findLastEnded(channelId);
    if (row === undefined) return running;
    const loaded = await this.snapshot(row);
    return loaded.ok ? { ...loaded, finished: true } : loaded;
  }

  /** The channel's lobby or running game as stored, without loading its state (works on a damaged game). */
  runningRow(channelId: string): Promise<GameRow | undefined> {
    return this.repo.findRunningByChannel(channelId);
  }

  async byId(gameId: number): Promise<Result<{ game: Snapshot }>> {
    // The row and its seats in one read.
    const found = await this.repo.findWithSeats(gameId);
    if (found === undefined) return refuse('no_game', {});
    return this.snapshot(found.row, found.seats);
  }

  /** `seats`: the game's seats, when the caller read them with the row. */
  async snapshot(row: GameRow, seats?: SeatRow[]): Promise<Result<{ game: Snapshot }>> {
    try {
      return { ok: true, game: await this.load(row, seats) };
    } catch (error) {
      const damaged =
        error instanceof DamagedGameError
          ? error
          : new DamagedGameError(row.id, row.channelId, error instanceof DamagedRowError ? error.message : `the game cannot be read (${(error as Error).message})`);
      await this.reportDamaged(damaged);
      return refuse('damaged', { gameId: damaged.gameId, channelId: damaged.channelId, reason: damaged.reason });
    }
  }

  /** Reports a damaged game once (the register remembers it across restarts); it stays as stored. */
  async reportDamaged(error: DamagedGameError): Promise<void> {
    if (await this.damage.record({ table: 'games', rowId: String(error.gameId), gameId: error.gameId, channelId: error.channelId, reason: error.reason })) {
      this.logger.error({ table: 'games', gameId: error.gameId, channelId: error.channelId, reason: error.reason }, 'damaged game set aside: its channel is told, every other channel keeps working');
    }
  }

  /**
   * Loads and validates a game: known kind, lobby settings, engine options, the stored state (JSON,
   * the module's shape check, the engine's functions run on it) and, once per process and version,
   * that replaying the log gives exactly the stored state.
   */
  async load(row: GameRow, readSeats?: SeatRow[]): Promise<Snapshot> {
    this.#places.set(row.id, { channelId: row.channelId, threadId: row.threadId });
    const damaged = (reason: string): DamagedGameError => new DamagedGameError(row.id, row.channelId, reason);
    const module = this.modules.get(row.kind);
    if (module === undefined) throw damaged(`unknown game kind "${row.kind}"`);
    let rawSettings: unknown;
    try {
      rawSettings = JSON.parse(row.options) as unknown;
    } catch {
      throw damaged('the lobby settings (options) are not valid JSON');
    }
    const settings = parseLobbySettings(rawSettings);
    if (settings === null) throw damaged('the lobby settings are not readable');
    const seats = readSeats ?? (await this.repo.seats(row.id));
    const seatProblem = checkSeats(seats);
    if (seatProblem !== null) throw damaged(seatProblem);
    if (row.status === 'lobby') return { kind: 'lobby', row, seats, module, settings };
    const def = module.definition;
    const sound = this.#sound.get(row.id);
    let options: unknown;
    if (sound !== undefined && sound.options === row.options && sound.seats === seats.length) options = sound.parsed;
    else {
      const parsed = def.parseOptions(module.buildOptions(settings, seats.length));
      if (!parsed.ok) throw damaged(`the options are not valid: ${parsed.error}`);
      options = parsed.options;
    }
    if (row.state === null) throw damaged('no state stored');
    let state: unknown;
    try {
      state = JSON.parse(row.state) as unknown;
    } catch {
      throw damaged('the state is not valid JSON');
    }
    if (typeof state !== 'object' || state === null) throw damaged('the state does not have the shape of a game state');
    // The same text as last time (or as this process wrote from the engine's state): checked already.
    if (sound?.state !== row.state) {
      if (module.isState !== undefined && !module.isState(state)) throw damaged('the state does not have the shape of a game state');
      try {
        def.isOver(state);
        def.activeSeats(state);
        def.view(state, null);
      } catch (error) {
        throw damaged(`the game cannot read its state (${(error as Error).message})`);
      }
    }
    if (this.verified.get(row.id) !== row.version) {
      let rebuilt: unknown;
      let logEnd: { sequence: number | null; snapshot: number };
      try {
        const base = await this.replayBase(row, def, options);
        const after = await this.repo.actionsAfter(row.id, base.sequence);
        rebuilt = replayFrom(def, base.state, effectiveLog(after));
        // A snapshot's sequence is an entry's: with nothing after it, the log ends there.
        logEnd = { sequence: after.at(-1)?.sequence ?? (base.sequence > 0 ? base.sequence : null), snapshot: base.newestSnapshot };
      } catch (error) {
        if (error instanceof DamagedRowError) throw damaged(error.message);
        throw damaged(`the action log does not replay (${(error as Error).message})`);
      }
      if (JSON.stringify(rebuilt) !== row.state) throw damaged('the stored state differs from a replay of its action log');
      this.verified.set(row.id, row.version);
      // What the replay read tells the game's next move where the log ends (and its newest snapshot): it
      // reads neither in its transaction.
      if (this.logEnds.get(row.id)?.version !== row.version) this.logEnds.set(row.id, { version: row.version, ...logEnd });
    }
    if (row.status === 'active') this.#sound.set(row.id, { options: row.options, seats: seats.length, parsed: options, state: row.state });
    return { kind: 'active', row, seats, module, settings, options, state };
  }

  /**
   * Where a replay of the game can start: its newest snapshot (everything up to it is permanent), or the
   * setup. A snapshot that cannot be read is ignored (it is only a cache of the log).
   */
  async replayBase(row: GameRow, def: AnyGameDefinition, options: unknown): Promise<{ state: unknown; sequence: number; newestSnapshot: number }> {
    const snap = await this.repo.latestSnapshot(row.id);
    // The newest snapshot's sequence (0: none), read or not: the next snapshot is kept counting from it.
    const newestSnapshot = snap?.sequence ?? 0;
    if (snap !== undefined) {
      try {
        return { state: JSON.parse(snap.state) as unknown, sequence: snap.sequence, newestSnapshot };
      } catch {
        this.logger.warn({ gameId: row.id, sequence: snap.sequence }, 'a snapshot is not readable; replaying from the start');
      }
    }
    return { state: def.setup(options, row.seed), sequence: 0, newestSnapshot };
  }

  /** This process wrote `state` (the engine's own state as JSON) as the game's state: the next load need not check it. */
  wrote(gameId: number, state: string, status: string): void {
    const sound = this.#sound.get(gameId);
    if (status !== 'active') this.#sound.delete(gameId);
    else if (sound !== undefined) this.#sound.set(gameId, { ...sound, state });
  }

  /** The game as a running game (a lobby or a finished game is refused). */
  async active(gameId: number): Promise<Result<{ game: ActiveSnapshot }>> {
    const loaded = await this.byId(gameId);
    if (!loaded.ok) return loaded;
    if (loaded.game.kind !== 'active' || loaded.game.row.status !== 'active') return refuse('not_active', {});
    return { ok: true, game: loaded.game };
  }
}
