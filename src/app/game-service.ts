/**
 * The game service: the only place where the engine, the store, the locks and the scheduler meet.
 * Every method that changes a game runs inside one transaction of the store (state, seats, log entries,
 * scheduled jobs and the outbox together; the SQLite file or PostgreSQL, see src/persistence/store.ts)
 * and checks the version the caller saw, so a stale or repeated click changes nothing. Inside a
 * transaction the service computes and calls the store, and awaits nothing else. Rendering and posting
 * happen afterwards, in the Discord layer, under the same per-game lock (`lockedGame`).
 *
 * This class is the service's one face; each concern is a module of its own under service/, over a
 * small core (service/core.ts: load, the transaction, the version checks):
 * - lobby.ts: new games, joining, leaving and starting a lobby, computer players added in the lobby;
 * - turns.ts: a player's action and undo; commit.ts: how every change is applied and saved, with what
 *   follows from it (consequences/: the list the core is given here);
 * - leaving.ts: conceding, removal, abandoning; computer-seats.ts: the seats a computer plays;
 *   stand-ins.ts: a computer's move and a seat taken back;
 * - timers.ts: snooze and the settings that move a turn's jobs; turn-jobs.ts: a new turn's jobs; jobs/: each
 *   kind of job, run when due (due-jobs.ts); votes.ts: the idle vote and what it does;
 * - notify.ts: how players want to hear from a game (notify-change.ts: /game notify); finished.ts: rematch,
 *   history and statistics;
 * - channels.ts: the game's channel, thread and board message; sweep.ts: the start-up check;
 * - tables.ts: the games of a channel, each in its thread (its table), and the games that wait for a player;
 * - queries.ts: reading a loaded game.
 *
 * Policies (also told to players by /help):
 * - Seat order: the joined players are shuffled with the game's seed; the engine's setup picks the start
 *   player from the same seed. Players are shown the playing order from the start player (module.ts,
 *   playingOrder), and the numbers on their pieces follow it, never the stored seat order.
 * - Undo: only the seat's own latest action in effect, inside its current decision, never past a
 *   checkpoint (a die roll, a card draw, a hand-over); after a compound choice, also its steps at once
 *   (their log entries carry the compound's mark, see log.ts). Undo appends an 'undo' entry per action
 *   taken back; the state is rebuilt
 *   by replaying the effective log; the version keeps growing.
 * - Leaving a running game (concede, or removed by an idle vote): when the game defines `removeSeat` and
 *   enough players remain, the seat is taken out by the rules. Otherwise a computer player of the game's
 *   level takes the seat (computer-turns.ts plays it). When fewer than two players (or fewer than the
 *   game's minimum) remain, the game ends, won by concession by the last player standing only when that is a
 *   human playing their own seat; when no such human remains, the game ends with no winner (concessionOf).
 * - An idle vote may hand the idle seat to a computer player; its owner takes it back between turns.
 */
import { DatabaseOutage } from './database-outage.js';
import type { GameEvent, Message, Seat, Standing } from '../engine/index.js';
import type { FinishedGame, PlayerStats, StoredResult, Winner } from '../persistence/stats-repository.js';
import type { GameRow, SeatRow } from '../persistence/schema.js';
import type { EffectiveEntry } from './log.js';
import type { ModuleRegistry } from './module.js';
import type { NotifySettings } from '../notify-settings.js';
import type { Outbox } from './outbox.js';
import * as channels from './service/channels.js';
import * as computerSeats from './service/computer-seats.js';
import { COMMIT_CONSEQUENCES } from './service/consequences/index.js';
import { GameCore, type GameServiceDeps } from './service/core.js';
import * as dueJobs from './service/due-jobs.js';
import * as finished from './service/finished.js';
import * as leaving from './service/leaving.js';
import * as learn from './service/learn.js';
import * as lobby from './service/lobby.js';
import * as notify from './service/notify.js';
import * as notifyChange from './service/notify-change.js';
import * as queries from './service/queries.js';
import * as ratings from './service/ratings.js';
import * as follow from './service/follow.js';
import * as computerTurnJob from './service/jobs/computer-turn.js';
import { sweep } from './service/sweep.js';
import * as standIns from './service/stand-ins.js';
import * as tables from './service/tables.js';
import * as timeBank from './service/time-bank.js';
import * as timers from './service/timers.js';
import * as turns from './service/turns.js';
import * as votes from './service/votes.js';
import type { ActiveSnapshot, Result, Snapshot } from './service/types.js';

export { DamagedGameError, type GameServiceDeps } from './service/core.js';
export { JOB_KINDS } from './service/scheduled-jobs.js';
export { COMPUTER_LEVELS, computerName, isComputerPlayed, isComputerSeatId, movesAsTold, parseLevel, type Level } from './service/seat-identity.js';
export type { TurnTimers } from './service/timers.js';
export type { TableEntry, WaitingGame } from './service/tables.js';
export type { ActiveSnapshot, LeaveConsequence, LobbySnapshot, Outcome, PlayerRef, Refusal, RefusalCode, Result, Snapshot } from './service/types.js';
export type { VoteChoice, VoteResult, VoteTally } from './service/votes.js';
export type { FinishedGame, GameEvent, GameRow, PlayerStats, SeatRow, StoredResult, Winner };

/** The parameters of a use case after the core it runs on. */
type Args<F> = F extends (core: GameCore, ...args: infer A) => unknown ? A : never;

export class GameService {
  readonly #core: GameCore;
  readonly repo: GameCore['repo'];
  readonly outbox: Outbox;
  readonly damage: GameCore['damage'];
  readonly stats: GameCore['stats'];
  readonly players: GameCore['players'];
  readonly modules: ModuleRegistry;
  /** A database that cannot be reached, logged once per outage (router, deliverer and scheduler report to it). */
  readonly outage: DatabaseOutage;

  constructor(deps: GameServiceDeps) {
    const core = new GameCore(deps, COMMIT_CONSEQUENCES);
    this.outage = new DatabaseOutage(deps.logger, () => deps.clock.now());
    this.#core = core;
    this.repo = core.repo;
    this.outbox = core.outbox;
    this.damage = core.damage;
    this.stats = core.stats;
    this.players = core.players;
    this.modules = core.modules;
  }

  now(): number {
    return this.#core.now();
  }

  /** Serialises everything that happens to one game (apply, render, post); see core.ts. */
  lockedGame<T>(gameId: number, task: () => Promise<T> | T): Promise<T> {
    return this.#core.lockedGame(gameId, task);
  }

  /** Serialises the opening of new games in a channel; see core.ts. */
  lockedChannel<T>(channelId: string, task: () => Promise<T> | T): Promise<T> {
    return this.#core.lockedChannel(channelId, task);
  }

  // Loading (core.ts): a damaged game is a refusal naming its id and channel.
  byChannel(channelId: string): Promise<Result<{ game: Snapshot }>> {
    return this.#core.byChannel(channelId);
  }
  byChannelOrFinished(channelId: string): Promise<Result<{ game: Snapshot; finished: boolean }>> {
    return this.#core.byChannelOrFinished(channelId);
  }
  runningRow(channelId: string): Promise<GameRow | undefined> {
    return this.#core.runningRow(channelId);
  }
  byId(gameId: number): Promise<Result<{ game: Snapshot }>> {
    return this.#core.byId(gameId);
  }
  load(row: GameRow): Promise<Snapshot> {
    return this.#core.load(row);
  }
  sweep(): ReturnType<typeof sweep> {
    return sweep(this.#core);
  }

  // Where a game is shown (channels.ts).
  threadOpened(...a: Args<typeof channels.threadOpened>) { return channels.threadOpened(this.#core, ...a); }
  threadRefused(...a: Args<typeof channels.threadRefused>) { return channels.threadRefused(this.#core, ...a); }
  setBoardMessage(...a: Args<typeof channels.setBoardMessage>) { return channels.setBoardMessage(this.#core, ...a); }
  repostBoard(...a: Args<typeof channels.repostBoard>) { return channels.repostBoard(this.#core, ...a); }
  repostFinalBoard(...a: Args<typeof channels.repostFinalBoard>) { return channels.repostFinalBoard(this.#core, ...a); }

  // Reading a loaded game (queries.ts).
  seatOf(game: Snapshot, userId: string): SeatRow | undefined { return queries.seatOf(game, userId); }
  playingSeats(game: Snapshot): SeatRow[] { return queries.playingSeats(game); }
  activeSeats(game: ActiveSnapshot): readonly Seat[] { return queries.activeSeats(game); }
  legalActions(game: ActiveSnapshot, seat: Seat): readonly unknown[] { return queries.legalActions(game, seat); }
  optionDetails(game: ActiveSnapshot, seat: Seat, actions?: readonly unknown[]): readonly (readonly Message[])[] { return queries.optionDetails(game, seat, actions); }
  compounds(game: ActiveSnapshot, seat: Seat, legal?: readonly unknown[]): unknown[][] { return queries.compounds(game, seat, legal); }
  compoundSteps(game: ActiveSnapshot, seat: Seat, steps: readonly unknown[]): queries.CompoundStepInfo[] { return queries.compoundSteps(game, seat, steps); }
  decisionNotes(game: ActiveSnapshot, seat: Seat): readonly Message[] { return queries.decisionNotes(game, seat); }
  isOver(game: ActiveSnapshot): boolean { return queries.isOver(game); }
  standings(game: ActiveSnapshot): readonly Standing[] { return queries.standings(game); }
  publicView(game: ActiveSnapshot): unknown { return queries.publicView(game); }
  seatView(game: ActiveSnapshot, seat: Seat): unknown { return queries.seatView(game, seat); }
  effectiveLog(game: Snapshot): Promise<EffectiveEntry[]> { return queries.effectiveLogOf(this.#core, game); }
  recentEffective(game: Snapshot, count: number): Promise<EffectiveEntry[]> { return queries.recentEffective(this.#core, game, count); }
  canUndo(game: ActiveSnapshot, seat: Seat, log?: readonly EffectiveEntry[]): Promise<boolean> { return queries.canUndo(this.#core, game, seat, log); }
  compoundUndoSteps(game: ActiveSnapshot, seat: Seat, log?: readonly EffectiveEntry[]): Promise<number> { return queries.compoundUndoSteps(this.#core, game, seat, log); }

  // The lobby (lobby.ts).
  createLobby(...a: Args<typeof lobby.createLobby>) { return lobby.createLobby(this.#core, ...a); }
  join(...a: Args<typeof lobby.join>) { return lobby.join(this.#core, ...a); }
  leaveLobby(...a: Args<typeof lobby.leaveLobby>) { return lobby.leaveLobby(this.#core, ...a); }
  cancelLobby(...a: Args<typeof lobby.cancelLobby>) { return lobby.cancelLobby(this.#core, ...a); }
  addComputer(...a: Args<typeof lobby.addComputer>) { return lobby.addComputer(this.#core, ...a); }
  removeComputer(...a: Args<typeof lobby.removeComputer>) { return lobby.removeComputer(this.#core, ...a); }
  start(...a: Args<typeof lobby.start>) { return lobby.start(this.#core, ...a); }
  // A learning game against computer players, started at once (learn.ts).
  startLearnGame(...a: Args<typeof learn.startLearnGame>) { return learn.startLearnGame(this.#core, ...a); }

  // Playing (turns.ts).
  act(...a: Args<typeof turns.act>) { return turns.act(this.#core, ...a); }
  undo(...a: Args<typeof turns.undo>) { return turns.undo(this.#core, ...a); }

  // Leaving and ending early (leaving.ts).
  leave(...a: Args<typeof leaving.leave>) { return leaving.leave(this.#core, ...a); }
  leaveConsequence(...a: Parameters<typeof leaving.leaveConsequence>) { return leaving.leaveConsequence(...a); }
  abandon(...a: Args<typeof leaving.abandon>) { return leaving.abandon(this.#core, ...a); }

  // Seats a computer plays (computer-seats.ts); its move and a seat taken back (stand-ins.ts).
  computerSeatsToPlay(...a: Parameters<typeof computerSeats.computerSeatsToPlay>) { return computerSeats.computerSeatsToPlay(...a); }
  computerSeatsOwed(...a: Args<typeof computerSeats.computerSeatsOwed>) { return computerSeats.computerSeatsOwed(this.#core, ...a); }
  seatsWaitingForOwner(...a: Args<typeof computerSeats.seatsWaitingForOwner>) { return computerSeats.seatsWaitingForOwner(this.#core, ...a); }
  computerLevelOf(...a: Parameters<typeof computerSeats.computerLevelOf>) { return computerSeats.computerLevelOf(...a); }
  computerAct(...a: Args<typeof standIns.computerAct>) { return standIns.computerAct(this.#core, ...a); }
  reclaim(...a: Args<typeof standIns.reclaim>) { return standIns.reclaim(this.#core, ...a); }

  // Timers: snooze, the game's settings (timers.ts); the due jobs by kind (due-jobs.ts, jobs/).
  updateSettings(...a: Args<typeof timers.updateSettings>) { return timers.updateSettings(this.#core, ...a); }
  idleSince(...a: Args<typeof timers.idleSince>) { return timers.idleSince(this.#core, ...a); }
  runDueJobs() { return dueJobs.runDueJobs(this.#core); }
  dueComputerTurns() { return computerTurnJob.dueComputerTurns(this.#core); }
  settleComputerTurn(...a: Args<typeof computerTurnJob.settleComputerTurn>) { return computerTurnJob.settleComputerTurn(this.#core, ...a); }
  snooze(...a: Args<typeof timers.snooze>) { return timers.snooze(this.#core, ...a); }

  // The time banks of a game with a clock (time-bank.ts).
  banksNow(...a: Args<typeof timeBank.banksNow>) { return timeBank.banksNow(this.#core, ...a); }

  // The idle vote (votes.ts).
  vote(...a: Args<typeof votes.vote>) { return votes.vote(this.#core, ...a); }
  voteTally(...a: Args<typeof votes.voteTally>) { return votes.voteTally(this.#core, ...a); }

  // How players want to hear from a game (notify.ts).
  notifySettings(userId: string): Promise<NotifySettings> { return notify.notifySettings(this.#core, userId); }
  notifyOfUsers(userIds: readonly string[]): Promise<Map<string, NotifySettings>> { return notify.notifyOf(this.#core, userIds); }
  awaySeats(...a: Args<typeof notify.awaySeats>) { return notify.awaySeats(this.#core, ...a); }
  updateNotify(...a: Args<typeof notifyChange.updateNotify>) { return notifyChange.updateNotify(this.#core, ...a); }
  playerSeen(...a: Args<typeof notify.playerSeen>) { return notify.playerSeen(this.#core, ...a); }
  dmRefused(...a: Args<typeof notify.dmRefused>) { return notify.dmRefused(this.#core, ...a); }
  takeDmFailed(...a: Args<typeof notify.takeDmFailed>) { return notify.takeDmFailed(this.#core, ...a); }

  // Many tables in one channel (tables.ts).
  gameOfThread(...a: Args<typeof tables.gameOfThread>) { return tables.gameOfThread(this.#core, ...a); }
  runningInChannel(...a: Args<typeof tables.runningInChannel>) { return tables.runningInChannel(this.#core, ...a); }
  gameRow(...a: Args<typeof tables.gameRow>) { return tables.gameRow(this.#core, ...a); }
  gamePlace(...a: Args<typeof tables.gamePlace>) { return tables.gamePlace(this.#core, ...a); }
  tables(...a: Args<typeof tables.tables>) { return tables.tables(this.#core, ...a); }
  waitingFor(...a: Args<typeof tables.waitingFor>) { return tables.waitingFor(this.#core, ...a); }
  threadGone(...a: Args<typeof tables.threadGone>) { return tables.threadGone(this.#core, ...a); }

  // After the end (finished.ts).
  rematch(...a: Args<typeof finished.rematch>) { return finished.rematch(this.#core, ...a); }
  scoreHistory(...a: Args<typeof finished.scoreHistory>) { return finished.scoreHistory(this.#core, ...a); }
  history(...a: Args<typeof finished.history>) { return finished.history(this.#core, ...a); }
  finalResult(...a: Args<typeof finished.finalResult>) { return finished.finalResult(this.#core, ...a); }
  playerStats(...a: Args<typeof finished.playerStats>) { return finished.playerStats(this.#core, ...a); }
  leaderboard(...a: Args<typeof finished.leaderboard>) { return finished.leaderboard(this.#core, ...a); }

  // Skill ratings (ratings.ts) and following a game (follow.ts).
  playerRatings(...a: Args<typeof ratings.playerRatings>) { return ratings.playerRatings(this.#core, ...a); }
  ratingLeaderboard(...a: Args<typeof ratings.ratingLeaderboard>) { return ratings.ratingLeaderboard(this.#core, ...a); }
  follow(...a: Args<typeof follow.follow>) { return follow.follow(this.#core, ...a); }
  unfollow(...a: Args<typeof follow.unfollow>) { return follow.unfollow(this.#core, ...a); }
  followersOf(...a: Args<typeof follow.followersOf>) { return follow.followersOf(this.#core, ...a); }
}
