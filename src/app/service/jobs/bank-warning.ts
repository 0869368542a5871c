/**
 * The low-bank warning (a game with a clock): written with a turn's jobs, due when the first deciding seat's
 * bank is down to its mark; it warns each such player once, by a message of its own.
 */
import type { Seat } from '../../../engine/index.js';
import type { NewJob } from '../../../persistence/game-repository.js';
import { DEFAULT_NOTIFY } from '../../../notify-settings.js';
import { turnMarkerOf } from '../../module.js';
import { isAway, quietUntil } from '../../notifications.js';
import { banksAt, clockChoice, lowBankMark, type TimeBanks } from '../../time-bank.js';
import type { GameCore } from '../core.js';
import { JOB_KINDS, parseJobPayload, type BankWarningPayload, type JobHandler, type JobPayload, type JobTouched } from '../scheduled-jobs.js';
import { notifyOfSeats } from '../notify.js';
import { decidingHumans } from '../queries.js';
import { storedBanks } from '../time-bank.js';
import type { ActiveSnapshot } from '../types.js';
import { gameAtTurn } from './turn-job.js';

export const bankWarningJob: JobHandler = {
  kind: JOB_KINDS.bankWarning,
  run: async (core, job, payload) => {
    const at = await gameAtTurn(core, job, payload);
    return at === null ? null : runBankWarning(core, at.game, payload);
  },
};

/**
 * The turn's low-bank warning (a game with a clock): due when the first deciding seat's bank is down to its
 * mark (`lowBankMark`). A seat whose bank runs on from the turn before (it still decides) keeps the mark
 * and the warning it had: warned once, it is not warned again. `before`: the banks and the warning job as
 * they were before the turn's jobs were replaced.
 */
export async function lowBankWarningJob(core: GameCore, game: ActiveSnapshot, seats: readonly Seat[], before: TimeBanks | undefined, previous: { payload: JobPayload } | undefined): Promise<NewJob | null> {
  const clock = clockChoice(game.settings.clock);
  const banks = clock === null ? undefined : await storedBanks(core, game.row.id);
  if (clock === null || banks === undefined) return null;
  const marks: Record<string, number> = {};
  for (const seat of seats) {
    const key = String(seat);
    const from = banks.running[key];
    const left = banks.banks[key];
    if (from === undefined || left === undefined || left <= 0) continue;
    const runsOn = before?.running[key] === from;
    const mark = runsOn ? (previous?.payload.seats.includes(seat) === true ? previous.payload.marks?.[key] : undefined) : lowBankMark(clock, left);
    if (mark !== undefined) marks[key] = mark;
  }
  const warned = Object.keys(marks);
  if (warned.length === 0) return null;
  const dueAt = Math.min(...warned.map((key) => (banks.running[key] as number) + (banks.banks[key] as number) - (marks[key] as number)));
  const payload: BankWarningPayload = { marker: turnMarkerOf(game.module, game.state), seats: warned.map(Number), since: core.now(), marks };
  return { kind: JOB_KINDS.bankWarning, gameId: game.row.id, dueAt, payload };
}

/**
 * The low-bank warning came due (claimed, in its transaction): each seat whose bank is down to its mark is
 * warned now, by a message of its own, unless its player is in their quiet hours (then it waits until they
 * end). A bank standing still (its player is away) or not down to its mark yet is looked at again when it
 * will be; a seat that no longer decides, or whose bank is empty, is not warned.
 */
async function runBankWarning(core: GameCore, game: ActiveSnapshot, payload: JobPayload): Promise<JobTouched | null> {
  const clock = clockChoice(game.settings.clock);
  const banks = clock === null ? undefined : await storedBanks(core, game.row.id);
  if (banks === undefined) return null;
  const now = core.now();
  const deciding = decidingHumans(game);
  const left = new Map(banksAt(banks, now).map((b) => [b.seat, b]));
  const wishes = await notifyOfSeats(core, game, payload.seats);
  const warn: Seat[] = [];
  const later: { seat: Seat; at: number }[] = [];
  for (const seat of payload.seats) {
    const bank = left.get(seat);
    const mark = payload.marks?.[String(seat)];
    if (!deciding.includes(seat) || bank === undefined || mark === undefined || bank.leftMs <= 0) continue;
    if (!bank.running) {
      if (bank.pausedUntil !== null) later.push({ seat, at: bank.pausedUntil + Math.max(0, bank.leftMs - mark) });
      continue;
    }
    if (bank.leftMs > mark) {
      later.push({ seat, at: now + bank.leftMs - mark });
      continue;
    }
    // Away with the bank running (an absence that began before it ran): held like quiet hours, until they are back.
    const wish = wishes.get(seat) ?? DEFAULT_NOTIFY;
    const heldUntil = isAway(wish, now) ? (wish.awayUntil as number) : quietUntil(wish, now);
    if (heldUntil !== null) later.push({ seat, at: heldUntil });
    else warn.push(seat);
  }
  if (later.length > 0) {
    const next: BankWarningPayload = { marker: payload.marker, seats: later.map((l) => l.seat), since: payload.since ?? now, marks: payload.marks ?? {} };
    await core.repo.scheduleJob({ kind: JOB_KINDS.bankWarning, gameId: game.row.id, dueAt: Math.min(...later.map((l) => l.at)), payload: next });
  }
  if (warn.length === 0) return null;
  await core.owe(game.row, 'bank-warning', { kind: 'bank-warning', seats: warn });
  return { gameId: game.row.id, channelId: game.row.channelId };
}

/**
 * A player set or ended an absence, or changed their quiet hours: their pending low-bank warnings are
 * looked at again at the next tick (a bank that stood still may run again from now; a warning held for the
 * night may be owed now), and each schedules itself anew from there.
 */
export async function notifyChangedWarnings(core: GameCore, userId: string): Promise<void> {
  const now = core.now();
  for (const job of await core.repo.jobsOfKindEverywhere(JOB_KINDS.bankWarning)) {
    const payload = parseJobPayload(job);
    if (job.dueAt <= now || typeof payload === 'string') continue;
    const seats = await core.repo.seats(job.gameId);
    if (!payload.seats.some((seat) => seats.some((s) => s.seat === seat && s.userId === userId))) continue;
    await core.repo.rescheduleJob({ kind: JOB_KINDS.bankWarning, gameId: job.gameId, dueAt: now, payload });
  }
}
