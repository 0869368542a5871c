/** The time-bank job: the game's banks (a game with a clock), due when the first running bank is empty. */
import type { ScheduledJobRow } from '../../../persistence/schema.js';
import { turnMarkerOf } from '../../module.js';
import { awayChanged, banksAt, clockChoice, emptied } from '../../time-bank.js';
import { commit } from '../commit.js';
import type { GameCore } from '../core.js';
import { JOB_KINDS, setAsideJob, type JobHandler, type JobTouched } from '../scheduled-jobs.js';
import { isComputerPlayed, isComputerSeatId } from '../seat-identity.js';
import { awayOf, decidingHumans, keep, readJob } from '../time-bank.js';

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
  const read = readJob(job);
  if (typeof read === 'string') {
    await setAsideJob(core, job, read);
    return null;
  }
  if (clockChoice(game.settings.clock) === null) return null;
  const now = core.now();
  let banks = read;
  const deciding = decidingHumans(game);
  const running = Object.keys(banks.running).map(Number);
  // An absence that began before the bank ran (or that nothing stopped): the bank waits for the player.
  const away = await awayOf(core, game, running);
  for (const seat of running) {
    const until = away(seat);
    if (until !== null && (banks.running[String(seat)] ?? 0) <= now) banks = awayChanged(banks, [seat], now, until);
  }
  const empty = banksAt(banks, now).filter((b) => b.running && b.leftMs <= 0 && deciding.includes(b.seat)).map((b) => b.seat);
  if (empty.length === 0) {
    await keep(core, game.row.id, banks);
    return null;
  }
  const marker = turnMarkerOf(game.module, game.state);
  for (const seat of empty) banks = emptied(banks, seat, marker);
  // Kept before the change: a new turn's jobs read the banks to carry them on, and the computers read
  // which turn was due.
  await keep(core, game.row.id, banks);
  // A bank running out never ends the game nor makes a winner: a computer stands in and plays the turn that
  // was due. With no other human playing their own seat, the game then waits at the next decision of a
  // seat stood in for (seatsWaitingForOwner), and the line says so.
  const othersPlay = game.seats.some((s) => !isComputerSeatId(s.userId) && !isComputerPlayed(s) && !empty.includes(s.seat));
  const kind = othersPlay ? ('outOfTime' as const) : ('outOfTimeWaits' as const);
  const result = await commit(core, game, [], { handOver: empty, notes: () => empty.map((seat) => ({ kind, seat })) });
  if (!result.ok) {
    // The game changed meanwhile: the banks are looked at again at the next tick.
    await core.repo.rescheduleJob({ kind: JOB_KINDS.timeBank, gameId: game.row.id, dueAt: now, payload: read });
    return null;
  }
  // Ended (the rules ended it meanwhile): its board is posted now. Otherwise the computer plays the seat at
  // this very tick (the commit's consequences made its job due now) and the board owed now is posted with
  // its move: one post, which pings the player who decides next, not the one whose seat the computer took.
  return result.outcome.finished ? { gameId: game.row.id, channelId: game.row.channelId } : null;
}
