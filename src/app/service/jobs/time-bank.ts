/** The time-bank job: the game's banks (a game with a clock), due when the first running bank is empty. */
import type { ScheduledJobRow } from '../../../persistence/schema.js';
import { commit } from '../commit.js';
import type { GameCore } from '../core.js';
import { JOB_KINDS, type JobHandler, type JobTouched } from '../scheduled-jobs.js';
import { isComputerPlayed, isComputerSeatId } from '../seat-identity.js';
import { runOutBanks } from '../time-bank.js';

export const timeBankJob: JobHandler = { kind: JOB_KINDS.timeBank, run: (core, job) => runTimeBank(core, job) };

/**
 * The bank job came due (claimed, in its transaction): a bank that is empty hands its seat to a computer
 * player, with a line on the board; a player who is away has their bank stopped until they are back;
 * otherwise the job waits for the next bank to run out. Returns the game when its board is to be posted now
 * (the rules ended it meanwhile); a board of a seat handed over goes out with the computer's move, which
 * the commit's consequences make due at once.
 */
export async function runTimeBank(core: GameCore, job: ScheduledJobRow): Promise<JobTouched | null> {
  const loaded = await core.active(job.gameId);
  if (!loaded.ok) return null;
  const game = loaded.game;
  const ranOut = await runOutBanks(core, game, job);
  if (ranOut.length === 0) return null;
  // A bank running out never ends the game nor makes a winner: a computer stands in and plays the turn that
  // was due. With no other human playing their own seat, the game then waits at the next decision of a
  // seat stood in for (seatsWaitingForOwner), and the line says so.
  const othersPlay = game.seats.some((s) => !isComputerSeatId(s.userId) && !isComputerPlayed(s) && !ranOut.includes(s.seat));
  const kind = othersPlay ? ('outOfTime' as const) : ('outOfTimeWaits' as const);
  const result = await commit(core, game, [], { handOver: ranOut, notes: () => ranOut.map((seat) => ({ kind, seat })) });
  if (!result.ok) {
    // The game changed meanwhile: the banks, as the job came due, are looked at again at the next tick.
    await core.repo.rescheduleJob({ kind: JOB_KINDS.timeBank, gameId: game.row.id, dueAt: core.now(), payload: JSON.parse(job.payload) as unknown });
    return null;
  }
  // Ended (the rules ended it meanwhile): its board is posted now. Otherwise the computer plays the seat at
  // this very tick (the commit's consequences made its job due now) and the board owed now is posted with
  // its move: one post, which pings the player who decides next, not the one whose seat the computer took.
  return result.outcome.finished ? { gameId: game.row.id, channelId: game.row.channelId } : null;
}
