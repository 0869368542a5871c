/**
 * A turn's timers: when a turn begins its first reminder and its idle deadline are scheduled (and, in a
 * game with a clock, the warning that a bank is low); due jobs send reminders (not to players who are away
 * or in their quiet hours; a player's reminders due together come in one message) and open the idle vote;
 * a reminded player snoozes; a change of the game's settings moves the pending jobs at once.
 */
import type { Seat } from '../../engine/index.js';
import type { NewJob } from '../../persistence/game-repository.js';
import type { GameRow, ScheduledJobRow } from '../../persistence/schema.js';
import { turnMarkerOf } from '../module.js';
import { isAway, quietUntil } from '../notifications.js';
import { DEFAULT_NOTIFY } from '../../notify-settings.js';
import { validateSettings, type SettingsChange, type SettingsResult } from '../settings.js';
import type { GameCore } from './core.js';
import type { RemindedGame } from '../outbox.js';
import { jobOf, JOB_KINDS, parseJobPayload, setAsideJob, sinceOf, type BankWarningPayload, type IdlePayload, type JobPayload, type ReminderPayload, type VotePayload } from './jobs.js';
import { notifyOfSeats } from './notify.js';
import { activeSeats, seatOf } from './queries.js';
import { computerSeatsOwed, computerSeatsToPlay } from './computer-seats.js';
import { isComputerPlayed } from './seat-identity.js';
import { banksAt, clockChoice, lowBankMark, type TimeBanks } from '../time-bank.js';
import { runTimeBank, storedBanks, turnBanks } from './time-bank.js';
import { refuse, type ActiveSnapshot, type Result } from './types.js';
import { votersOn } from './votes.js';

/** What a settings change did to the turn in progress, for the announcement. */
export interface TurnTimers {
  /** When the next reminder comes (null: no more reminders this turn). */
  readonly nextReminderAt: number | null;
  /** When the idle vote can open (or, when it is open, comes up again). */
  readonly idleAt: number;
}

/**
 * Changes a game's reminder and idle settings. They apply to the turn in progress at once: the pending
 * reminder and idle deadline are moved in the same transaction (see `retime`), and the table is told
 * through the outbox, with when the next reminder and the idle vote now come.
 */
export function updateSettings(core: GameCore, gameId: number, userId: string, canManage: boolean, change: SettingsChange): Promise<Result<{ row: GameRow; timers: TurnTimers | null }>> {
  // The settings, the jobs moved by them and the announcement, read and written together.
  return core.tx(async () => {
    const row = await core.repo.findById(gameId);
    if (row === undefined || (row.status !== 'lobby' && row.status !== 'active')) return refuse('no_game', {});
    if (row.hostUserId !== userId && !canManage) return refuse('not_host', {});
    const checked: SettingsResult = validateSettings(change);
    if (!checked.ok) return refuse('invalid_setting', { field: checked.field, min: checked.min, max: checked.max });
    await core.repo.updateSettings(gameId, checked.patch);
    const after = (await core.repo.findById(gameId)) as GameRow;
    const timers = after.status === 'active' ? await retime(core, row, after) : null;
    await core.owe(after, 'announcement', {
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
export async function retime(core: GameCore, before: GameRow, after: GameRow): Promise<TurnTimers | null> {
  const now = core.now();
  const id = after.id;
  const waiting = await jobOf(core, id, JOB_KINDS.vote) ?? await jobOf(core, id, JOB_KINDS.idle);
  if (waiting === undefined) return null;
  const since = sinceOf(waiting.job, waiting.payload, before);
  const { marker, seats } = waiting.payload;
  const interval = after.reminderIntervalMinutes * 60_000;
  const reminder = await jobOf(core, id, JOB_KINDS.reminder);
  let nextReminderAt: number | null = null;
  if (reminder !== undefined) {
    const count = reminder.payload.count ?? 0;
    if (count >= after.reminderLimit) await core.repo.deleteJobs(id, JOB_KINDS.reminder);
    else {
      // The interval being counted began one old interval before the job was due.
      const base = reminder.job.dueAt - before.reminderIntervalMinutes * 60_000;
      nextReminderAt = Math.max(now, base + interval);
      const payload: ReminderPayload = { marker: reminder.payload.marker, seats: reminder.payload.seats, count, since: sinceOf(reminder.job, reminder.payload, before) };
      await core.repo.rescheduleJob({ kind: JOB_KINDS.reminder, gameId: id, dueAt: nextReminderAt, payload });
    }
  } else if (after.reminderLimit > before.reminderLimit) {
    // Reminders had run out (all `before.reminderLimit` came) or were off: the rest follow at the new interval.
    const count = before.reminderLimit;
    nextReminderAt = Math.max(now, since + (count + 1) * interval);
    const payload: ReminderPayload = { marker, seats, count, since };
    await core.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: id, dueAt: nextReminderAt, payload });
  }
  const idleTime = after.idleAfterMinutes * 60_000;
  let idleAt: number;
  if (waiting.job.kind === JOB_KINDS.vote) {
    idleAt = Math.max(now, waiting.job.dueAt - before.idleAfterMinutes * 60_000 + idleTime);
    const payload: VotePayload = { marker, seats, votes: waiting.payload.votes ?? {}, since };
    await core.repo.rescheduleJob({ kind: JOB_KINDS.vote, gameId: id, dueAt: idleAt, payload });
  } else {
    idleAt = Math.max(now, since + idleTime);
    const payload: IdlePayload = { marker, seats, since };
    await core.repo.rescheduleJob({ kind: JOB_KINDS.idle, gameId: id, dueAt: idleAt, payload });
  }
  return { nextReminderAt, idleAt };
}

/** When the open idle vote's wait began (for the hours its message shows), or null when none is open. */
export async function idleSince(core: GameCore, game: ActiveSnapshot): Promise<number | null> {
  const found = await jobOf(core, game.row.id, JOB_KINDS.vote);
  return found === undefined ? null : sinceOf(found.job, found.payload, game.row);
}

// ----- jobs: reminders, snooze, idle votes -----------------------------------------------------------

/** Writes the jobs of a new turn: the first reminder and the idle deadline; an open vote closes. */
export async function scheduleTurn(core: GameCore, game: ActiveSnapshot): Promise<void> {
  const id = game.row.id;
  const now = core.now();
  const marker = turnMarkerOf(game.module, game.state);
  // Reminders and idle votes are for humans: computer players never keep anyone waiting.
  const computers = new Set(game.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
  const seats = activeSeats(game).filter((s) => !computers.has(s));
  // The time banks (a game with a clock) are carried from turn to turn: read before every job goes. A game
  // without a clock reads nothing (a turn's end is a hot path: on PostgreSQL a read is a round trip).
  const banks = clockChoice(game.settings.clock) === null ? undefined : await storedBanks(core, id);
  const warning = banks === undefined ? undefined : await jobOf(core, id, JOB_KINDS.bankWarning);
  await core.repo.deleteJobs(id);
  await turnBanks(core, game, banks);
  // Every job of the game is gone: a computer's job is written only when one owes a decision.
  if (owedComputerSeats(game).length > 0) await scheduleComputerTurn(core, game);
  if (seats.length === 0) return;
  const idle: IdlePayload = { marker, seats, since: now };
  const jobs: NewJob[] = [{ kind: JOB_KINDS.idle, gameId: id, dueAt: now + game.row.idleAfterMinutes * 60_000, payload: idle }];
  if (game.row.reminderLimit > 0) {
    const payload: ReminderPayload = { marker, seats, count: 0, since: now };
    jobs.unshift({ kind: JOB_KINDS.reminder, gameId: id, dueAt: now + game.row.reminderIntervalMinutes * 60_000, payload });
  }
  const lowBank = await bankWarningJob(core, game, seats, banks, warning);
  if (lowBank !== null) jobs.push(lowBank);
  // One statement, and on PostgreSQL no round trip of its own.
  await core.repo.scheduleJobs(jobs);
}

/**
 * The turn's low-bank warning (a game with a clock): due when the first deciding seat's bank is down to its
 * mark (`lowBankMark`). A seat whose bank runs on from the turn before (it still decides) keeps the mark
 * and the warning it had: warned once, it is not warned again. `before`: the banks and the warning job as
 * they were before the turn's jobs were replaced.
 */
async function bankWarningJob(core: GameCore, game: ActiveSnapshot, seats: readonly Seat[], before: TimeBanks | undefined, previous: { payload: JobPayload } | undefined): Promise<NewJob | null> {
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
async function runBankWarning(core: GameCore, game: ActiveSnapshot, payload: JobPayload): Promise<{ gameId: number; channelId: string } | null> {
  const clock = clockChoice(game.settings.clock);
  const banks = clock === null ? undefined : await storedBanks(core, game.row.id);
  if (banks === undefined) return null;
  const now = core.now();
  const computers = new Set(game.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
  const deciding = activeSeats(game).filter((s) => !computers.has(s));
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
export async function dueComputerTurns(core: GameCore): Promise<{ gameId: number; channelId: string }[]> {
  const out: { gameId: number; channelId: string }[] = [];
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

/**
 * Runs every due job: each is claimed (deleted) by exactly one runner, and what it asks the channel to
 * see is written to the outbox in the same transaction. A job whose payload cannot be read is reported
 * once and set aside (left in place); every other job runs. Returns the games that got deliveries.
 */
export async function runDueJobs(core: GameCore): Promise<{ gameId: number; channelId: string }[]> {
  const touched: { gameId: number; channelId: string }[] = [];
  for (const job of await core.repo.dueJobs(core.now())) {
    // An owed computer turn is played by the computer turns (dueComputerTurns), under the game's lock.
    if (job.kind === JOB_KINDS.computer) continue;
    const payload = parseJobPayload(job);
    if (typeof payload === 'string') {
      await setAsideJob(core, job, payload);
      continue;
    }
    try {
      const owed = await core.tx(async () => (await core.repo.deleteJob(job.id) ? await runJob(core, job, payload) : null));
      if (owed !== null) touched.push(owed);
    } catch (error) {
      core.logger.error({ err: error, gameId: job.gameId, jobId: job.id, job: job.kind }, 'scheduled job failed');
    }
  }
  return touched;
}

/** A claimed job: writes its reminder or vote to the outbox, or nothing when it no longer applies. */
export async function runJob(core: GameCore, job: ScheduledJobRow, payload: JobPayload): Promise<{ gameId: number; channelId: string } | null> {
  if (job.kind === JOB_KINDS.timeBank) return runTimeBank(core, job);
  const loaded = await core.active(job.gameId);
  if (!loaded.ok) return null;
  const game = loaded.game;
  const marker = turnMarkerOf(game.module, game.state);
  const now = core.now();
  if (payload.marker !== marker) return null;
  if (job.kind === JOB_KINDS.bankWarning) return runBankWarning(core, game, payload);
  const computers = new Set(game.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
  const active = activeSeats(game);
  const seats = payload.seats.filter((s) => active.includes(s) && !computers.has(s));
  if (seats.length === 0) return null;
  const where = { gameId: game.row.id, channelId: game.row.channelId };
  const since = sinceOf(job, payload, game.row);
  const wishes = await notifyOfSeats(core, game, seats);
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
      await core.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: game.row.id, dueAt: Math.min(...later), payload: waited });
      return null;
    }
    if (count < game.row.reminderLimit) {
      const next: ReminderPayload = { marker, seats, count, since };
      await core.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: game.row.id, dueAt: now + game.row.reminderIntervalMinutes * 60_000, payload: next });
    }
    return oweReminder(core, game, { gameId: game.row.id, seats: due, count, limit: game.row.reminderLimit, since }, now);
  }
  if (job.kind === JOB_KINDS.idle || job.kind === JOB_KINDS.vote) {
    if (present.length === 0) {
      // Everyone it would be about is away: the idle time starts again when the first is back.
      const back = Math.min(...away.map((s) => (wishes.get(s) ?? DEFAULT_NOTIFY).awayUntil as number));
      const idle: IdlePayload = { marker, seats: payload.seats, since: back };
      await core.repo.scheduleJob({ kind: JOB_KINDS.idle, gameId: game.row.id, dueAt: back + game.row.idleAfterMinutes * 60_000, payload: idle });
      return null;
    }
    // No vote where nobody could cast it (a learning game, a player against computers): the game waits.
    const votable = present.filter((s) => votersOn(game, s).length > 0);
    if (votable.length === 0) return null;
    const vote: VotePayload = { marker, seats: votable, votes: job.kind === JOB_KINDS.vote ? (payload.votes ?? {}) : {}, since };
    await core.repo.scheduleJob({ kind: JOB_KINDS.vote, gameId: game.row.id, dueAt: now + game.row.idleAfterMinutes * 60_000, payload: vote });
    // The message counts the hours from `since` when it is drawn: what it says is true when it is posted.
    await core.owe(game.row, 'idle-vote', { kind: 'idle-vote', seats: votable, idleHours: Math.round(game.row.idleAfterMinutes / 60), repeat: job.kind === JOB_KINDS.vote, since });
    return where;
  }
  return null;
}

/**
 * A player's reminders due this close together come in one message: when one comes due, those of the
 * player's other games due within this time come with it (each counted as its own reminder and scheduled
 * again from now), so a player waited for at several tables is pinged once, not once per table.
 */
export const REMINDERS_TOGETHER_MS = 60 * 60_000;

/** A game's reminder, claimed and counted, with the row of its game. */
type Reminded = RemindedGame & { readonly row: GameRow };

/** The player whose seats these are, when they are one player's (undefined: several players, or none). */
function onePlayer(seatRows: readonly { seat: Seat; userId: string }[], seats: readonly Seat[]): string | undefined {
  const users = new Set(seats.map((seat) => seatRows.find((s) => s.seat === seat)?.userId));
  const [user] = users;
  return users.size === 1 ? user : undefined;
}

/**
 * Owes the reminder of `reminded` (its job claimed and counted in this transaction). When it reminds one
 * player, their other games whose reminder is due within REMINDERS_TOGETHER_MS and reminds them alone come
 * with it: those jobs are claimed, counted and scheduled again here, in the same transaction, and one
 * message is owed, at the table that has waited longest, listing them all, longest-waiting first. A
 * reminder naming several players stays at its own table (each of them may have other games waiting).
 */
async function oweReminder(core: GameCore, game: ActiveSnapshot, reminded: RemindedGame, now: number): Promise<{ gameId: number; channelId: string }> {
  const userId = onePlayer(game.seats, reminded.seats);
  const together = userId === undefined ? [] : await remindTogether(core, userId, game.row, now);
  const all: Reminded[] = [{ ...reminded, row: game.row }, ...together].sort((a, b) => a.since - b.since || a.gameId - b.gameId);
  const [first, ...rest] = all as [Reminded, ...Reminded[]];
  await core.owe(first.row, 'reminder', {
    kind: 'reminder',
    seats: first.seats,
    count: first.count,
    limit: first.limit,
    since: first.since,
    ...(rest.length === 0 ? {} : { together: rest.map(({ gameId, seats, count, limit, since }) => ({ gameId, seats, count, limit, since })) }),
  });
  return { gameId: first.row.id, channelId: first.row.channelId };
}

/**
 * The player's other reminders due within REMINDERS_TOGETHER_MS that remind them alone, in games of the same
 * server (or of direct messages): claimed, counted and scheduled again. A game of another server is never
 * listed where this server's members read it.
 */
async function remindTogether(core: GameCore, userId: string, row: GameRow, now: number): Promise<Reminded[]> {
  const out: Reminded[] = [];
  for (const job of await core.repo.dueJobs(now + REMINDERS_TOGETHER_MS)) {
    if (job.kind !== JOB_KINDS.reminder || job.gameId === row.id || out.some((r) => r.gameId === job.gameId)) continue;
    // A job that cannot be read is set aside when it comes due itself.
    const payload = parseJobPayload(job);
    if (typeof payload === 'string' || onePlayer(await core.repo.seats(job.gameId), payload.seats) !== userId) continue;
    const loaded = await core.active(job.gameId);
    if (!loaded.ok || loaded.game.row.guildId !== row.guildId) continue;
    const other = loaded.game;
    const marker = turnMarkerOf(other.module, other.state);
    const active = activeSeats(other);
    const computers = new Set(other.seats.filter((s) => isComputerPlayed(s)).map((s) => s.seat));
    const seats = payload.seats.filter((s) => active.includes(s) && !computers.has(s));
    if (payload.marker !== marker || seats.length === 0 || !(await core.repo.deleteJob(job.id))) continue;
    const count = (payload.count ?? 0) + 1;
    const since = sinceOf(job, payload, other.row);
    if (count < other.row.reminderLimit) {
      const next: ReminderPayload = { marker, seats, count, since };
      await core.repo.scheduleJob({ kind: JOB_KINDS.reminder, gameId: other.row.id, dueAt: now + other.row.reminderIntervalMinutes * 60_000, payload: next });
    }
    out.push({ gameId: other.row.id, seats, count, limit: other.row.reminderLimit, since, row: other.row });
  }
  return out;
}

/**
 * The reminded player postpones the next reminder by one interval (not counted toward the limit), and with
 * it their reminders of other games that would come in the same message (due within REMINDERS_TOGETHER_MS
 * of it, reminding them alone), each by its own game's interval.
 */
export function snooze(core: GameCore, gameId: number, userId: string, seat: Seat): Promise<Result<{ dueAt: number; game: ActiveSnapshot }>> {
  // The reminder is read and moved together: a job run in between is not overwritten.
  return core.tx(async () => {
    const loaded = await core.active(gameId);
    if (!loaded.ok) return loaded;
    const game = loaded.game;
    const own = seatOf(game, userId);
    if (own === undefined || own.leftAt !== null) return refuse('not_a_player', {});
    if (own.seat !== seat) return refuse('foreign_panel', { owner: seat });
    const found = await jobOf(core, gameId, JOB_KINDS.reminder);
    const job = found?.job;
    const payload = found === undefined ? undefined : { marker: found.payload.marker, seats: found.payload.seats, count: found.payload.count ?? 0, since: sinceOf(found.job, found.payload, game.row) };
    if (job === undefined || payload === undefined || payload.marker !== turnMarkerOf(game.module, game.state) || !payload.seats.includes(seat)) {
      return refuse('no_reminder', {});
    }
    const dueAt = Math.max(job.dueAt, core.now()) + game.row.reminderIntervalMinutes * 60_000;
    await core.repo.rescheduleJob({ kind: JOB_KINDS.reminder, gameId, dueAt, payload });
    if (onePlayer(game.seats, payload.seats) === userId) await snoozeTogether(core, userId, game.row, job.dueAt);
    return { ok: true, dueAt, game };
  });
}

/** Postpones the player's reminders of other games that would come with this one, due within REMINDERS_TOGETHER_MS of `dueAt` (see `snooze`). */
async function snoozeTogether(core: GameCore, userId: string, snoozed: GameRow, dueAt: number): Promise<void> {
  const now = core.now();
  for (const job of await core.repo.dueJobs(dueAt + REMINDERS_TOGETHER_MS)) {
    if (job.kind !== JOB_KINDS.reminder || job.gameId === snoozed.id || job.dueAt < dueAt - REMINDERS_TOGETHER_MS) continue;
    const payload = parseJobPayload(job);
    if (typeof payload === 'string' || onePlayer(await core.repo.seats(job.gameId), payload.seats) !== userId) continue;
    const loaded = await core.active(job.gameId);
    if (!loaded.ok || loaded.game.row.guildId !== snoozed.guildId || payload.marker !== turnMarkerOf(loaded.game.module, loaded.game.state)) continue;
    const row = loaded.game.row;
    const moved: ReminderPayload = { marker: payload.marker, seats: payload.seats, count: payload.count ?? 0, since: sinceOf(job, payload, row) };
    await core.repo.rescheduleJob({ kind: JOB_KINDS.reminder, gameId: row.id, dueAt: Math.max(job.dueAt, now) + row.reminderIntervalMinutes * 60_000, payload: moved });
  }
}
