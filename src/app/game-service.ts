/**
 * The game service: the only place where the engine, the store, the locks and the scheduler meet.
 * Every method that changes a game runs inside one transaction of the store (state, seats, log entries,
 * scheduled jobs and the outbox together; the SQLite file or PostgreSQL, see src/persistence/store.ts)
 * and checks the version the caller saw, so a stale or repeated click changes nothing. Inside a
 * transaction the service computes and calls the store, and awaits nothing else. Rendering and posting
 * happen afterwards, in the Discord layer, under the same per-game lock (`lockedGame`).
 *
 * This is the service's one face (createGameService); each concern is a module of its own under service/, over a
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
import type { GameEvent } from '../engine/index.js';
import type { FinishedGame, PlayerStats, StoredResult, Winner } from '../persistence/stats-repository.js';
import type { GameRow, SeatRow } from '../persistence/schema.js';
import type { AnalysisStore } from '../persistence/store.js';
import type { ModuleRegistry } from './module.js';
import type { Outbox } from './outbox.js';
import * as bench from './service/bench.js';
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
import * as vacation from './service/vacation.js';
import * as votes from './service/votes.js';
import type { Result, Snapshot } from './service/types.js';

export { DamagedGameError, type GameServiceDeps } from './service/core.js';
export { JOB_KINDS } from './service/scheduled-jobs.js';
export { COMPUTER_LEVELS, computerName, isComputerPlayed, isComputerSeatId, movesAsTold, parseLevel, type Level } from './service/seat-identity.js';
export type { TableEntry, WaitingGame } from './service/tables.js';
export type { Bench, SeatHolder } from './service/bench.js';
export type { ActiveSnapshot, LeaveConsequence, LobbySnapshot, Outcome, PlayerRef, Refusal, RefusalCode, Result, Snapshot, TurnTimers } from './service/types.js';
export type { VoteChoice, VoteResult, VoteTally } from './service/votes.js';
export type { FinishedGame, GameEvent, GameRow, PlayerStats, SeatRow, StoredResult, Winner };

/**
 * The use cases that run on the core, by the name the service shows them under: each is bound to the core
 * once (`onCore`), so a new use case is one line here and its module.
 */
const USE_CASES = {
  // Loading: a damaged game is a refusal naming its id and channel (core.ts); the start-up check (sweep.ts).
  sweep,
  // Where a game is shown (channels.ts).
  threadOpened: channels.threadOpened,
  threadRefused: channels.threadRefused,
  setBoardMessage: channels.setBoardMessage,
  repostBoard: channels.repostBoard,
  repostFinalBoard: channels.repostFinalBoard,
  // Reading a game's log (queries.ts).
  effectiveLog: queries.effectiveLogOf,
  recentEffective: queries.recentEffective,
  sinceLastDecision: queries.sinceLastDecision,
  canUndo: queries.canUndo,
  compoundUndoSteps: queries.compoundUndoSteps,
  // The lobby (lobby.ts); a learning game against computer players, started at once (learn.ts).
  createLobby: lobby.createLobby,
  join: lobby.join,
  leaveLobby: lobby.leaveLobby,
  cancelLobby: lobby.cancelLobby,
  addComputer: lobby.addComputer,
  removeComputer: lobby.removeComputer,
  start: lobby.start,
  startLearnGame: learn.startLearnGame,
  // Playing (turns.ts).
  act: turns.act,
  undo: turns.undo,
  // Leaving and ending early (leaving.ts).
  leave: leaving.leave,
  abandon: leaving.abandon,
  // Seats a computer plays (computer-seats.ts); its move and a seat taken back (stand-ins.ts).
  computerSeatsOwed: computerSeats.computerSeatsOwed,
  seatsWaitingForOwner: computerSeats.seatsWaitingForOwner,
  computerAct: standIns.computerAct,
  reclaim: standIns.reclaim,
  // The substitute bench: a server's bench, a seat taken from it, its owner asking it back (bench.ts).
  benchOf: bench.benchOf,
  setBench: bench.setBench,
  seatHolders: bench.seatHolders,
  takeSeat: bench.takeSeat,
  seatGivenAway: bench.seatGivenAway,
  askSeatBack: bench.askSeatBack,
  answerSeatBack: bench.answerSeatBack,
  // Timers: snooze, the game's settings (timers.ts); the due jobs by kind (due-jobs.ts, jobs/).
  updateSettings: timers.updateSettings,
  idleSince: timers.idleSince,
  snooze: timers.snooze,
  runDueJobs: dueJobs.runDueJobs,
  dueComputerTurns: computerTurnJob.dueComputerTurns,
  settleComputerTurn: computerTurnJob.settleComputerTurn,
  // The time banks of a game with a clock (time-bank.ts).
  banksNow: timeBank.banksNow,
  // The idle vote (votes.ts).
  vote: votes.vote,
  voteTally: votes.voteTally,
  // How players want to hear from a game (notify.ts; notify-change.ts: /game notify).
  notifySettings: notify.notifySettings,
  notifyOfUsers: notify.notifyOf,
  notifyOfPlayers: notify.notifyOfPlayers,
  awaySeats: notify.awaySeats,
  playerSeen: notify.playerSeen,
  dmRefused: notify.dmRefused,
  takeDmFailed: notify.takeDmFailed,
  updateNotify: notifyChange.updateNotify,
  // The vacation budget: a server's days a year, and who is on vacation (vacation.ts).
  vacationDays: vacation.vacationDays,
  setVacationDays: vacation.setVacationDays,
  vacationsOn: vacation.vacationsOn,
  // Many tables in one channel (tables.ts).
  gameOfThread: tables.gameOfThread,
  runningInChannel: tables.runningInChannel,
  gameRow: tables.gameRow,
  gamePlace: tables.gamePlace,
  tables: tables.tables,
  waitingFor: tables.waitingFor,
  threadGone: tables.threadGone,
  // After the end (finished.ts).
  rematch: finished.rematch,
  scoreHistory: finished.scoreHistory,
  history: finished.history,
  finalResult: finished.finalResult,
  serverResults: finished.serverResults,
  playerStats: finished.playerStats,
  leaderboard: finished.leaderboard,
  // Skill ratings (ratings.ts) and following a game (follow.ts).
  playerRatings: ratings.playerRatings,
  ratingLeaderboard: ratings.ratingLeaderboard,
  follow: follow.follow,
  unfollow: follow.unfollow,
  followersOf: follow.followersOf,
};

/** Reading a loaded game, and the policies that need no core (queries.ts, leaving.ts, computer-seats.ts). */
const READS = {
  seatOf: queries.seatOf,
  playingSeats: queries.playingSeats,
  activeSeats: queries.activeSeats,
  legalActions: queries.legalActions,
  optionDetails: queries.optionDetails,
  compounds: queries.compounds,
  compoundSteps: queries.compoundSteps,
  decisionNotes: queries.decisionNotes,
  isOver: queries.isOver,
  standings: queries.standings,
  publicView: queries.publicView,
  seatView: queries.seatView,
  leaveConsequence: leaving.leaveConsequence,
  computerSeatsToPlay: computerSeats.computerSeatsToPlay,
  computerLevelOf: computerSeats.computerLevelOf,
};

/** A use case with its core bound: the parameters after the core, the same result. */
type OnCore<T> = { readonly [K in keyof T]: T[K] extends (core: GameCore, ...args: infer A) => infer R ? (...args: A) => R : never };

function onCore<T extends Record<string, (core: GameCore, ...args: never[]) => unknown>>(core: GameCore, useCases: T): OnCore<T> {
  const bound: Record<string, unknown> = {};
  for (const [name, useCase] of Object.entries(useCases)) bound[name] = (...args: never[]) => useCase(core, ...args);
  return bound as OnCore<T>;
}

/** What the service holds besides its use cases: the core's stores and locks, and the outage log. */
interface ServiceBase {
  readonly repo: GameCore['repo'];
  readonly outbox: Outbox;
  readonly damage: GameCore['damage'];
  readonly stats: GameCore['stats'];
  readonly players: GameCore['players'];
  /** Finished games' analyses (src/app/analysis/). */
  readonly analyses: AnalysisStore;
  readonly modules: ModuleRegistry;
  /** A database that cannot be reached, logged once per outage (router, deliverer and scheduler report to it). */
  readonly outage: DatabaseOutage;
  now(): number;
  /** Serialises everything that happens to one game (apply, render, post); see core.ts. */
  lockedGame<T>(gameId: number, task: () => Promise<T> | T): Promise<T>;
  /** Serialises the opening of new games in a channel; see core.ts. */
  lockedChannel<T>(channelId: string, task: () => Promise<T> | T): Promise<T>;
  // Loading (core.ts): a damaged game is a refusal naming its id and channel.
  byChannel(channelId: string): Promise<Result<{ game: Snapshot }>>;
  byChannelOrFinished(channelId: string): Promise<Result<{ game: Snapshot; finished: boolean }>>;
  runningRow(channelId: string): Promise<GameRow | undefined>;
  byId(gameId: number): Promise<Result<{ game: Snapshot }>>;
  load(row: GameRow): Promise<Snapshot>;
}

export type GameService = ServiceBase & OnCore<typeof USE_CASES> & typeof READS;

/** The game service over a store: the core with the consequences of a commit, and every use case bound to it. */
export function createGameService(deps: GameServiceDeps): GameService {
  const core = new GameCore(deps, COMMIT_CONSEQUENCES);
  const base: ServiceBase = {
    repo: core.repo,
    outbox: core.outbox,
    damage: core.damage,
    stats: core.stats,
    players: core.players,
    analyses: deps.store.analyses,
    modules: core.modules,
    outage: new DatabaseOutage(deps.logger, () => deps.clock.now()),
    now: () => core.now(),
    lockedGame: (gameId, task) => core.lockedGame(gameId, task),
    lockedChannel: (channelId, task) => core.lockedChannel(channelId, task),
    byChannel: (channelId) => core.byChannel(channelId),
    byChannelOrFinished: (channelId) => core.byChannelOrFinished(channelId),
    runningRow: (channelId) => core.runningRow(channelId),
    byId: (gameId) => core.byId(gameId),
    load: (row) => core.load(row),
  };
  return { ...base, ...onCore(core, USE_CASES), ...READS };
}
