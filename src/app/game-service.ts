/**
 * The game service: the only place where the engine, the store, the locks and the scheduler meet.
 * Every method that changes a game runs inside one transaction of the store (state, seats, log entries,
 * scheduled jobs and the outbox together; the SQLite file or PostgreSQL, see src/persistence/store.ts)
 * and checks the version the caller saw, so a stale or repeated click changes nothing. Inside a
 * transaction the service computes and calls the store, and awaits nothing else. Rendering and posting happen afterwards, in the Discord layer, under the same
 * per-channel lock (`locked`).
 *
 * Policies (also told to players by /help):
 * - Seat order: the joined players are shuffled with the game's seed; the engine's setup picks the start
 *   player from the same seed. Players are shown the playing order from the start player (module.ts,
 *   playingOrder), and the numbers on their pieces follow it, never the stored seat order.
 * - Undo: only the seat's own latest action in effect, inside its current decision, never past a
 *   checkpoint (a die roll, a card draw, a hand-over). Undo appends an 'undo' entry; the state is rebuilt
 *   by replaying the effective log; the version keeps growing.
 * - Leaving a running game (concede, or removed by an idle vote): when the game defines `removeSeat` and
 *   enough players remain, the seat is taken out by the rules. Otherwise a computer player of the game's
 *   level takes the seat (computer-turns.ts plays it). When fewer than two players (or fewer than the
 *   game's minimum) remain, the game ends and the last player standing wins by concession; when no human
 *   remains, the game ends.
 * - An idle vote may hand the idle seat to a computer player; its owner takes it back between turns.
 */
import { randomBytes } from 'node:crypto';
import {
  canUndo,
  compoundChoices,
  seedRng,
  shuffle,
  step,
  type GameEvent,
  type Message,
  type Seat,
  type Standing,
} from '../engine/index.js';
import type { FinishedGame, NewResult, PlayerStats } from '../persistence/stats-repository.js';
import { DamagedRowError, type NewAction, type NewSeat } from '../persistence/game-repository.js';
import type { DeliveryKind, GameRow, ScheduledJobRow, SeatRow } from '../persistence/schema.js';
import { readNotifySettings } from '../persistence/player-settings-repository.js';
import type { DamagedRowStore, GameStore, PlayerSettingsStore, StatsStore, Store } from '../persistence/store.js';
import { isAway, parseAwayDate, quietUntil } from './notifications.js';
import { canonicalTimeZone, DEFAULT_NOTIFY, NOTIFY_CHANNELS, type NotifyChannel, type NotifySettings } from '../notify-settings.js';
import type { Logger } from '../logger.js';
import { delivererName, SINGLE_SHARD, type ShardSet } from '../sharding.js';
import type { Clock } from './clock.js';
import { KeyedMutex } from './locks.js';
import { effectiveLog, effectiveWindow, isRemoveSeat, replayFrom, REMOVE_SEAT, type EffectiveEntry } from './log.js';
import { boardMarkerOf, turnMarkerOf, type GameModule, type LobbySettings, type ModuleRegistry } from './module.js';
import { Outbox, type BoardNote, type DeliveryPayload } from './outbox.js';
import { validateSettings, type SettingsChange, type SettingsResult } from './settings.js';

export interface PlayerRef {
  readonly userId: string;
  readonly displayName: string;
}

export interface LobbySnapshot {
  readonly kind: 'lobby';
  readonly row: GameRow;
  readonly seats: readonly SeatRow[];
  readonly module: GameModule;
  readonly settings: LobbySettings;
}

export interface ActiveSnapshot {
  readonly kind: 'active';
  readonly row: GameRow;
  readonly seats: readonly SeatRow[];
  readonly module: GameModule;
  readonly settings: LobbySettings;
  readonly options: unknown;
  readonly state: unknown;
}

export type Snapshot = LobbySnapshot | ActiveSnapshot;

export type Refusal =
  | { readonly ok: false; readonly code: 'unknown_game'; readonly kind: string }
  /** `option`: which choice is unknown, or 'combination' when the engine refuses them for `players`; `detail` is for the log. */
  | {
      readonly ok: false;
      readonly code: 'invalid_options';
      /** `layout_for_expansion`: a layout of the game that the chosen expansion does not use; `no_variants`: the game has none. */
      readonly option: 'layout' | 'variant' | 'expansion' | 'combination' | 'layout_for_expansion' | 'no_variants';
      readonly value: string;
      readonly players: number;
      readonly detail: string;
    }
  | { readonly ok: false; readonly code: 'invalid_capacity'; readonly min: number; readonly max: number }
  | { readonly ok: false; readonly code: 'channel_busy'; readonly existing: GameRow }
  | { readonly ok: false; readonly code: 'no_game' }
  | { readonly ok: false; readonly code: 'not_lobby' }
  | { readonly ok: false; readonly code: 'not_active' }
  | { readonly ok: false; readonly code: 'already_joined' }
  | { readonly ok: false; readonly code: 'lobby_full'; readonly capacity: number }
  | { readonly ok: false; readonly code: 'not_in_lobby' }
  | { readonly ok: false; readonly code: 'host_cannot_leave' }
  | { readonly ok: false; readonly code: 'not_host' }
  | { readonly ok: false; readonly code: 'too_few_players'; readonly min: number }
  | { readonly ok: false; readonly code: 'stale'; readonly currentVersion: number }
  | { readonly ok: false; readonly code: 'not_a_player' }
  | { readonly ok: false; readonly code: 'foreign_panel'; readonly owner: Seat }
  | { readonly ok: false; readonly code: 'not_your_turn'; readonly waitingFor: readonly Seat[] }
  | { readonly ok: false; readonly code: 'cannot_undo' }
  | { readonly ok: false; readonly code: 'vote_closed' }
  | { readonly ok: false; readonly code: 'cannot_vote' }
  | { readonly ok: false; readonly code: 'no_reminder' }
  | { readonly ok: false; readonly code: 'invalid_setting'; readonly field: string; readonly min: number; readonly max: number }
  | { readonly ok: false; readonly code: 'not_handed_over' }
  | { readonly ok: false; readonly code: 'removed_by_vote' }
  | { readonly ok: false; readonly code: 'reclaim_between_turns' }
  | { readonly ok: false; readonly code: 'no_computer' }
  /** /game notify: an unknown time zone, a date that is not a day ahead, quiet hours with one end only. */
  | { readonly ok: false; readonly code: 'invalid_time_zone'; readonly value: string }
  | { readonly ok: false; readonly code: 'invalid_away_date'; readonly value: string }
  | { readonly ok: false; readonly code: 'quiet_hours_incomplete' }
  | { readonly ok: false; readonly code: 'invalid_notify' }
  /** An idle vote about a player who is away: it waits until they are back. */
  | { readonly ok: false; readonly code: 'player_away'; readonly until: number }
  | { readonly ok: false; readonly code: 'damaged'; readonly gameId: number; readonly channelId: string; readonly reason: string };

export type RefusalCode = Refusal['code'];

export type Result<T> = ({ readonly ok: true } & T) | Refusal;

/** What a change did, for the presenters. */
export interface Outcome {
  readonly before: ActiveSnapshot;
  readonly after: ActiveSnapshot;
  /** Entries appended by this change (the player's action and any autopilot actions), in order. */
  readonly entries: readonly EffectiveEntry[];
  /** A new turn began or the game ended: a new board is due. */
  readonly turnEnded: boolean;
  readonly finished: boolean;
  /** The game ended because fewer than two players remain: the winner by concession. */
  readonly concededTo: Seat | null;
  /** The entries of the turn that just ended (when `turnEnded`): the summary under the new board. */
  readonly summary: readonly EffectiveEntry[];
  /** The outbox delivery of the new board written with this change (when `turnEnded`). */
  readonly boardDelivery: number | null;
  /** Whether that board carries a picture (the turn player changed), or is a short text naming who decides now. */
  readonly boardPicture: boolean;
}

/**
 * What leaving does to a seat: the rules take it out and the others play on; a computer player takes it
 * (its owner may take it back between turns); or the game ends (won by the last player standing, or by
 * nobody when no human remains).
 */
export type LeaveConsequence = { readonly kind: 'removed' } | { readonly kind: 'computer' } | { readonly kind: 'ends'; readonly winner: Seat | null };

/**
 * The idle vote's choices: 'skip' hands the idle seat to a computer player (it plays the seat's decisions,
 * named on the board, until the owner takes it back; the word stays as it is stored in votes and
 * custom_ids); 'kick' removes the player (see the leave policy).
 */
export type VoteChoice = 'skip' | 'kick';

export interface VoteTally {
  readonly skip: readonly string[];
  readonly kick: readonly string[];
  readonly needed: number;
}

export type VoteResult =
  | { readonly ok: true; readonly passed: null; readonly seat: Seat; readonly tally: VoteTally; readonly game: ActiveSnapshot }
  | { readonly ok: true; readonly passed: VoteChoice; readonly seat: Seat; readonly tally: VoteTally; readonly outcome: Outcome }
  | Refusal;

/** Every job of a turn carries `since`: when the turn (the seats' wait) began, by the service's clock. */
interface ReminderPayload {
  marker: string;
  seats: Seat[];
  count: number;
  since: number;
}
interface IdlePayload {
  marker: string;
  seats: Seat[];
  since: number;
}
interface VotePayload {
  marker: string;
  seats: Seat[];
  votes: Record<string, { skip: string[]; kick: string[] }>;
  since: number;
}

/** A stored job's payload as read: the fields of every kind, checked; or the reason it cannot be read. */
interface JobPayload {
  marker: string;
  seats: Seat[];
  count?: number;
  votes?: Record<string, { skip: string[]; kick: string[] }>;
  /** Absent in jobs written before it was kept (see `sinceOf`). */
  since?: number;
}

/** What a settings change did to the turn in progress, for the announcement. */
export interface TurnTimers {
  /** When the next reminder comes (null: no more reminders this turn). */
  readonly nextReminderAt: number | null;
  /** When the idle vote can open (or, when it is open, comes up again). */
  readonly idleAt: number;
}

function parseJobPayload(job: ScheduledJobRow): JobPayload | string {
  let raw: unknown;
  try {
    raw = JSON.parse(job.payload) as unknown;
  } catch {
    return 'the payload is not valid JSON';
  }
  if (typeof raw !== 'object' || raw === null) return 'the payload is not an object';
  const p = raw as Record<string, unknown>;
  if (typeof p.marker !== 'string') return 'the payload has no turn marker';
  if (!Array.isArray(p.seats) || !p.seats.every((s) => Number.isInteger(s) && (s as number) >= 0)) return 'the payload has no seats';
  const out: JobPayload = { marker: p.marker, seats: p.seats as Seat[] };
  if (p.since !== undefined) {
    if (typeof p.since !== 'number' || !Number.isSafeInteger(p.since) || p.since < 0) return 'the turn start is not a time';
    out.since = p.since;
  }
  if (p.count !== undefined) {
    if (!Number.isInteger(p.count) || (p.count as number) < 0) return 'the reminder count is not a count';
    out.count = p.count as number;
  }
  if (p.votes !== undefined) {
    const votes = p.votes;
    const isIds = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
    if (typeof votes !== 'object' || votes === null || !Object.values(votes).every((b) => typeof b === 'object' && b !== null && isIds((b as { skip?: unknown }).skip) && isIds((b as { kick?: unknown }).kick))) {
      return 'the votes are not readable';
    }
    out.votes = votes as Record<string, { skip: string[]; kick: string[] }>;
  }
  return out;
}

export const JOB_KINDS = { reminder: 'reminder', idle: 'idle', vote: 'idle-vote' } as const;

/** At most this many entries make the summary of a turn under the new board. */
const SUMMARY_ENTRIES = 200;

/** A snapshot of the state is kept after a checkpoint at least this many log entries after the last one. */
const SNAPSHOT_EVERY = 64;


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

function refuse<C extends RefusalCode>(code: C, extra: Omit<Extract<Refusal, { code: C }>, 'ok' | 'code'>): Extract<Refusal, { code: C }> {
  return { ok: false, code, ...extra } as Extract<Refusal, { code: C }>;
}

function parseLobbySettings(raw: unknown): LobbySettings | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const str = (v: unknown): v is string | null => v === null || typeof v === 'string';
  if (typeof r.capacity !== 'number' || !Number.isInteger(r.capacity) || !str(r.layout) || !str(r.variant)) return null;
  // Lobbies stored before expansions existed have no `expansion`: none.
  if (r.expansion !== undefined && !str(r.expansion)) return null;
  const settings = { capacity: r.capacity, layout: r.layout, variant: r.variant };
  return typeof r.expansion === 'string' ? { ...settings, expansion: r.expansion } : settings;
}

const SNOWFLAKE = /^[0-9]{1,20}$/;
const COMPUTER_ID = /^computer:[1-9][0-9]{0,2}$/;

export const COMPUTER_LEVELS = ['easy', 'normal', 'hard'] as const;
export type Level = (typeof COMPUTER_LEVELS)[number];

export function parseLevel(raw: string | null | undefined): Level {
  return (COMPUTER_LEVELS as readonly string[]).includes(raw ?? '') ? (raw as Level) : 'normal';
}

/** A seat added as a computer player (not a human's seat). */
export function isComputerSeatId(userId: string): boolean {
  return COMPUTER_ID.test(userId);
}

/** Whether a computer decides for this seat: a computer seat, or a human's seat handed over or left. */
export function isComputerPlayed(seat: SeatRow): boolean {
  return seat.computer !== null || seat.leftAt !== null;
}

/** Why the seats of a game cannot be right, or null. */
function checkSeats(seats: readonly SeatRow[]): string | null {
  for (const [index, seat] of seats.entries()) {
    if (seat.seat !== index) return `the seats are not numbered 0..${seats.length - 1}`;
    const computerSeat = typeof seat.userId === 'string' && COMPUTER_ID.test(seat.userId) && seat.computer !== null;
    if (typeof seat.userId !== 'string' || (!SNOWFLAKE.test(seat.userId) && !computerSeat)) return `seat ${index} has no valid user id`;
    if (seat.computer !== null && !(COMPUTER_LEVELS as readonly string[]).includes(seat.computer)) return `seat ${index} has an unknown computer level`;
    if (typeof seat.displayName !== 'string') return `seat ${index} has no name`;
  }
  return null;
}

/** A value that only JSON can carry, exactly as a button or the database delivers it. */
function wire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

export class GameService {
  readonly repo: GameStore;
  readonly outbox: Outbox;
  readonly damage: DamagedRowStore;
  readonly stats: StatsStore;
  readonly modules: ModuleRegistry;
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #newSeed: () => string;
  readonly #mutex = new KeyedMutex();
  /** Games whose stored state was checked against a replay of their log, at this version. */
  readonly #verified = new Map<number, number>();

  readonly players: PlayerSettingsStore;

  constructor(deps: GameServiceDeps) {
    this.#store = deps.store;
    const now = (): number => deps.clock.now();
    this.repo = deps.store.games;
    this.damage = deps.store.damagedRows;
    this.stats = deps.store.stats;
    this.players = deps.store.playerSettings;
    this.outbox = new Outbox(deps.store.deliveries, this.damage, now, deps.logger, delivererName(deps.shards ?? SINGLE_SHARD));
    this.modules = deps.modules;
    this.#clock = deps.clock;
    this.#logger = deps.logger;
    this.#newSeed = deps.newSeed ?? (() => randomBytes(16).toString('hex'));
  }

  now(): number {
    return this.#clock.now();
  }

  /** Serialises everything that happens to one channel's game (apply, render, post). */
  locked<T>(channelId: string, task: () => Promise<T> | T): Promise<T> {
    return this.#mutex.run(channelId, task);
  }

  /** Runs `fn` in one transaction of the store; `fn` awaits only the store (see store.ts). */
  #tx<T>(fn: () => Promise<T>): Promise<T> {
    return this.#store.transaction(fn);
  }

  // ----- loading ---------------------------------------------------------------------------------------

  /** The channel's lobby or running game; a damaged game is a refusal naming its id and channel. */
  async byChannel(channelId: string): Promise<Result<{ game: Snapshot }>> {
    const row = await this.repo.findRunningByChannel(channelId);
    if (row === undefined) return refuse('no_game', {});
    return this.#snapshot(row);
  }

  /**
   * The channel's running game, or else its newest finished game (`finished`): after the end, the final
   * board, the log and the hands stay reachable until a new game takes the channel.
   */
  async byChannelOrFinished(channelId: string): Promise<Result<{ game: Snapshot; finished: boolean }>> {
    const running = await this.byChannel(channelId);
    if (running.ok || running.code !== 'no_game') return running.ok ? { ...running, finished: false } : running;
    const row = await this.repo.findLastFinished(channelId);
    if (row === undefined) return running;
    const loaded = await this.#snapshot(row);
    return loaded.ok ? { ...loaded, finished: true } : loaded;
  }

  /** The channel's lobby or running game as stored, without loading its state (works on a damaged game). */
  runningRow(channelId: string): Promise<GameRow | undefined> {
    return this.repo.findRunningByChannel(channelId);
  }

  async byId(gameId: number): Promise<Result<{ game: Snapshot }>> {
    const row = await this.repo.findById(gameId);
    if (row === undefined) return refuse('no_game', {});
    return this.#snapshot(row);
  }

  async #snapshot(row: GameRow): Promise<Result<{ game: Snapshot }>> {
    try {
      return { ok: true, game: await this.load(row) };
    } catch (error) {
      const damaged =
        error instanceof DamagedGameError
          ? error
          : new DamagedGameError(row.id, row.channelId, error instanceof DamagedRowError ? error.message : `the game cannot be read (${(error as Error).message})`);
      await this.#reportDamaged(damaged);
      return refuse('damaged', { gameId: damaged.gameId, channelId: damaged.channelId, reason: damaged.reason });
    }
  }

  /** Reports a damaged game once (the register remembers it across restarts); it stays as stored. */
  async #reportDamaged(error: DamagedGameError): Promise<void> {
    if (await this.damage.record({ table: 'games', rowId: String(error.gameId), gameId: error.gameId, channelId: error.channelId, reason: error.reason })) {
      this.#logger.error({ table: 'games', gameId: error.gameId, channelId: error.channelId, reason: error.reason }, 'damaged game set aside: its channel is told, every other channel keeps working');
    }
  }

  /** The channel a game is played in (for checking that a click belongs to its channel), without loading it. */
  async channelOf(gameId: number): Promise<string | undefined> {
    return (await this.repo.findById(gameId))?.channelId;
  }

  /**
   * The channel whose game a click or command in `channelId` is about: the game's own channel when
   * `channelId` is the thread of its running game, else `channelId` itself.
   */
  async gameChannelOf(channelId: string): Promise<string> {
    return (await this.repo.findRunningByThread(channelId))?.channelId ?? channelId;
  }

  /** The game's thread is open: its boards, reminders and votes go there. */
  async threadOpened(gameId: number, threadId: string): Promise<void> {
    await this.repo.setThread(gameId, threadId);
  }

  /** The game's thread cannot be opened (a permission is missing): the game is played in its channel. */
  async threadRefused(gameId: number): Promise<void> {
    await this.repo.setThread(gameId, null);
  }

  /**
   * Loads and validates a game: known kind, lobby settings, engine options, the stored state (JSON,
   * the module's shape check, the engine's functions run on it) and, once per process and version,
   * that replaying the log gives exactly the stored state.
   */
  async load(row: GameRow): Promise<Snapshot> {
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
    const seats = await this.repo.seats(row.id);
    const seatProblem = checkSeats(seats);
    if (seatProblem !== null) throw damaged(seatProblem);
    if (row.status === 'lobby') return { kind: 'lobby', row, seats, module, settings };
    const def = module.definition;
    const parsed = def.parseOptions(module.buildOptions(settings, seats.length));
    if (!parsed.ok) throw damaged(`the options are not valid: ${parsed.error}`);
    if (row.state === null) throw damaged('no state stored');
    let state: unknown;
    try {
      state = JSON.parse(row.state) as unknown;
    } catch {
      throw damaged('the state is not valid JSON');
    }
    if (typeof state !== 'object' || state === null || (module.isState !== undefined && !module.isState(state))) {
      throw damaged('the state does not have the shape of a game state');
    }
    try {
      def.isOver(state);
      def.activeSeats(state);
      def.view(state, null);
    } catch (error) {
      throw damaged(`the game cannot read its state (${(error as Error).message})`);
    }
    if (this.#verified.get(row.id) !== row.version) {
      let rebuilt: unknown;
      try {
        const base = await this.#replayBase(row, def, parsed.options);
        rebuilt = replayFrom(def, base.state, effectiveLog(await this.repo.actionsAfter(row.id, base.sequence)));
      } catch (error) {
        if (error instanceof DamagedRowError) throw damaged(error.message);
        throw damaged(`the action log does not replay (${(error as Error).message})`);
      }
      if (JSON.stringify(rebuilt) !== row.state) throw damaged('the stored state differs from a replay of its action log');
      this.#verified.set(row.id, row.version);
    }
    return { kind: 'active', row, seats, module, settings, options: parsed.options, state };
  }

  /**
   * Checks every running game, in the background after start-up: damaged ones are reported with id and
   * channel, turns without jobs get them back. It yields to the event loop after each game, so clicks are
   * answered while it runs (a game is also checked when it is first touched).
   */
  async sweep(): Promise<{ checked: number; damaged: { gameId: number; channelId: string; reason: string }[]; computerTurns: { gameId: number; channelId: string }[] }> {
    const damaged: { gameId: number; channelId: string; reason: string }[] = [];
    // Games left waiting for a computer player's decision (the process stopped during its turn).
    const computerTurns: { gameId: number; channelId: string }[] = [];
    const rows = await this.repo.listRunning();
    for (const row of rows) {
      let result: Result<{ game: Snapshot }>;
      try {
        result = await this.#snapshot(row);
      } catch (error) {
        // Whatever one game does, the others are checked.
        const damagedGame = new DamagedGameError(row.id, row.channelId, (error as Error).message);
        await this.#reportDamaged(damagedGame);
        damaged.push({ gameId: row.id, channelId: row.channelId, reason: damagedGame.reason });
        continue;
      }
      if (!result.ok && result.code === 'damaged') damaged.push({ gameId: result.gameId, channelId: result.channelId, reason: result.reason });
      if (result.ok && result.game.kind === 'active' && this.computerSeatsToPlay(result.game).length > 0) computerTurns.push({ gameId: row.id, channelId: row.channelId });
      if (result.ok && result.game.kind === 'active' && (await this.repo.jobsOf(row.id)).length === 0) {
        // A turn whose jobs were never written gets them; one whose reminders were all sent keeps its idle
        // job. Looked at again in the transaction: a change since the check (a click) wrote its own.
        const game = result.game;
        await this.#tx(async () => {
          if ((await this.repo.jobsOf(row.id)).length > 0 || (await this.repo.findById(row.id))?.version !== game.row.version) return;
          await this.#scheduleTurn(game);
        });
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return { checked: rows.length, damaged, computerTurns };
  }

  // ----- queries ---------------------------------------------------------------------------------------

  seatOf(game: Snapshot, userId: string): SeatRow | undefined {
    return game.seats.find((s) => s.userId === userId);
  }

  /** Seats still playing (not left). */
  playingSeats(game: Snapshot): SeatRow[] {
    return game.seats.filter((s) => s.leftAt === null);
  }

  activeSeats(game: ActiveSnapshot): readonly Seat[] {
    const def = game.module.definition;
    return def.isOver(game.state) ? [] : def.activeSeats(game.state);
  }

  legalActions(game: ActiveSnapshot, seat: Seat): readonly unknown[] {
    return game.module.definition.legalActions(game.state, seat);
  }

  /** Per legal action of the seat (same order): what choosing it costs, gives or leads to (see GameDefinition). */
  optionDetails(game: ActiveSnapshot, seat: Seat, actions: readonly unknown[] = this.legalActions(game, seat)): readonly (readonly Message[])[] {
    return game.module.definition.optionDetails?.(game.state, seat, actions) ?? actions.map(() => []);
  }

  /**
   * The seat's compound choices (see src/engine/chain.ts), in a fixed order for a state. On the panel, the
   * k-th compound choice's index is the number of legal actions plus k.
   */
  compounds(game: ActiveSnapshot, seat: Seat, legal: readonly unknown[] = this.legalActions(game, seat)): unknown[][] {
    return compoundChoices(game.module.definition, game.state, seat, legal);
  }

  /**
   * What a compound choice costs and gives: its first step's details, or, when that step only opens a decision,
   * the details of the option taken there.
   */
  compoundDetails(game: ActiveSnapshot, seat: Seat, steps: readonly unknown[]): readonly Message[] {
    const def = game.module.definition;
    const [first, second] = steps;
    if (second === undefined || def.opensDecision?.(game.state, seat, first) !== true) return def.optionDetails?.(game.state, seat, [first])[0] ?? [];
    return def.optionDetails?.(def.apply(game.state, first, seat).state, seat, [second])[0] ?? [];
  }

  /** Why the seat's choice is narrow now, or what it still owes (see GameDefinition). */
  decisionNotes(game: ActiveSnapshot, seat: Seat): readonly Message[] {
    return game.module.definition.decisionNotes?.(game.state, seat) ?? [];
  }

  isOver(game: ActiveSnapshot): boolean {
    return game.module.definition.isOver(game.state);
  }

  standings(game: ActiveSnapshot): readonly Standing[] {
    return game.module.definition.standings(game.state);
  }

  publicView(game: ActiveSnapshot): unknown {
    return game.module.definition.view(game.state, null);
  }

  seatView(game: ActiveSnapshot, seat: Seat): unknown {
    return game.module.definition.view(game.state, seat);
  }

  /** The whole effective log (the actions in effect, undone ones removed), oldest first. */
  async effectiveLog(game: Snapshot): Promise<EffectiveEntry[]> {
    return effectiveLog(await this.repo.actions(game.row.id));
  }

  /** The newest `count` entries of the effective log, reading only as many rows as needed. */
  async recentEffective(game: Snapshot, count: number): Promise<EffectiveEntry[]> {
    for (let window = Math.max(32, count * 2); ; window *= 2) {
      const rows = await this.repo.recentActions(game.row.id, window);
      const { entries } = effectiveWindow(rows);
      // The window's entries are a correct suffix of the effective log; enough of them, or all rows read.
      if (entries.length >= count || rows.length < window) return entries.slice(-count);
    }
  }

  async canUndo(game: ActiveSnapshot, seat: Seat, log?: readonly EffectiveEntry[]): Promise<boolean> {
    log ??= await this.recentEffective(game, 1);
    return this.activeSeats(game).includes(seat) && canUndo(log, seat);
  }

  // ----- lobby -----------------------------------------------------------------------------------------

  async createLobby(input: {
    guildId: string;
    channelId: string;
    kind: string;
    host: PlayerRef;
    locale: string;
    capacity?: number | null;
    layout?: string | null;
    variant?: string | null;
    expansion?: string | null;
    /** Play the game in a thread of the channel (the lobby and the final standings stay in the channel). */
    useThread?: boolean;
  }): Promise<Result<{ game: LobbySnapshot; lobbyDelivery: number }>> {
    const module = this.modules.get(input.kind);
    if (module === undefined) return refuse('unknown_game', { kind: input.kind });
    const { min, max } = module.definition.players;
    const capacity = input.capacity ?? max;
    if (!Number.isInteger(capacity) || capacity < min || capacity > max) return refuse('invalid_capacity', { min, max });
    const expansion = input.expansion ?? null;
    const expansions = module.expansions ?? [];
    if (expansion !== null && !expansions.some((c) => c.value === expansion)) {
      return refuse('invalid_options', { option: 'expansion', value: expansion, players: capacity, detail: `unknown expansion ${expansion}` });
    }
    const layout = input.layout ?? (module.defaultLayout ? module.defaultLayout(expansion) : (module.layouts[0]?.value ?? null));
    const variant = input.variant ?? module.variants[0]?.value ?? null;
    if (layout !== null && module.layouts.length > 0 && !module.layouts.some((c) => c.value === layout)) {
      return refuse('invalid_options', { option: 'layout', value: layout, players: capacity, detail: `unknown layout ${layout}` });
    }
    const expansionLayouts = module.layoutsFor?.(expansion) ?? module.layouts;
    if (layout !== null && expansionLayouts.length > 0 && !expansionLayouts.some((c) => c.value === layout)) {
      return refuse('invalid_options', { option: 'layout_for_expansion', value: layout, players: capacity, detail: `layout ${layout} with expansion ${expansion ?? 'none'}` });
    }
    if (input.variant !== null && input.variant !== undefined && module.variants.length === 0) {
      return refuse('invalid_options', { option: 'no_variants', value: input.variant, players: capacity, detail: 'the game has no variants' });
    }
    if (variant !== null && module.variants.length > 0 && !module.variants.some((c) => c.value === variant)) {
      return refuse('invalid_options', { option: 'variant', value: variant, players: capacity, detail: `unknown variant ${variant}` });
    }
    // Stored only when chosen, so games without expansions keep their settings as they were.
    const settings: LobbySettings = expansion === null ? { capacity, layout, variant } : { capacity, layout, variant, expansion };
    // The options must hold for every player count the lobby can start with.
    for (let players = min; players <= capacity; players++) {
      const parsed = module.definition.parseOptions(module.buildOptions(settings, players));
      if (!parsed.ok) return refuse('invalid_options', { option: 'combination', value: '', players, detail: parsed.error });
    }
    const created = await this.#tx(async () => {
      const made = await this.repo.createGame(
      {
        guildId: input.guildId,
        channelId: input.channelId,
        kind: input.kind,
        hostUserId: input.host.userId,
        options: settings,
        seed: this.#newSeed(),
        locale: input.locale,
        useThread: input.useThread ?? false,
      },
      [{ seat: 0, userId: input.host.userId, displayName: input.host.displayName }],
      );
      const delivery = made.ok ? await this.#owe(made.game, 'lobby', { kind: 'lobby' }) : 0;
      return { made, delivery };
    });
    if (!created.made.ok) return refuse('channel_busy', { existing: created.made.existing });
    return { ok: true, game: await this.load(created.made.game) as LobbySnapshot, lobbyDelivery: created.delivery };
  }

  async #lobby(gameId: number): Promise<Result<{ game: LobbySnapshot }>> {
    const loaded = await this.byId(gameId);
    if (!loaded.ok) return loaded;
    if (loaded.game.kind !== 'lobby') return refuse('not_lobby', {});
    return { ok: true, game: loaded.game };
  }

  #reseat(seats: readonly { userId: string; displayName: string; computer?: string | null }[]): NewSeat[] {
    return seats.map((s, seat) => ({ seat, userId: s.userId, displayName: s.displayName, computer: s.computer ?? null }));
  }

  async join(gameId: number, player: PlayerRef): Promise<Result<{ game: LobbySnapshot }>> {
    const lobby = await this.#lobby(gameId);
    if (!lobby.ok) return lobby;
    const { game } = lobby;
    if (game.seats.some((s) => s.userId === player.userId)) return refuse('already_joined', {});
    if (game.seats.length >= game.settings.capacity) return refuse('lobby_full', { capacity: game.settings.capacity });
    const saved = await this.repo.saveState(gameId, game.row.version, {}, [], this.#reseat([...game.seats, player]));
    if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
    return this.#lobby(gameId);
  }

  async leaveLobby(gameId: number, userId: string): Promise<Result<{ game: LobbySnapshot }>> {
    const lobby = await this.#lobby(gameId);
    if (!lobby.ok) return lobby;
    const { game } = lobby;
    if (game.row.hostUserId === userId) return refuse('host_cannot_leave', {});
    if (!game.seats.some((s) => s.userId === userId)) return refuse('not_in_lobby', {});
    const rest = game.seats.filter((s) => s.userId !== userId);
    const saved = await this.repo.saveState(gameId, game.row.version, {}, [], this.#reseat(rest));
    if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
    return this.#lobby(gameId);
  }

  async cancelLobby(gameId: number, userId: string, canManage: boolean): Promise<Result<{ game: LobbySnapshot }>> {
    const lobby = await this.#lobby(gameId);
    if (!lobby.ok) return lobby;
    if (lobby.game.row.hostUserId !== userId && !canManage) return refuse('not_host', {});
    const saved = await this.repo.saveState(gameId, lobby.game.row.version, { status: 'abandoned' });
    if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
    const row = await this.repo.findById(gameId) as GameRow;
    return { ok: true, game: { ...lobby.game, row } };
  }

  /** The host starts: seats shuffled with the seed, the engine set up, the first turn's jobs scheduled. */
  async start(gameId: number, userId: string, expectedVersion: number): Promise<Result<{ game: ActiveSnapshot; boardDelivery: number }>> {
    const lobby = await this.#lobby(gameId);
    if (!lobby.ok) return lobby;
    const { game } = lobby;
    if (game.row.hostUserId !== userId) return refuse('not_host', {});
    if (game.row.version !== expectedVersion) return refuse('stale', { currentVersion: game.row.version });
    const def = game.module.definition;
    if (game.seats.length < def.players.min) return refuse('too_few_players', { min: def.players.min });
    const parsed = def.parseOptions(game.module.buildOptions(game.settings, game.seats.length));
    if (!parsed.ok) return refuse('invalid_options', { option: 'combination', value: '', players: game.seats.length, detail: parsed.error });
    const order = shuffle(seedRng(`seats:${game.row.seed}`), game.seats);
    const state = def.setup(parsed.options, game.row.seed);
    const json = JSON.stringify(state);
    const started = await this.#tx(async () => {
      const saved = await this.repo.saveState(gameId, game.row.version, { state: json, status: 'active' }, [], this.#reseat(order));
      if (!saved.ok) return null;
      const snapshot = await this.load(await this.repo.findById(gameId) as GameRow) as ActiveSnapshot;
      await this.#scheduleTurn(snapshot);
      const boardDelivery = await this.#owe(snapshot.row, 'board', { kind: 'board', summary: [], notes: [], concededTo: null, picture: true });
      return { snapshot, boardDelivery };
    });
    if (started === null) return refuse('stale', { currentVersion: (await this.repo.findById(gameId))?.version ?? -1 });
    this.#verified.set(gameId, started.snapshot.row.version);
    return { ok: true, game: started.snapshot, boardDelivery: started.boardDelivery };
  }

  // ----- playing ---------------------------------------------------------------------------------------

  async #active(gameId: number): Promise<Result<{ game: ActiveSnapshot }>> {
    const loaded = await this.byId(gameId);
    if (!loaded.ok) return loaded;
    if (loaded.game.kind !== 'active' || loaded.game.row.status !== 'active') return refuse('not_active', {});
    return { ok: true, game: loaded.game };
  }

  /** Who may act for `panelSeat` on this game: refusals for strangers, other players and stale versions. */
  #checkActor(game: ActiveSnapshot, userId: string, panelSeat: Seat, expectedVersion: number): Refusal | SeatRow {
    const seat = this.seatOf(game, userId);
    if (seat === undefined || seat.leftAt !== null) return refuse('not_a_player', {});
    if (seat.seat !== panelSeat) return refuse('foreign_panel', { owner: panelSeat });
    if (game.row.version !== expectedVersion) return refuse('stale', { currentVersion: game.row.version });
    const active = this.activeSeats(game);
    if (!active.includes(seat.seat)) return refuse('not_your_turn', { waitingFor: active });
    return seat;
  }

  /** Applies the action at `index` of the seat's legal actions, as the panel at `expectedVersion` showed them. */
  async act(gameId: number, userId: string, panelSeat: Seat, expectedVersion: number, index: number): Promise<Result<{ outcome: Outcome }>> {
    const loaded = await this.#active(gameId);
    if (!loaded.ok) return loaded;
    const game = loaded.game;
    const actor = this.#checkActor(game, userId, panelSeat, expectedVersion);
    if ('ok' in actor) return actor;
    const legal = this.legalActions(game, actor.seat);
    // Beyond the legal actions: the compound choice number `index - legal.length`.
    const steps = !Number.isInteger(index) || index < 0 ? [] : index < legal.length ? [legal[index]] : (this.compounds(game, actor.seat, legal)[index - legal.length] ?? []);
    // An index the panel at this version cannot have offered: the click did not come from our panel.
    if (steps.length === 0) return refuse('stale', { currentVersion: game.row.version });
    return this.#commit(game, steps.map((action) => ({ seat: actor.seat, action: wire(action) })), {});
  }

  /** Takes back the seat's latest action still in effect (see the undo policy above); `undone` is that action (for "Undone: …"). */
  async undo(gameId: number, userId: string, panelSeat: Seat, expectedVersion: number): Promise<Result<{ outcome: Outcome; undone: unknown }>> {
    const loaded = await this.#active(gameId);
    if (!loaded.ok) return loaded;
    const game = loaded.game;
    const actor = this.#checkActor(game, userId, panelSeat, expectedVersion);
    if ('ok' in actor) return actor;
    // Nothing at or before the newest snapshot can be undone: replay from it, not from the first move.
    const base = await this.#replayBase(game.row, game.module.definition, game.options);
    const tail = effectiveLog(await this.repo.actionsAfter(game.row.id, base.sequence));
    if (!(await this.canUndo(game, actor.seat, tail))) return refuse('cannot_undo', {});
    const state = replayFrom(game.module.definition, base.state, tail.slice(0, -1));
    const entry: NewAction = { seat: actor.seat, kind: 'undo', action: null, events: [], checkpoint: false };
    const saved = await this.#save(game, state, [entry], [], 'active', null);
    return saved.ok ? { ...saved, undone: tail[tail.length - 1]?.action ?? null } : saved;
  }

  /**
   * Applies `moves` and commits. `leaving` marks seats as left and `handOver` gives seats to a computer
   * player, in the same transaction. Seats played by a computer are not played here: the computer turns
   * (computer-turns.ts) decide them one by one after the commit, off the event loop.
   */
  #commit(
    game: ActiveSnapshot,
    moves: readonly { seat: Seat; action: unknown }[],
    opts: {
      leaving?: readonly Seat[];
      removals?: readonly Seat[];
      handOver?: readonly Seat[];
      /** The `leaving` seats were removed by the others' vote (they cannot take the seat back). */
      byVote?: boolean;
      notes?: (entries: readonly NewAction[], finished: boolean) => BoardNote[];
    },
  ): Promise<Result<{ outcome: Outcome }>> {
    const def = game.module.definition;
    const left = new Set(game.seats.filter((s) => s.leftAt !== null).map((s) => s.seat));
    for (const seat of opts.leaving ?? []) left.add(seat);
    let current = { state: game.state, version: 0 };
    const entries: NewAction[] = [];
    const push = (seat: Seat, action: unknown): void => {
      const result = step(def, current, { seat, action });
      if (!result.ok) throw new Error(`game ${game.row.id}: ${result.code} for seat ${seat}: ${result.detail}`);
      current = result.next;
      entries.push({ seat, kind: 'action', action, events: result.events, checkpoint: result.checkpoint });
    };
    const removed = new Set<Seat>();
    for (const seat of opts.removals ?? []) {
      const out = def.removeSeat?.(current.state, seat) ?? null;
      if (out !== null) {
        current = { state: out.state, version: current.version + 1 };
        entries.push({ seat, kind: 'action', action: REMOVE_SEAT, events: out.events, checkpoint: true });
        removed.add(seat);
      }
    }
    for (const move of moves) push(move.seat, move.action);
    const remaining = game.seats.filter((s) => !left.has(s.seat));
    // A game of only computer players is not played: when the last human leaves, it ends.
    const humansLeft = remaining.filter((s) => s.computer === null).length;
    const concession = opts.leaving !== undefined && !def.isOver(current.state) && (remaining.length < Math.max(2, def.players.min) || humansLeft === 0);
    const finished = concession || def.isOver(current.state);
    const concededTo = concession && remaining.length === 1 && humansLeft === 1 ? (remaining[0] as SeatRow).seat : null;
    const notes = opts.notes?.(entries, finished) ?? [];
    // A seat that left is played by a computer from now on (unless the rules took it out).
    const toComputer = [...(opts.handOver ?? []), ...(opts.leaving ?? []).filter((seat) => !removed.has(seat))];
    return this.#save(game, current.state, entries, opts.leaving ?? [], finished ? 'finished' : 'active', concededTo, notes, toComputer, opts.byVote === true);
  }

  async #save(
    game: ActiveSnapshot,
    state: unknown,
    entries: readonly NewAction[],
    leaving: readonly Seat[],
    status: 'active' | 'finished',
    concededTo: Seat | null,
    notes: readonly BoardNote[] = [],
    toComputer: readonly Seat[] = [],
    byVote = false,
  ): Promise<Result<{ outcome: Outcome }>> {
    const json = JSON.stringify(state);
    const markerBefore = turnMarkerOf(game.module, game.state);
    const pictureBefore = boardMarkerOf(game.module, game.state);
    const activeBefore = this.activeSeats(game);
    const id = game.row.id;
    const after = await this.#tx(async () => {
      const saved = await this.repo.saveState(id, game.row.version, { state: json, status }, entries);
      if (!saved.ok) return null;
      for (const seat of leaving) await this.repo.markSeatLeft(id, seat, saved.updatedAt, byVote);
      const level = parseLevel(game.row.computerLevel);
      for (const seat of toComputer) await this.repo.setSeatComputer(id, seat, level);
      // What was just written is known: no reading it back.
      const row: GameRow = { ...game.row, state: json, status, version: saved.version, updatedAt: saved.updatedAt };
      const seats =
        leaving.length === 0 && toComputer.length === 0
          ? game.seats
          : game.seats.map((s) => ({
              ...s,
              ...(leaving.includes(s.seat) && s.leftAt === null ? { leftAt: saved.updatedAt, ...(byVote ? { removedAt: saved.updatedAt } : {}) } : {}),
              ...(toComputer.includes(s.seat) ? { computer: level } : {}),
            }));
      const snapshot: ActiveSnapshot = { ...game, row, seats, state };
      const appended = appendedEntries(entries, saved.firstSequence);
      await this.#keepSnapshot(id, entries, saved.firstSequence, json);
      const markerAfter = status === 'finished' ? 'finished' : turnMarkerOf(game.module, snapshot.state);
      if (status === 'finished') {
        await this.repo.deleteJobs(id);
        await this.stats.record(id, saved.updatedAt, finalResults(snapshot, concededTo));
      }
      else if (markerAfter !== markerBefore) await this.#scheduleTurn(snapshot);
      let boardDelivery: number | null = null;
      let picture = false;
      let summary: EffectiveEntry[] = [];
      // A new decider, the end, or a line about a seat (it left, was removed): the channel is owed a board,
      // with a picture only when the turn player changed (boardMarkerOf says why).
      if (markerAfter !== markerBefore || notes.length > 0) {
        const toldUpTo = await this.outbox.lastToldSequence(id);
        summary = await this.#turnSummary(snapshot, activeBefore, toldUpTo);
        const upTo = appended.at(-1)?.sequence ?? toldUpTo;
        picture = notes.length > 0 || status === 'finished' || boardMarkerOf(game.module, snapshot.state) !== pictureBefore;
        // The board of the new turn is owed from this very commit: a crash after it still posts it.
        const events = summary.flatMap((e) => e.events.filter((ev) => ev.visibleTo === undefined));
        const told = picture ? await this.outbox.textEventsSincePicture(id) : [];
        boardDelivery = await this.#owe(row, 'board', { kind: 'board', summary: [...told, ...events], notes, concededTo, picture, ...(upTo === null ? {} : { upTo }) });
      }
      return { snapshot, markerAfter, boardDelivery, picture, appended, summary };
    });
    if (after === null) return refuse('stale', { currentVersion: (await this.repo.findById(id))?.version ?? -1 });
    this.#verified.set(id, after.snapshot.row.version);
    const turnEnded = after.markerAfter !== markerBefore;
    return {
      ok: true,
      outcome: {
        before: game,
        after: after.snapshot,
        entries: after.appended,
        turnEnded,
        finished: status === 'finished',
        concededTo,
        summary: turnEnded ? after.summary : [],
        boardDelivery: after.boardDelivery,
        boardPicture: after.picture,
      },
    };
  }

  /**
   * The entries of the turn that just ended, read from the newest rows in growing windows: a turn is a
   * few rows, so a move does not read (or parse) the game's whole log to describe it.
   */
  async #turnSummary(after: ActiveSnapshot, activeBefore: readonly Seat[], toldUpTo: number | null): Promise<EffectiveEntry[]> {
    for (let window = 16; ; window *= 4) {
      const rows = await this.repo.recentActions(after.row.id, window);
      const { entries } = effectiveWindow(rows);
      const summary = turnSummary(entries, activeBefore, after, toldUpTo);
      // The walk stopped inside the window, or the window holds the whole log.
      if (summary.length < entries.length || rows.length < window || window >= 4 * SUMMARY_ENTRIES) return summary.slice(-SUMMARY_ENTRIES);
    }
  }

  /** After a commit whose last entry is a checkpoint, every so often: the state is kept as a snapshot. */
  async #keepSnapshot(gameId: number, entries: readonly NewAction[], firstSequence: number | null, json: string): Promise<void> {
    const last = entries.at(-1);
    if (firstSequence === null || last === undefined || last.kind !== 'action' || !last.checkpoint) return;
    const sequence = firstSequence + entries.length - 1;
    const previous = (await this.repo.latestSnapshot(gameId))?.sequence ?? 0;
    if (sequence - previous >= SNAPSHOT_EVERY) await this.repo.saveSnapshot(gameId, sequence, json);
  }

  /**
   * Where a replay of the game can start: its newest snapshot (everything up to it is permanent), or the
   * setup. A snapshot that cannot be read is ignored (it is only a cache of the log).
   */
  async #replayBase(row: GameRow, def: ActiveSnapshot['module']['definition'], options: unknown): Promise<{ state: unknown; sequence: number }> {
    const snap = await this.repo.latestSnapshot(row.id);
    if (snap !== undefined) {
      try {
        return { state: JSON.parse(snap.state) as unknown, sequence: snap.sequence };
      } catch {
        this.#logger.warn({ gameId: row.id, sequence: snap.sequence }, 'a snapshot is not readable; replaying from the start');
      }
    }
    return { state: def.setup(options, row.seed), sequence: 0 };
  }

  /**
   * A player concedes: see the leave policy above. `expectedVersion` is the version the confirmation was
   * asked at: what leaving does may have changed since (another player left), so a moved-on game is refused.
   */
  async leave(gameId: number, userId: string, expectedVersion?: number): Promise<Result<{ outcome: Outcome }>> {
    const loaded = await this.#active(gameId);
    if (!loaded.ok) return loaded;
    const seat = this.seatOf(loaded.game, userId);
    if (seat === undefined || seat.leftAt !== null) return refuse('not_a_player', {});
    if (expectedVersion !== undefined && loaded.game.row.version !== expectedVersion) return refuse('stale', { currentVersion: loaded.game.row.version });
    return this.#removeSeat(loaded.game, seat.seat, 'left');
  }

  #removeSeat(game: ActiveSnapshot, seat: Seat, how: 'left' | 'removed'): Promise<Result<{ outcome: Outcome }>> {
    const def = game.module.definition;
    const remaining = game.seats.filter((s) => s.leftAt === null && s.seat !== seat).length;
    const removable = def.removeSeat !== undefined && remaining >= def.players.min;
    const notes = (entries: readonly NewAction[], finished: boolean): BoardNote[] => {
      if (finished) return [{ kind: how, seat }];
      const removedByRules = entries.some((e) => e.seat === seat && isRemoveSeat(e.action));
      if (how === 'removed') return [{ kind: removedByRules ? 'removed' : 'removedAutopilot', seat }];
      return [{ kind: removedByRules ? 'left' : 'leftAutopilot', seat }];
    };
    return this.#commit(game, [], { leaving: [seat], removals: removable ? [seat] : [], notes, byVote: how === 'removed' });
  }

  // ----- computer players ------------------------------------------------------------------------------

  /** The seats a computer must decide for now (computer seats and seats handed to a computer). */
  computerSeatsToPlay(game: ActiveSnapshot): Seat[] {
    if (game.row.status !== 'active') return [];
    const computers = new Set(game.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
    return this.activeSeats(game).filter((seat) => computers.has(seat));
  }

  /** The level of the computer that plays `seat` (the game's level for a seat taken over without one). */
  computerLevelOf(game: Snapshot, seat: Seat): Level {
    const row = game.seats.find((s) => s.seat === seat);
    return parseLevel(row?.computer ?? game.row.computerLevel);
  }

  /** A computer's move: the action at `index` of the seat's legal actions at `expectedVersion`. */
  async computerAct(gameId: number, seat: Seat, expectedVersion: number, index: number): Promise<Result<{ outcome: Outcome }>> {
    const loaded = await this.#active(gameId);
    if (!loaded.ok) return loaded;
    const game = loaded.game;
    if (game.row.version !== expectedVersion) return refuse('stale', { currentVersion: game.row.version });
    if (!this.computerSeatsToPlay(game).includes(seat)) return refuse('not_your_turn', { waitingFor: this.activeSeats(game) });
    const action = this.legalActions(game, seat)[index];
    if (action === undefined) return refuse('stale', { currentVersion: game.row.version });
    return this.#commit(game, [{ seat, action: wire(action) }], {});
  }

  /**
   * The owner of a seat a computer plays for them takes it back, between turns (not while the seat is
   * deciding). The channel is told on the next board.
   */
  async reclaim(gameId: number, userId: string): Promise<Result<{ game: ActiveSnapshot; boardDelivery: number }>> {
    const loaded = await this.#active(gameId);
    if (!loaded.ok) return loaded;
    const game = loaded.game;
    const seat = this.seatOf(game, userId);
    if (seat === undefined || isComputerSeatId(seat.userId)) return refuse('not_a_player', {});
    // Removed by the others' vote: the seat is no longer theirs to take back.
    if (seat.removedAt !== null) return refuse('removed_by_vote', {});
    // Only a seat a computer plays can be taken back (not one the rules took out of the game).
    if (seat.computer === null) return refuse('not_handed_over', {});
    if (this.activeSeats(game).includes(seat.seat)) return refuse('reclaim_between_turns', {});
    const result = await this.#tx(async () => {
      const saved = await this.repo.saveState(game.row.id, game.row.version, {});
      if (!saved.ok) return null;
      await this.repo.reclaimSeat(game.row.id, seat.seat);
      const row: GameRow = { ...game.row, version: saved.version, updatedAt: saved.updatedAt };
      const seats = game.seats.map((s) => (s.seat === seat.seat ? { ...s, computer: null, leftAt: null } : s));
      const boardDelivery = await this.#owe(row, 'board', { kind: 'board', summary: [], notes: [{ kind: 'reclaimed', seat: seat.seat }], concededTo: null, picture: true });
      return { game: { ...game, row, seats }, boardDelivery };
    });
    if (result === null) return refuse('stale', { currentVersion: (await this.repo.findById(gameId))?.version ?? -1 });
    this.#verified.set(gameId, result.game.row.version);
    return { ok: true, ...result };
  }

  /** In the lobby: the host adds a computer player of `level`. */
  async addComputer(gameId: number, userId: string, level: Level): Promise<Result<{ game: LobbySnapshot }>> {
    const lobby = await this.#lobby(gameId);
    if (!lobby.ok) return lobby;
    const { game } = lobby;
    if (game.row.hostUserId !== userId) return refuse('not_host', {});
    if (game.seats.length >= game.settings.capacity) return refuse('lobby_full', { capacity: game.settings.capacity });
    const number = Math.max(0, ...game.seats.filter((s) => isComputerSeatId(s.userId)).map((s) => Number(s.userId.slice('computer:'.length)))) + 1;
    const bot = { userId: `computer:${number}`, displayName: `Bot ${number}`, computer: level };
    const saved = await this.repo.saveState(gameId, game.row.version, {}, [], this.#reseat([...game.seats, bot]));
    if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
    return this.#lobby(gameId);
  }

  /** In the lobby: the host removes the computer player added last. */
  async removeComputer(gameId: number, userId: string): Promise<Result<{ game: LobbySnapshot }>> {
    const lobby = await this.#lobby(gameId);
    if (!lobby.ok) return lobby;
    const { game } = lobby;
    if (game.row.hostUserId !== userId) return refuse('not_host', {});
    const last = [...game.seats].reverse().find((s) => isComputerSeatId(s.userId));
    if (last === undefined) return refuse('no_computer', {});
    const saved = await this.repo.saveState(gameId, game.row.version, {}, [], this.#reseat(game.seats.filter((s) => s !== last)));
    if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
    return this.#lobby(gameId);
  }

  /** /game status: the board of the current state is owed again (the older boards lose their buttons). */
  repostBoard(gameId: number): Promise<Result<{ game: ActiveSnapshot; boardDelivery: number }>> {
    // The board owed is the state read: no change comes in between.
    return this.#tx(async () => {
      const loaded = await this.#active(gameId);
      if (!loaded.ok) return loaded;
      const boardDelivery = await this.#owe(loaded.game.row, 'board', { kind: 'board', summary: [], notes: [], concededTo: null, picture: true });
      return { ok: true, game: loaded.game, boardDelivery };
    });
  }

  /** /game status after the end: the finished game's final board is owed again, marked as such. */
  repostFinalBoard(gameId: number): Promise<Result<{ game: ActiveSnapshot; boardDelivery: number }>> {
    // The board owed is the state read: no change comes in between.
    return this.#tx(async () => {
      const loaded = await this.byId(gameId);
      if (!loaded.ok) return loaded;
      if (loaded.game.kind !== 'active' || loaded.game.row.status !== 'finished') return refuse('not_active', {});
      const boardDelivery = await this.#owe(loaded.game.row, 'board', { kind: 'board', summary: [], notes: [], concededTo: null, picture: true, again: true });
      return { ok: true, game: loaded.game, boardDelivery };
    });
  }

  /**
   * Rematch (any player of the finished game): a new lobby in the same channel with the same options and
   * settings, the presser as host, and the same players already seated: the players who did not leave in
   * their old order, then the computer players at their levels. A lobby rather than a start at once,
   * because a group that has just finished is not always all staying: whoever does not want another game
   * clicks Leave, and the host starts with one click when the table is ready; seats and start player are
   * drawn afresh at the start, as for any game. One game per channel holds: a channel with a new game
   * refuses (`channel_busy`).
   */
  async rematch(gameId: number, presser: PlayerRef): Promise<Result<{ game: LobbySnapshot; lobbyDelivery: number }>> {
    const loaded = await this.byId(gameId);
    if (!loaded.ok) return loaded;
    const game = loaded.game;
    if (game.kind !== 'active' || game.row.status !== 'finished') return refuse('stale', { currentVersion: game.row.version });
    const own = this.seatOf(game, presser.userId);
    if (own === undefined || isComputerSeatId(own.userId)) return refuse('not_a_player', {});
    const humans = game.seats.filter((s) => !isComputerSeatId(s.userId) && s.leftAt === null && s.userId !== presser.userId);
    const computers = game.seats.filter((s) => isComputerSeatId(s.userId));
    const seats = this.#reseat([presser, ...humans.map((s) => ({ userId: s.userId, displayName: s.displayName })), ...computers.map((s) => ({ userId: s.userId, displayName: s.displayName, computer: s.computer }))]);
    const { row } = game;
    const created = await this.#tx(async () => {
      const made = await this.repo.createGame(
        {
          guildId: row.guildId,
          channelId: row.channelId,
          kind: row.kind,
          hostUserId: presser.userId,
          options: game.settings,
          seed: this.#newSeed(),
          locale: row.locale,
          useThread: row.useThread,
          settings: { reminderIntervalMinutes: row.reminderIntervalMinutes, reminderLimit: row.reminderLimit, idleAfterMinutes: row.idleAfterMinutes, computerLevel: row.computerLevel },
        },
        seats,
      );
      const delivery = made.ok ? await this.#owe(made.game, 'lobby', { kind: 'lobby' }) : 0;
      return { made, delivery };
    });
    if (!created.made.ok) return refuse('channel_busy', { existing: created.made.existing });
    return { ok: true, game: await this.load(created.made.game) as LobbySnapshot, lobbyDelivery: created.delivery };
  }

  /** Writes what the channel is owed after this change, in the caller's transaction. Returns its id. */
  async #owe(row: GameRow, kind: DeliveryKind, payload: DeliveryPayload): Promise<number> {
    return (await this.outbox.rows.add({ gameId: row.id, guildId: row.guildId, channelId: row.channelId, kind, version: row.version, payload })).id;
  }

  /**
   * Ends a lobby or a running game: the host, or a member who may manage the channel. `expected` is the
   * game and version the confirmation was asked at: a game that moved on since is refused as stale (the
   * user confirmed something else). A running game's standings at this moment are recorded as its result
   * (`recorded`); a lobby has none, and a damaged game's state cannot be read (it is ended all the same).
   */
  async abandon(channelId: string, userId: string, canManage: boolean, expected?: { gameId: number; version: number }): Promise<Result<{ row: GameRow; recorded: boolean }>> {
    const row = await this.repo.findRunningByChannel(channelId);
    if (row === undefined) return refuse('no_game', {});
    if (row.hostUserId !== userId && !canManage) return refuse('not_host', {});
    if (expected !== undefined && (row.id !== expected.gameId || row.version !== expected.version)) return refuse('stale', { currentVersion: row.version });
    const loaded = row.status === 'active' ? await this.#snapshot(row) : null;
    const results = loaded?.ok === true && loaded.game.kind === 'active' ? standingResults(loaded.game) : null;
    const saved = await this.#tx(async () => {
      const result = await this.repo.saveState(row.id, row.version, { status: 'abandoned' });
      if (result.ok) {
        await this.repo.deleteJobs(row.id);
        if (results !== null) await this.stats.record(row.id, result.updatedAt, results);
        await this.#owe({ ...row, version: result.version }, 'announcement', { kind: 'announcement', message: 'abandoned', userId, recorded: results !== null });
      }
      return result;
    });
    if (!saved.ok) return refuse('stale', { currentVersion: saved.currentVersion ?? -1 });
    return { ok: true, row: await this.repo.findById(row.id) as GameRow, recorded: results !== null };
  }

  /** What `/game leave` would do to this seat now (told before the player confirms). */
  leaveConsequence(game: ActiveSnapshot, seat: Seat): LeaveConsequence {
    const def = game.module.definition;
    const remaining = game.seats.filter((s) => s.leftAt === null && s.seat !== seat);
    const humans = remaining.filter((s) => s.computer === null).length;
    // The same tests as #commit's concession and #removeSeat's choice.
    if (remaining.length < Math.max(2, def.players.min) || humans === 0) {
      return { kind: 'ends', winner: remaining.length === 1 && humans === 1 ? (remaining[0] as SeatRow).seat : null };
    }
    const removable = def.removeSeat !== undefined && remaining.length >= def.players.min && def.removeSeat(game.state, seat) !== null;
    return { kind: removable ? 'removed' : 'computer' };
  }

  /**
   * Changes a game's reminder and idle settings. They apply to the turn in progress at once: the pending
   * reminder and idle deadline are moved in the same transaction (see `#retime`), and the table is told
   * through the outbox, with when the next reminder and the idle vote now come.
   */
  updateSettings(gameId: number, userId: string, canManage: boolean, change: SettingsChange): Promise<Result<{ row: GameRow; timers: TurnTimers | null }>> {
    // The settings, the jobs moved by them and the announcement, read and written together.
    return this.#tx(async () => {
      const row = await this.repo.findById(gameId);
      if (row === undefined || (row.status !== 'lobby' && row.status !== 'active')) return refuse('no_game', {});
      if (row.hostUserId !== userId && !canManage) return refuse('not_host', {});
      const checked: SettingsResult = validateSettings(change);
      if (!checked.ok) return refuse('invalid_setting', { field: checked.field, min: checked.min, max: checked.max });
      await this.repo.updateSettings(gameId, checked.patch);
      const after = (await this.repo.findById(gameId)) as GameRow;
      const timers = after.status === 'active' ? await this.#retime(row, after) : null;
      await this.#owe(after, 'announcement', {
        kind: 'announcement',
        message: 'settings',
        userId,
        reminderIntervalMinutes: after.reminderIntervalMinutes,
        reminderLimit: after.reminderLimit,
        idleAfterMinutes: after.idleAfterMinutes,
        nextReminderAt: timers?.nextReminderAt ?? null,
        idleAt: timers?.idleAt ?? null,
      });
      return { ok: true, row: after, timers };
    });
  }

  /**
   * Moves the turn's pending jobs to the new settings (`before` -> `after`), never into the past:
   * - the next reminder comes one new interval after the last reminder (or the start of the turn); when
   *   the new limit is already reached, none comes; when reminders had run out (or were off) and the new
   *   limit allows more, the next is counted from the start of the turn;
   * - the idle vote opens the new idle time after the start of the turn; an open vote comes up again one
   *   new idle time after it last did.
   * Returns the new times, or null when nobody is being waited for (a computer's turn).
   */
  async #retime(before: GameRow, after: GameRow): Promise<TurnTimers | null> {
    const now = this.#clock.now();
    const id = after.id;
    const waiting = await this.#job(id, JOB_KINDS.vote) ?? await this.#job(id, JOB_KINDS.idle);
    if (waiting === undefined) return null;
    const since = sinceOf(waiting.job, waiting.payload, before);
    const { marker, seats } = waiting.payload;
    const interval = after.reminderIntervalMinutes * 60_000;
    const reminder = await this.#job(id, JOB_KINDS.reminder);
    let nextReminderAt: number | null = null;
    if (reminder !== undefined) {
      const count = reminder.payload.count ?? 0;
      if (count >= after.reminderLimit) await this.repo.deleteJobs(id, JOB_KINDS.reminder);
      else {
        // The interval being counted began one old interval before the job was due.
        const base = reminder.job.dueAt - before.reminderIntervalMinutes * 60_000;
        nextReminderAt = Math.max(now, base + interval);
        const payload: ReminderPayload = { marker: reminder.payload.marker, seats: reminder.payload.seats, count, since: sinceOf(reminder.job, reminder.payload, before) };
        await this.repo.rescheduleJob({ kind: JOB_KINDS.reminder, gameId: id, dueAt: nextReminderAt, payload });
      }
    } else if (after.reminderLimit > before.reminderLimit) {
      // Reminders had run out (all `before.reminderLimit` came) or were off: the rest follow at the new interval.
      const count = before.reminderLimit;
      nextReminderAt = Math.max(now, since + (count + 1) * interval);
      const payload: ReminderPayload = { marker, seats, count, since };
      await this.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: id, dueAt: nextReminderAt, payload });
    }
    const idleTime = after.idleAfterMinutes * 60_000;
    let idleAt: number;
    if (waiting.job.kind === JOB_KINDS.vote) {
      idleAt = Math.max(now, waiting.job.dueAt - before.idleAfterMinutes * 60_000 + idleTime);
      const payload: VotePayload = { marker, seats, votes: waiting.payload.votes ?? {}, since };
      await this.repo.rescheduleJob({ kind: JOB_KINDS.vote, gameId: id, dueAt: idleAt, payload });
    } else {
      idleAt = Math.max(now, since + idleTime);
      const payload: IdlePayload = { marker, seats, since };
      await this.repo.rescheduleJob({ kind: JOB_KINDS.idle, gameId: id, dueAt: idleAt, payload });
    }
    return { nextReminderAt, idleAt };
  }

  /** When the open idle vote's wait began (for the hours its message shows), or null when none is open. */
  async idleSince(game: ActiveSnapshot): Promise<number | null> {
    const found = await this.#job(game.row.id, JOB_KINDS.vote);
    return found === undefined ? null : sinceOf(found.job, found.payload, game.row);
  }

  // ----- jobs: reminders, snooze, idle votes -----------------------------------------------------------

  /** Writes the jobs of a new turn: the first reminder and the idle deadline; an open vote closes. */
  async #scheduleTurn(game: ActiveSnapshot): Promise<void> {
    const id = game.row.id;
    const now = this.#clock.now();
    const marker = turnMarkerOf(game.module, game.state);
    // Reminders and idle votes are for humans: computer players never keep anyone waiting.
    const computers = new Set(game.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
    const seats = this.activeSeats(game).filter((s) => !computers.has(s));
    await this.repo.deleteJobs(id);
    if (seats.length === 0) return;
    if (game.row.reminderLimit > 0) {
      const payload: ReminderPayload = { marker, seats, count: 0, since: now };
      await this.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: id, dueAt: now + game.row.reminderIntervalMinutes * 60_000, payload });
    }
    const idle: IdlePayload = { marker, seats, since: now };
    await this.repo.scheduleJob({ kind: JOB_KINDS.idle, gameId: id, dueAt: now + game.row.idleAfterMinutes * 60_000, payload: idle });
  }

  /**
   * Runs every due job: each is claimed (deleted) by exactly one runner, and what it asks the channel to
   * see is written to the outbox in the same transaction. A job whose payload cannot be read is reported
   * once and set aside (left in place); every other job runs. Returns the games that got deliveries.
   */
  async runDueJobs(): Promise<{ gameId: number; channelId: string }[]> {
    const touched: { gameId: number; channelId: string }[] = [];
    for (const job of await this.repo.dueJobs(this.#clock.now())) {
      const payload = parseJobPayload(job);
      if (typeof payload === 'string') {
        await this.#setAsideJob(job, payload);
        continue;
      }
      try {
        const owed = await this.#tx(async () => (await this.repo.deleteJob(job.id) ? await this.#runJob(job, payload) : null));
        if (owed !== null) touched.push(owed);
      } catch (error) {
        this.#logger.error({ err: error, gameId: job.gameId, jobId: job.id, job: job.kind }, 'scheduled job failed');
      }
    }
    return touched;
  }

  async #setAsideJob(job: ScheduledJobRow, reason: string): Promise<void> {
    const channelId = (await this.repo.findById(job.gameId))?.channelId ?? null;
    if (await this.damage.record({ table: 'scheduled_jobs', rowId: String(job.id), gameId: job.gameId, channelId, reason })) {
      this.#logger.error({ table: 'scheduled_jobs', rowId: job.id, gameId: job.gameId, channelId, reason }, 'damaged row set aside');
    }
  }

  /** A claimed job: writes its reminder or vote to the outbox, or nothing when it no longer applies. */
  async #runJob(job: ScheduledJobRow, payload: JobPayload): Promise<{ gameId: number; channelId: string } | null> {
    const loaded = await this.#active(job.gameId);
    if (!loaded.ok) return null;
    const game = loaded.game;
    const marker = turnMarkerOf(game.module, game.state);
    const now = this.#clock.now();
    if (payload.marker !== marker) return null;
    const computers = new Set(game.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
    const active = this.activeSeats(game);
    const seats = payload.seats.filter((s) => active.includes(s) && !computers.has(s));
    if (seats.length === 0) return null;
    const where = { gameId: game.row.id, channelId: game.row.channelId };
    const since = sinceOf(job, payload, game.row);
    const wishes = await this.#notifyOfSeats(game, seats);
    const away = seats.filter((s) => isAway(wishes.get(s) ?? DEFAULT_NOTIFY, now));
    const present = seats.filter((s) => !away.includes(s));
    if (job.kind === JOB_KINDS.reminder) {
      const count = (payload.count ?? 0) + 1;
      // Away players are not reminded. When everyone it is for is away or in their quiet hours, the reminder
      // waits (not counted) until the first of them is back or awake; otherwise it goes to those who are,
      // and the others get the next one.
      const quiet = present.map((s) => quietUntil(wishes.get(s) ?? DEFAULT_NOTIFY, now));
      const due = present.filter((_, i) => quiet[i] === null);
      if (due.length === 0) {
        const later = [...quiet.filter((q): q is number => q !== null), ...away.map((s) => (wishes.get(s) ?? DEFAULT_NOTIFY).awayUntil as number)];
        const waited: ReminderPayload = { marker, seats: payload.seats, count: payload.count ?? 0, since };
        await this.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: game.row.id, dueAt: Math.min(...later), payload: waited });
        return null;
      }
      if (count < game.row.reminderLimit) {
        const next: ReminderPayload = { marker, seats, count, since };
        await this.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: game.row.id, dueAt: now + game.row.reminderIntervalMinutes * 60_000, payload: next });
      }
      await this.#owe(game.row, 'reminder', { kind: 'reminder', seats: due, count, limit: game.row.reminderLimit });
      return where;
    }
    if (job.kind === JOB_KINDS.idle || job.kind === JOB_KINDS.vote) {
      if (present.length === 0) {
        // Everyone it would be about is away: the idle time starts again when the first is back.
        const back = Math.min(...away.map((s) => (wishes.get(s) ?? DEFAULT_NOTIFY).awayUntil as number));
        const idle: IdlePayload = { marker, seats: payload.seats, since: back };
        await this.repo.scheduleJob({ kind: JOB_KINDS.idle, gameId: game.row.id, dueAt: back + game.row.idleAfterMinutes * 60_000, payload: idle });
        return null;
      }
      const vote: VotePayload = { marker, seats: present, votes: job.kind === JOB_KINDS.vote ? (payload.votes ?? {}) : {}, since };
      await this.repo.scheduleJob({ kind: JOB_KINDS.vote, gameId: game.row.id, dueAt: now + game.row.idleAfterMinutes * 60_000, payload: vote });
      // The message counts the hours from `since` when it is drawn: what it says is true when it is posted.
      await this.#owe(game.row, 'idle-vote', { kind: 'idle-vote', seats: present, idleHours: Math.round(game.row.idleAfterMinutes / 60), repeat: job.kind === JOB_KINDS.vote, since });
      return where;
    }
    return null;
  }

  // ----- notifications: how each player wants to hear from a game (/game notify) -------------------------

  /** A player's notification settings (the defaults without a row, or when the row is damaged). */
  async notifySettings(userId: string): Promise<NotifySettings> {
    return (await this.#notifyOf([userId])).get(userId) ?? DEFAULT_NOTIFY;
  }

  async #notifyOf(userIds: readonly string[]): Promise<Map<string, NotifySettings>> {
    const out = new Map<string, NotifySettings>();
    for (const row of await this.players.findMany(userIds)) {
      const read = readNotifySettings(row);
      if (typeof read === 'string') {
        if (await this.damage.record({ table: 'player_settings', rowId: row.userId, gameId: null, channelId: null, reason: read })) {
          this.#logger.error({ table: 'player_settings', rowId: row.userId, reason: read }, 'damaged row set aside');
        }
        continue;
      }
      out.set(row.userId, read);
    }
    return out;
  }

  /** Several players' notification settings (those without a readable row are missing: the defaults apply). */
  notifyOfUsers(userIds: readonly string[]): Promise<Map<string, NotifySettings>> {
    return this.#notifyOf(userIds);
  }

  /** The settings of the players of `seats` (computer seats have none: the defaults). */
  async #notifyOfSeats(game: ActiveSnapshot, seats: readonly Seat[]): Promise<Map<Seat, NotifySettings>> {
    const users = new Map(game.seats.filter((s) => seats.includes(s.seat)).map((s) => [s.seat, s.userId]));
    const byUser = await this.#notifyOf([...users.values()]);
    return new Map([...users].map(([seat, user]) => [seat, byUser.get(user) ?? DEFAULT_NOTIFY]));
  }

  /** The seats of the game whose players are away now, with when they are back (shown on the board). */
  async awaySeats(game: ActiveSnapshot): Promise<{ seat: Seat; until: number }[]> {
    const now = this.#clock.now();
    const playing = game.seats.filter((s) => s.leftAt === null && !isComputerPlayed(s)).map((s) => s.seat);
    return [...await this.#notifyOfSeats(game, playing)].flatMap(([seat, n]) => (isAway(n, now) ? [{ seat, until: n.awayUntil as number }] : []));
  }

  /**
   * /game notify: changes what is given and keeps the rest. `awayUntil` is a date (YYYY-MM-DD, the day the
   * player is back, in their time zone) or 'off'; quiet hours need both ends (the same hour twice: none).
   */
  updateNotify(
    userId: string,
    change: { how?: NotifyChannel | null; timeZone?: string | null; quietFrom?: number | null; quietTo?: number | null; awayUntil?: string | null; locale?: string | null },
  ): Promise<Result<{ settings: NotifySettings }>> {
    // Read and written together: two changes at once each keep the other's fields.
    return this.#tx(async () => {
      const current = await this.notifySettings(userId);
      if (change.how != null && !(NOTIFY_CHANNELS as readonly string[]).includes(change.how)) return refuse('invalid_notify', {});
      let timeZone = current.timeZone;
      if (change.timeZone != null) {
        const zone = canonicalTimeZone(change.timeZone);
        if (zone === null) return refuse('invalid_time_zone', { value: change.timeZone });
        timeZone = zone;
      }
      let { quietFrom, quietTo } = current;
      if (change.quietFrom != null || change.quietTo != null) {
        if (change.quietFrom == null || change.quietTo == null) return refuse('quiet_hours_incomplete', {});
        const valid = (h: number): boolean => Number.isInteger(h) && h >= 0 && h <= 23;
        if (!valid(change.quietFrom) || !valid(change.quietTo)) return refuse('invalid_setting', { field: 'quiet', min: 0, max: 23 });
        [quietFrom, quietTo] = change.quietFrom === change.quietTo ? [null, null] : [change.quietFrom, change.quietTo];
      }
      let awayUntil = current.awayUntil;
      if (change.awayUntil != null) {
        if (change.awayUntil.trim().toLowerCase() === 'off') awayUntil = null;
        else {
          const at = parseAwayDate(change.awayUntil, timeZone, this.#clock.now());
          if (at === null) return refuse('invalid_away_date', { value: change.awayUntil });
          awayUntil = at;
        }
      }
      const settings: NotifySettings = { how: change.how ?? current.how, timeZone, quietFrom, quietTo, awayUntil, locale: change.locale ?? current.locale };
      await this.players.save(userId, settings);
      return { ok: true, settings };
    });
  }

  /** The game's job of this kind with its payload, or undefined (none, or set aside as damaged). */
  async #job(gameId: number, kind: string): Promise<{ job: ScheduledJobRow; payload: JobPayload } | undefined> {
    const job = (await this.repo.jobsOf(gameId, kind))[0];
    if (job === undefined) return undefined;
    const payload = parseJobPayload(job);
    if (typeof payload === 'string') {
      await this.#setAsideJob(job, payload);
      return undefined;
    }
    return { job, payload };
  }

  /** The reminded player postpones the next reminder by one interval (not counted toward the limit). */
  snooze(gameId: number, userId: string, seat: Seat): Promise<Result<{ dueAt: number; game: ActiveSnapshot }>> {
    // The reminder is read and moved together: a job run in between is not overwritten.
    return this.#tx(async () => {
      const loaded = await this.#active(gameId);
      if (!loaded.ok) return loaded;
      const game = loaded.game;
      const own = this.seatOf(game, userId);
      if (own === undefined || own.leftAt !== null) return refuse('not_a_player', {});
      if (own.seat !== seat) return refuse('foreign_panel', { owner: seat });
      const found = await this.#job(gameId, JOB_KINDS.reminder);
      const job = found?.job;
      const payload = found === undefined ? undefined : { marker: found.payload.marker, seats: found.payload.seats, count: found.payload.count ?? 0, since: sinceOf(found.job, found.payload, game.row) };
      if (job === undefined || payload === undefined || payload.marker !== turnMarkerOf(game.module, game.state) || !payload.seats.includes(seat)) {
        return refuse('no_reminder', {});
      }
      const dueAt = Math.max(job.dueAt, this.#clock.now()) + game.row.reminderIntervalMinutes * 60_000;
      await this.repo.rescheduleJob({ kind: JOB_KINDS.reminder, gameId, dueAt, payload });
      return { ok: true, dueAt, game };
    });
  }

  /** A vote on an idle seat: strict majority of the other players still in the game. */
  vote(gameId: number, userId: string, seat: Seat, choice: VoteChoice): Promise<VoteResult> {
    // The ballot is read and counted together: a vote or a job run in between is not lost.
    return this.#tx(async () => {
      const loaded = await this.#active(gameId);
      if (!loaded.ok) return loaded;
      const game = loaded.game;
      const found = await this.#job(gameId, JOB_KINDS.vote);
      const job = found?.job;
      const payload = found === undefined ? undefined : { marker: found.payload.marker, seats: found.payload.seats, votes: found.payload.votes ?? {}, since: sinceOf(found.job, found.payload, game.row) };
      if (job === undefined || payload === undefined || payload.marker !== turnMarkerOf(game.module, game.state) || !payload.seats.includes(seat)) {
        return refuse('vote_closed', {});
      }
      const voter = this.seatOf(game, userId);
      if (voter === undefined || voter.leftAt !== null) return refuse('not_a_player', {});
      if (voter.seat === seat) return refuse('cannot_vote', {});
      const awayUntil = (await this.#notifyOfSeats(game, [seat])).get(seat)?.awayUntil ?? null;
      if (awayUntil !== null && awayUntil > this.#clock.now()) return refuse('player_away', { until: awayUntil });
      const eligible = this.playingSeats(game).filter((s) => s.seat !== seat);
      const needed = Math.floor(eligible.length / 2) + 1;
      const ballot = payload.votes[String(seat)] ?? { skip: [], kick: [] };
      const other: VoteChoice = choice === 'skip' ? 'kick' : 'skip';
      const updated = {
        [choice]: [...new Set([...ballot[choice], userId])],
        [other]: ballot[other].filter((u) => u !== userId),
      } as { skip: string[]; kick: string[] };
      const tally: VoteTally = { ...updated, needed };
      if (updated[choice].length < needed) {
        await this.repo.rescheduleJob({ kind: JOB_KINDS.vote, gameId, dueAt: job.dueAt, payload: { ...payload, votes: { ...payload.votes, [String(seat)]: updated } } });
        return { ok: true, passed: null, seat, tally, game };
      }
      const result =
        choice === 'skip' ? await this.#commit(game, [], { handOver: [seat], notes: () => [{ kind: 'handedToComputer', seat }] }) : await this.#removeSeat(game, seat, 'removed');
      if (!result.ok) return result;
      return { ok: true, passed: choice, seat, tally, outcome: result.outcome };
    });
  }

  /** The open idle vote's tally for a seat (for re-rendering the vote message). */
  async voteTally(game: ActiveSnapshot, seat: Seat): Promise<VoteTally | null> {
    const found = await this.#job(game.row.id, JOB_KINDS.vote);
    const payload = found === undefined ? undefined : { seats: found.payload.seats, votes: found.payload.votes ?? {} };
    if (payload === undefined || !payload.seats.includes(seat)) return null;
    const ballot = payload.votes[String(seat)] ?? { skip: [], kick: [] };
    const eligible = this.playingSeats(game).filter((s) => s.seat !== seat).length;
    return { ...ballot, needed: Math.floor(eligible / 2) + 1 };
  }

  /**
   * A score per seat after each turn of the game, from a replay of its log (the summary chart is drawn
   * from the log, not stored apart): `scores` reads the public view at the start and whenever the turn
   * moves on, and at the end.
   */
  async scoreHistory(game: ActiveSnapshot, scores: (publicView: unknown) => number[]): Promise<number[][]> {
    const def = game.module.definition;
    const series: number[][] = game.seats.map(() => []);
    const sample = (state: unknown): void => scores(def.view(state, null)).forEach((v, seat) => series[seat]?.push(v));
    let current = { state: def.setup(game.options, game.row.seed) as unknown, version: 0 };
    sample(current.state);
    let marker = turnMarkerOf(game.module, current.state);
    for (const entry of await this.effectiveLog(game)) {
      if (isRemoveSeat(entry.action)) {
        const removed = def.removeSeat?.(current.state, entry.seat) ?? null;
        if (removed !== null) current = { state: removed.state, version: current.version + 1 };
      } else {
        const result = step(def, current, { seat: entry.seat, action: entry.action });
        if (!result.ok) break;
        current = result.next;
      }
      const next = def.isOver(current.state) ? 'over' : turnMarkerOf(game.module, current.state);
      if (next !== marker) {
        sample(current.state);
        marker = next;
      }
    }
    return series;
  }

  // ----- history and statistics (per server) ----------------------------------------------------------

  history(guildId: string, limit: number): Promise<FinishedGame[]> {
    return this.stats.history(guildId, limit);
  }

  playerStats(guildId: string, userId: string): Promise<PlayerStats[]> {
    return this.stats.player(guildId, userId);
  }

  leaderboard(guildId: string, limit: number): Promise<Omit<PlayerStats, 'kind'>[]> {
    return this.stats.leaderboard(guildId, limit);
  }

  async setBoardMessage(gameId: number, messageId: string | null): Promise<void> {
    await this.repo.setBoardMessage(gameId, messageId);
  }
}

/**
 * Every seat's final place: the rules' standings, or, when the game ended because the others left, the
 * last player first and everyone who left after them.
 */
/**
 * When the turn a job belongs to began. Jobs written before `since` was kept: an idle job is written when
 * the turn begins (its creation time); a vote job one idle time after; a reminder job at the turn's start
 * or at a reminder, so the turn began at the latest then.
 */
function sinceOf(job: ScheduledJobRow, payload: JobPayload, row: GameRow): number {
  if (payload.since !== undefined) return payload.since;
  if (job.kind === JOB_KINDS.vote) return job.createdAt - row.idleAfterMinutes * 60_000;
  return job.createdAt;
}

/** Every seat's place by the rules' standings as they are now (a game ended early with /game abandon). */
function standingResults(game: ActiveSnapshot): NewResult[] {
  const ranks = new Map(game.module.definition.standings(game.state).map((s) => [s.seat, s.rank]));
  return game.seats.map((s) => ({ seat: s.seat, userId: s.userId, rank: ranks.get(s.seat) ?? game.seats.length, left: s.leftAt !== null }));
}

function finalResults(game: ActiveSnapshot, concededTo: Seat | null): NewResult[] {
  const left = new Set(game.seats.filter((s) => s.leftAt !== null).map((s) => s.seat));
  const def = game.module.definition;
  const ranks = new Map<Seat, number>();
  if (concededTo === null && def.isOver(game.state)) for (const standing of def.standings(game.state)) ranks.set(standing.seat, standing.rank);
  else for (const seat of game.seats) ranks.set(seat.seat, left.has(seat.seat) ? 2 : 1);
  return game.seats.map((s) => ({ seat: s.seat, userId: s.userId, rank: ranks.get(s.seat) ?? game.seats.length, left: left.has(s.seat) }));
}

/** The action entries a commit appended, as the effective log shows them (sequences from the write). */
function appendedEntries(entries: readonly NewAction[], firstSequence: number | null): EffectiveEntry[] {
  if (firstSequence === null) return [];
  const out: EffectiveEntry[] = [];
  entries.forEach((entry, index) => {
    if (entry.kind !== 'action') return;
    out.push({ sequence: firstSequence + index, seat: entry.seat, action: entry.action, events: entry.events as GameEvent[], checkpoint: entry.checkpoint });
  });
  return out;
}

/**
 * The entries of the turn that just ended: walking back from the newest, every entry by a seat that
 * was deciding before the change or that plays on autopilot, down to what an earlier board told.
 */
function turnSummary(log: readonly EffectiveEntry[], activeBefore: readonly Seat[], after: ActiveSnapshot, toldUpTo: number | null): EffectiveEntry[] {
  const autopilot = new Set(after.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
  const out: EffectiveEntry[] = [];
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i] as EffectiveEntry;
    // What an earlier board told is not told again (a computer's turn just before a vote, say).
    if (toldUpTo !== null && entry.sequence <= toldUpTo) break;
    if (!activeBefore.includes(entry.seat) && !autopilot.has(entry.seat) && !isRemoveSeat(entry.action)) break;
    out.unshift(entry);
  }
  return out;
}

export type { FinishedGame, GameEvent, GameRow, PlayerStats, SeatRow };
