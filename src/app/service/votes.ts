/**
 * The idle vote: when a turn has waited the idle time, the other players vote to hand the idle seat to a
 * computer player ('skip') or to remove its player ('kick'); a strict majority of the other human
 * players still in the game decides (`votersOn`), and the change is committed at once (see leaving.ts for
 * what removal does). Where nobody could vote, no vote opens: the game waits (jobs/idle.ts).
 */
import type { Seat } from '../../engine/index.js';
import { turnMarkerOf } from '../module.js';
import { commit } from './commit.js';
import type { GameCore } from './core.js';
import { jobOf, JOB_KINDS, sinceOf } from './scheduled-jobs.js';
import { removeSeat } from './leaving.js';
import { notifyOfSeats } from './notify.js';
import type { SeatRow } from '../../persistence/schema.js';
import { seatOf } from './queries.js';
import { isComputerSeatId } from './seat-identity.js';
import { refuse, type ActiveSnapshot, type Outcome, type Refusal, type Snapshot } from './types.js';

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

/**
 * Who may vote about an idle seat: the other human players still in the game (one a computer plays for
 * between turns still has their say). A computer player has no vote and is not counted.
 */
export function votersOn(game: Snapshot, seat: Seat): SeatRow[] {
  return game.seats.filter((s) => s.seat !== seat && s.leftAt === null && !isComputerSeatId(s.userId));
}

/** A vote on an idle seat: strict majority of the other players who may vote (`votersOn`). */
export function vote(core: GameCore, gameId: number, userId: string, seat: Seat, choice: VoteChoice): Promise<VoteResult> {
  // The ballot is read and counted together: a vote or a job run in between is not lost.
  return core.tx(async () => {
    const loaded = await core.active(gameId);
    if (!loaded.ok) return loaded;
    const game = loaded.game;
    const found = await jobOf(core, gameId, JOB_KINDS.vote);
    const job = found?.job;
    const payload = found === undefined ? undefined : { marker: found.payload.marker, seats: found.payload.seats, votes: found.payload.votes ?? {}, since: sinceOf(found.job, found.payload, game.row) };
    if (job === undefined || payload === undefined || payload.marker !== turnMarkerOf(game.module, game.state) || !payload.seats.includes(seat)) {
      return refuse('vote_closed', {});
    }
    const voter = seatOf(game, userId);
    if (voter === undefined || voter.leftAt !== null) return refuse('not_a_player', {});
    if (voter.seat === seat) return refuse('cannot_vote', {});
    const eligible = votersOn(game, seat);
    const awayUntil = (await notifyOfSeats(core, game, [seat])).get(seat)?.awayUntil ?? null;
    if (awayUntil !== null && awayUntil > core.now()) return refuse('player_away', { until: awayUntil });
    const needed = Math.floor(eligible.length / 2) + 1;
    const ballot = payload.votes[String(seat)] ?? { skip: [], kick: [] };
    const other: VoteChoice = choice === 'skip' ? 'kick' : 'skip';
    const updated = {
      [choice]: [...new Set([...ballot[choice], userId])],
      [other]: ballot[other].filter((u) => u !== userId),
    } as { skip: string[]; kick: string[] };
    const tally: VoteTally = { ...updated, needed };
    if (updated[choice].length < needed) {
      await core.repo.rescheduleJob({ kind: JOB_KINDS.vote, gameId, dueAt: job.dueAt, payload: { ...payload, votes: { ...payload.votes, [String(seat)]: updated } } });
      return { ok: true, passed: null, seat, tally, game };
    }
    const result =
      choice === 'skip' ? await commit(core, game, [], { handOver: [seat], notes: () => [{ kind: 'handedToComputer', seat }] }) : await removeSeat(core, game, seat, 'removed');
    if (!result.ok) return result;
    return { ok: true, passed: choice, seat, tally, outcome: result.outcome };
  });
}

/** The open idle vote's tally for a seat (for re-rendering the vote message). */
export async function voteTally(core: GameCore, game: ActiveSnapshot, seat: Seat): Promise<VoteTally | null> {
  const found = await jobOf(core, game.row.id, JOB_KINDS.vote);
  const payload = found === undefined ? undefined : { seats: found.payload.seats, votes: found.payload.votes ?? {} };
  if (payload === undefined || !payload.seats.includes(seat)) return null;
  const ballot = payload.votes[String(seat)] ?? { skip: [], kick: [] };
  const eligible = votersOn(game, seat).length;
  return { ...ballot, needed: Math.floor(eligible / 2) + 1 };
}

