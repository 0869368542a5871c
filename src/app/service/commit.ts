/**
 * Every change to a running game ends here: the actions applied by the engine (and seats leaving or handed
 * to a computer), then one transaction that checks the version the caller saw and writes the state, the
 * log entries, the seats and a snapshot now and then; what follows from the change (the next turn's jobs,
 * the results of a finished game, the board the channel is owed) is written in the same transaction by the
 * consequences the core was given (consequences/), which this file does not know.
 */
import { step, type GameEvent, type Seat } from '../../engine/index.js';
import type { NewAction } from '../../persistence/game-repository.js';
import { StaleVersionError } from '../../persistence/statements.js';
import type { GameRow, SeatRow } from '../../persistence/schema.js';
import type { NewResult } from '../../persistence/stats-repository.js';
import { markCompound, markComputer, markForced, readLogAction, REMOVE_SEAT, type CompoundMark, type EffectiveEntry } from '../log.js';
import { turnMarkerOf } from '../module.js';
import type { BoardNote } from '../outbox.js';
import { RECENT_LOG_ENTRIES, type BoardsTold, type CommitChange, type GameCore, type OwedBoard } from './core.js';
import { playForcedAnswers } from './forced.js';
import { activeSeats } from './queries.js';
import { concessionOf, parseLevel } from './seat-identity.js';
import { refuse, type ActiveSnapshot, type Outcome, type Result } from './types.js';

/** A snapshot of the state is kept after a checkpoint at least this many log entries after the last one. */
const SNAPSHOT_EVERY = 64;

/** A value that only JSON can carry, exactly as a button or the database delivers it. */
export function wire(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/**
 * Applies `moves` and commits. `leaving` marks seats as left and `handOver` gives seats to a computer
 * player, in the same transaction. Seats played by a computer are not played here: the computer turns
 * (computer-turns.ts) decide them one by one after the commit, off the event loop.
 */
export async function commit(
  core: GameCore,
  game: ActiveSnapshot,
  /**
   * `compound`: the move is a step of a compound choice (kept in its log entry, for undoing it whole);
   * `byComputer`: a computer player made it (kept in its log entry, for the log and the turn summaries).
   */
  moves: readonly { seat: Seat; action: unknown; compound?: CompoundMark; byComputer?: boolean; fallback?: boolean }[],
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
  let current = { state: game.state, version: 0 };
  const entries: NewAction[] = [];
  const push = (seat: Seat, action: unknown, compound: CompoundMark | undefined, byComputer: boolean, fallback = false): void => {
    const result = step(def, current, { seat, action });
    if (!result.ok) throw new Error(`game ${game.row.id}: ${result.code} for seat ${seat}: ${result.detail}`);
    current = result.next;
    const stored = compound === undefined ? action : markCompound(action, compound);
    entries.push({ seat, kind: 'action', action: byComputer ? markComputer(stored, fallback) : stored, events: result.events, checkpoint: result.checkpoint });
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
  for (const move of moves) push(move.seat, move.action, move.compound, move.byComputer === true, move.fallback === true);
  // A decision the rules answer alone (a pass that cannot be avoided) is played now and pings nobody.
  const forced = await playForcedAnswers(core, game, current.state, new Set(moves.map((m) => m.seat)), ({ seat, action, reason }) => {
    push(seat, wire(action), undefined, false);
    const entry = entries[entries.length - 1] as NewAction;
    entries[entries.length - 1] = { ...entry, action: markForced(entry.action), events: [reason, ...(entry.events as GameEvent[]).slice(1)] };
    return current.state;
  });
  // A game of only computer players is not played: when the last present human leaves, it ends, won by
  // concession only by a present human (concessionOf).
  const table = opts.leaving !== undefined && !def.isOver(current.state) ? concessionOf(game.seats, opts.leaving, def.players.min) : null;
  const concession = table?.ends === true;
  const finished = concession || def.isOver(current.state);
  const concededTo = table?.winner ?? null;
  const notes = opts.notes?.(entries, finished) ?? [];
  // A seat that left is played by a computer from now on (unless the rules took it out).
  const toComputer = [...(opts.handOver ?? []), ...(opts.leaving ?? []).filter((seat) => !removed.has(seat))];
  return save(core, game, {
    state: current.state,
    entries,
    status: finished ? 'finished' : 'active',
    leaving: opts.leaving ?? [],
    concededTo,
    notes,
    toComputer,
    byVote: opts.byVote === true,
    forced,
  });
}

/** What one commit writes: the new state and log entries, and what happened to the seats. */
export interface SaveChange {
  readonly state: unknown;
  readonly entries: readonly NewAction[];
  readonly status: 'active' | 'finished';
  /** Seats that left (marked as left in the same transaction). */
  readonly leaving?: readonly Seat[];
  /** The seat the others conceded to (a game that ended by concession), else null. */
  readonly concededTo?: Seat | null;
  readonly notes?: readonly BoardNote[];
  /** Seats a computer plays from now on. */
  readonly toComputer?: readonly Seat[];
  /** Seats their owners take back from the computer that played them (at the table again). */
  readonly takenBack?: readonly Seat[];
  /** The `leaving` seats were removed by the others' vote. */
  readonly byVote?: boolean;
  /** Seats that pass to another human (a substitute from the bench, or their owner given them back): see bench.ts. */
  readonly handedOn?: readonly { readonly seat: Seat; readonly userId: string; readonly displayName: string }[];
  /** Seats whose forced answers this change played: their entries belong to the turn's summary. */
  readonly forced?: readonly Seat[];
}

export async function save(
  core: GameCore,
  game: ActiveSnapshot,
  change: SaveChange,
): Promise<Result<{ outcome: Outcome }>> {
  const { state, entries, status, leaving = [], concededTo = null, notes = [], toComputer = [], takenBack = [], byVote = false, forced = [], handedOn = [] } = change;
  const json = JSON.stringify(state);
  const markerBefore = turnMarkerOf(game.module, game.state);
  const activeBefore = [...activeSeats(game), ...forced];
  const id = game.row.id;
  // The log's end (and newest snapshot) is known when this process wrote or replayed the version the move is
  // saved at: neither is read again.
  const logEnd = core.logEnds.get(id);
  const known = logEnd?.version === game.row.version ? logEnd : undefined;
  const toldBefore = core.boardsTold.get(id);
  const after = await core.tx(async () => {
    // The version check waits for no answer: a stale version fails the whole transaction (caught below).
    const saved = await core.repo.saveMove(id, game.row.version, { state: json, status }, entries, known?.sequence);
    for (const seat of leaving) await core.repo.markSeatLeft(id, seat, saved.updatedAt, byVote);
    const level = parseLevel(game.row.computerLevel);
    for (const seat of toComputer) await core.repo.setSeatComputer(id, seat, level);
    for (const seat of takenBack) await core.repo.reclaimSeat(id, seat);
    for (const { seat, ...next } of handedOn) await core.repo.handOnSeat(id, seat, saved.version, next);
    // What was just written is known: no reading it back.
    const row: GameRow = { ...game.row, state: json, status, version: saved.version, updatedAt: saved.updatedAt };
    const seats =
      leaving.length === 0 && toComputer.length === 0 && takenBack.length === 0 && handedOn.length === 0
        ? game.seats
        : game.seats.map((s) => ({
            ...s,
            ...(leaving.includes(s.seat) && s.leftAt === null ? { leftAt: saved.updatedAt, ...(byVote ? { removedAt: saved.updatedAt } : {}) } : {}),
            ...(toComputer.includes(s.seat) ? { computer: level } : {}),
            ...(takenBack.includes(s.seat) ? { computer: null, leftAt: null } : {}),
            ...handedOnTo(handedOn, s.seat),
          }));
    const snapshot: ActiveSnapshot = { ...game, row, seats, state };
    const appended = appendedEntries(entries, saved.firstSequence);
    const newestSnapshot = await keepSnapshot(core, id, entries, saved.firstSequence, json, known?.snapshot);
    const markerAfter = status === 'finished' ? 'finished' : turnMarkerOf(game.module, snapshot.state);
    // What follows from the change (the next turn's jobs, the results and ratings of a finished game, the
    // board the channel is owed) is written in this transaction by the core's consequences, in their order.
    const change: CommitChange = {
      before: game,
      after: snapshot,
      markerBefore,
      markerAfter,
      results: status === 'finished' ? finalResults(snapshot, concededTo) : null,
      savedAt: saved.updatedAt,
      activeBefore,
      appended,
      notes,
      concededTo,
    };
    const { board } = await core.followCommit(change);
    const lastSequence = saved.firstSequence === null ? undefined : saved.firstSequence + entries.length - 1;
    return { snapshot, markerAfter, board, appended, lastSequence, newestSnapshot };
  }).catch((error: unknown) => {
    if (error instanceof StaleVersionError) return null;
    throw error;
  });
  if (after === null) return refuse('stale', { currentVersion: (await core.repo.findById(id))?.version ?? -1 });
  core.verified.set(id, after.snapshot.row.version);
  core.wrote(id, json, status);
  const sequence = after.lastSequence ?? known?.sequence;
  if (sequence === undefined) core.logEnds.delete(id);
  else core.logEnds.set(id, { version: after.snapshot.row.version, sequence, snapshot: after.newestSnapshot });
  keepBoardsTold(core, id, toldBefore?.version === game.row.version ? toldBefore : undefined, after.snapshot.row.version, status === 'active' && entries.every((e) => e.kind === 'action') ? after.appended : null, after.board);
  keepRecentLog(core, id, game.row.version, after.snapshot.row.version, status === 'active' && entries.every((e) => e.kind === 'action') ? after.appended : null);
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
      summary: turnEnded ? (after.board?.summary ?? []) : [],
      boardDelivery: after.board?.delivery ?? null,
      boardPicture: after.board?.picture ?? false,
    },
  };
}

/** The seat row's change when the seat passes to another human (nothing for a seat that does not). */
function handedOnTo(handedOn: NonNullable<SaveChange['handedOn']>, seat: Seat): Partial<SeatRow> {
  const next = handedOn.find((h) => h.seat === seat);
  return next === undefined ? {} : { userId: next.userId, displayName: next.displayName, computer: null, leftAt: null, removedAt: null };
}

/** The turn since the last board is not kept past this many entries (the summary tells fewer). */
const TOLD_TURN_ENTRIES = 800;

/**
 * What the boards told after a commit at `version`, for the next turn's end (GameCore.boardsTold): a board
 * that told the commit's entries leaves none after it; without a board, the commit's entries join the
 * turn known before it. Forgotten when neither is known, the game is over, or the commit undid entries
 * (`appended` null).
 */
function keepBoardsTold(core: GameCore, id: number, before: BoardsTold | undefined, version: number, appended: readonly EffectiveEntry[] | null, board: OwedBoard | undefined): void {
  core.boardsTold.delete(id);
  if (appended === null) return;
  if (board !== undefined) {
    const last = appended.at(-1);
    if (last !== undefined && board.told.upTo === last.sequence) core.boardsTold.set(id, { version, ...board.told, turn: [] });
    return;
  }
  if (before === undefined || before.turn.length + appended.length > TOLD_TURN_ENTRIES) return;
  core.boardsTold.set(id, { ...before, version, turn: [...before.turn, ...appended] });
}

/**
 * The newest entries after a commit from `before` to `version`: the commit's entries after those known at
 * `before`. Forgotten when those were not known, the game is over, or the commit undid entries (`appended` null).
 */
function keepRecentLog(core: GameCore, id: number, before: number, version: number, appended: readonly EffectiveEntry[] | null): void {
  const known = core.recentLogs.get(id);
  core.recentLogs.delete(id);
  if (appended === null || known?.version !== before) return;
  const entries = [...known.entries, ...appended];
  core.recentLogs.set(id, { version, entries: entries.slice(-RECENT_LOG_ENTRIES), whole: known.whole && entries.length <= RECENT_LOG_ENTRIES });
}

/**
 * Keeps a snapshot after a checkpoint at least SNAPSHOT_EVERY entries after the newest one. `known`: the
 * newest snapshot's sequence (0: none), when this process wrote the version the move was saved at (no other
 * writer came between), else it is read. Answers the newest snapshot's sequence after the move, or
 * undefined when it was neither known nor needed.
 */
async function keepSnapshot(core: GameCore, gameId: number, entries: readonly NewAction[], firstSequence: number | null, json: string, known: number | undefined): Promise<number | undefined> {
  const last = entries.at(-1);
  if (firstSequence === null || last === undefined || last.kind !== 'action' || !last.checkpoint) return known;
  const sequence = firstSequence + entries.length - 1;
  const previous = known ?? (await core.repo.latestSnapshotSequence(gameId)) ?? 0;
  if (sequence - previous < SNAPSHOT_EVERY) return previous;
  await core.repo.saveSnapshot(gameId, sequence, json);
  return sequence;
}

/**
 * Every seat's final place, decided once here and stored: the rules' standings; or, when the game ended
 * by concession, its winner (a present human, see concessionOf) first and every other seat second. A game
 * that ended with no present human at the table has no winner: every seat is second. Where someone won, those
 * who left place behind everyone still at the table, tied among themselves (leaving is losing), so the final
 * board, the statistics and the ratings read one order.
 */
function finalResults(game: ActiveSnapshot, concededTo: Seat | null): NewResult[] {
  const left = new Set(game.seats.filter((s) => s.leftAt !== null).map((s) => s.seat));
  const def = game.module.definition;
  const ranks = new Map<Seat, number>();
  if (concededTo === null && def.isOver(game.state)) for (const standing of def.standings(game.state)) ranks.set(standing.seat, standing.rank);
  else for (const seat of game.seats) ranks.set(seat.seat, seat.seat === concededTo ? 1 : 2);
  const rankOf = (seat: Seat): number => ranks.get(seat) ?? game.seats.length;
  const stayed = game.seats.filter((s) => !left.has(s.seat));
  // Nobody won (no present human was left): every seat is second, whoever left (the ratings still place the leavers behind).
  const noWinner = concededTo === null && !def.isOver(game.state);
  const place = (seat: Seat): number => {
    if (noWinner || stayed.length === 0) return rankOf(seat);
    if (left.has(seat)) return 1 + stayed.length;
    return 1 + stayed.filter((s) => rankOf(s.seat) < rankOf(seat)).length;
  };
  return game.seats.map((s) => ({ seat: s.seat, userId: s.userId, rank: place(s.seat), left: left.has(s.seat) }));
}

/** The action entries a commit appended, as the effective log shows them (sequences from the write). */
function appendedEntries(entries: readonly NewAction[], firstSequence: number | null): EffectiveEntry[] {
  if (firstSequence === null) return [];
  const out: EffectiveEntry[] = [];
  entries.forEach((entry, index) => {
    if (entry.kind !== 'action') return;
    out.push({ sequence: firstSequence + index, seat: entry.seat, ...readLogAction(entry.action), events: entry.events as GameEvent[], checkpoint: entry.checkpoint });
  });
  return out;
}
