/**
 * The computer-turn job: a computer player owes a decision. Kept in step with the game by every change; when
 * it comes due the turn stalled (a failure, a restart), and the computer turns (computer-turns.ts) play it
 * under the game's lock, not the scheduler's pass over the other jobs.
 */
import type { Seat } from '../../../engine/index.js';
import { turnMarkerOf } from '../../module.js';
import { computerSeatsOwed, computerSeatsToPlay } from '../computer-seats.js';
import type { GameCore } from '../core.js';
import { JOB_KINDS, type IdlePayload, type JobHandler, type JobTouched } from '../scheduled-jobs.js';
import type { ActiveSnapshot } from '../types.js';

/** Played by the computer turns (dueComputerTurns), under the game's lock: no `run` of its own. */
export const computerTurnJob: JobHandler = { kind: JOB_KINDS.computer };

/** After a stall this long, an owed computer turn is played by the scheduler. */
export const COMPUTER_TURN_GRACE_MS = 60_000;

/**
 * The seats a computer plays that decide now (computerSeatsToPlay): the game may wait at some of them for
 * their owner (scheduleComputerTurn asks).
 */
export function owedComputerSeats(game: ActiveSnapshot): Seat[] {
  return computerSeatsToPlay(game);
}

/**
 * Keeps the game's computer-turn job in step with the game (in the transaction of a change): due a grace
 * time from now when a computer owes a decision, gone when none does (the game waits for a seat's owner).
 */
export async function scheduleComputerTurn(core: GameCore, game: ActiveSnapshot, dueAt = core.now() + COMPUTER_TURN_GRACE_MS): Promise<void> {
  const seats = await computerSeatsOwed(core, game);
  if (seats.length === 0) {
    await core.repo.deleteJobs(game.row.id, JOB_KINDS.computer);
    return;
  }
  const payload: IdlePayload = { marker: turnMarkerOf(game.module, game.state), seats, since: core.now() };
  await core.repo.rescheduleJob({ kind: JOB_KINDS.computer, gameId: game.row.id, dueAt, payload });
}

/** The games whose computer-turn job is due: a computer's turn that stalled. */
export async function dueComputerTurns(core: GameCore): Promise<JobTouched[]> {
  const out: JobTouched[] = [];
  for (const job of await core.repo.dueJobs(core.now())) {
    if (job.kind !== JOB_KINDS.computer || out.some((g) => g.gameId === job.gameId)) continue;
    const row = await core.repo.findById(job.gameId);
    if (row !== undefined) out.push({ gameId: row.id, channelId: row.channelId });
  }
  return out;
}

/**
 * After the scheduler played an owed computer turn: its job goes when nothing is owed any more (or the
 * game is over); a turn still owed (the play failed) is tried again a grace time later.
 */
export async function settleComputerTurn(core: GameCore, gameId: number): Promise<void> {
  await core.tx(async () => {
    const loaded = await core.active(gameId);
    if (!loaded.ok) await core.repo.deleteJobs(gameId, JOB_KINDS.computer);
    else await scheduleComputerTurn(core, loaded.game);
  });
}
