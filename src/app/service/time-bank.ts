/**
 * The time banks of a game with a clock (src/app/time-bank.ts for the rule): kept as the game's
 * `time-bank` job, whose payload holds every seat's bank and which comes due when the first running bank
 * is empty. So the banks survive restarts, and running out is the scheduler's job like the idle vote:
 * the seat goes to a computer player (as after an idle vote, its owner may take it back between turns)
 * and the table is told on the board. Running out never ends the game (see seatsWaitingForOwner).
 */
import type { Seat } from '../../engine/index.js';
import type { GameRow, ScheduledJobRow } from '../../persistence/schema.js';
import { turnMarkerOf } from '../module.js';
import { awayChanged, banksAt, clockChoice, firstTurn, nextTurn, parseTimeBanks, runOut, runsOutAt, type BankNow, type TimeBanks } from '../time-bank.js';
import type { GameCore } from './core.js';
import { JOB_KINDS, setAsideJob } from './scheduled-jobs.js';
import { decidingHumans } from './queries.js';
import { isComputerSeatId } from './seat-identity.js';
import { pausedUntilOf } from './vacation.js';
import type { ActiveSnapshot } from './types.js';

/** A bank job with no running bank is never due (it only keeps the banks). */
const NEVER = Number.MAX_SAFE_INTEGER;

/** The banks a time-bank job keeps, or why they cannot be read. */
export function readJob(job: ScheduledJobRow): TimeBanks | string {
  try {
    return parseTimeBanks(JSON.parse(job.payload) as unknown);
  } catch {
    return 'the time banks are not valid JSON';
  }
}

/** The game's stored banks (undefined: none yet, or set aside as damaged). */
export async function storedBanks(core: GameCore, gameId: number): Promise<TimeBanks | undefined> {
  const job = (await core.repo.jobsOf(gameId, JOB_KINDS.timeBank))[0];
  if (job === undefined) return undefined;
  const banks = readJob(job);
  if (typeof banks === 'string') {
    await setAsideJob(core, job, banks);
    return undefined;
  }
  return banks;
}

/** Writes the banks back, due when the first running bank runs out. */
export async function keep(core: GameCore, gameId: number, banks: TimeBanks): Promise<void> {
  await core.repo.rescheduleJob({ kind: JOB_KINDS.timeBank, gameId, dueAt: runsOutAt(banks) ?? NEVER, payload: banks });
}

/**
 * A new turn began (in its transaction; `before` is the banks read before the turn's jobs were replaced):
 * the banks that ran stop, the seats that moved gain the increment, the deciding seats' banks run.
 */
export async function turnBanks(core: GameCore, game: ActiveSnapshot, before: TimeBanks | undefined): Promise<void> {
  const clock = clockChoice(game.settings.clock);
  if (clock === null || game.row.status !== 'active') return;
  const deciding = decidingHumans(game);
  const away = await pausedUntilOf(core, game, deciding);
  const marker = turnMarkerOf(game.module, game.state);
  const now = core.now();
  const humans = game.seats.filter((s) => !isComputerSeatId(s.userId)).map((s) => s.seat);
  const banks = before === undefined ? firstTurn(humans, clock, marker, deciding, now, away) : nextTurn(before, clock, marker, deciding, now, away);
  await keep(core, game.row.id, banks);
}

/**
 * The game's bank job came due (claimed, in its transaction): its banks run out where they are empty (see
 * `runOut`), and are kept, due when the next bank runs out; kept before the game changes, so a new turn's
 * jobs carry them on and the computers read which turn was due. Answers the seats whose banks ran out (none
 * when the game has no clock, or its banks cannot be read: then the job is set aside).
 */
export async function runOutBanks(core: GameCore, game: ActiveSnapshot, job: ScheduledJobRow): Promise<Seat[]> {
  const read = readJob(job);
  if (typeof read === 'string') {
    await setAsideJob(core, job, read);
    return [];
  }
  if (clockChoice(game.settings.clock) === null) return [];
  const away = await pausedUntilOf(core, game, Object.keys(read.running).map(Number));
  const { banks, ranOut } = runOut(read, core.now(), decidingHumans(game), away, turnMarkerOf(game.module, game.state));
  await keep(core, game.row.id, banks);
  return ranOut;
}

/** Each human seat's bank now, in seat order (empty: the game has no clock). */
export async function banksNow(core: GameCore, game: ActiveSnapshot): Promise<BankNow[]> {
  if (clockChoice(game.settings.clock) === null || game.row.status !== 'active') return [];
  const banks = await storedBanks(core, game.row.id);
  if (banks === undefined) return [];
  return banksAt(banks, core.now()).sort((a, b) => a.seat - b.seat);
}

/**
 * A player set or ended an absence (/game notify away_until): at each of their running `tables` where their
 * bank runs, it stops now and runs again when their vacation on the table's server no longer holds it
 * (`pausedUntil`; null or past: at once).
 */
export async function awayChangedBanks(core: GameCore, userId: string, tables: readonly GameRow[], pausedUntil: (guildId: string) => number | null): Promise<void> {
  const now = core.now();
  for (const row of tables) {
    const job = (await core.repo.jobsOf(row.id, JOB_KINDS.timeBank))[0];
    const banks = job === undefined ? undefined : readJob(job);
    if (banks === undefined || typeof banks === 'string') continue;
    const seats = (await core.repo.seats(row.id)).filter((s) => s.userId === userId && banks.running[String(s.seat)] !== undefined).map((s) => s.seat);
    if (seats.length === 0) continue;
    await keep(core, row.id, awayChanged(banks, seats, now, pausedUntil(row.guildId)));
  }
}
