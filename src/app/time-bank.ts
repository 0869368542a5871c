/**
 * The time bank (`/game new clock:`), as in turn-based play elsewhere: each player starts with a bank of
 * time and gains an increment after each move (Fischer style). While a player decides, their bank runs;
 * while they are away (/game notify away_until) it stands still, as far as their vacation days on the
 * server reach (vacation.ts); when it is empty, a computer player takes
 * their seat as after an idle vote and plays the turn that was due (they may take the seat back between
 * turns, and then play on the increment). A bank running out never ends the game: where no other player is
 * left at the table to play on, the game waits at the seat's next decision for its owner to come back.
 *
 * This file is pure: the choices, the stored banks and their arithmetic. The job that runs the banks out
 * is service/time-bank.ts.
 */
import type { Seat } from '../engine/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A clock the host can choose: the bank each player starts with and the increment per move. */
export interface ClockChoice {
  /** Stored in the lobby settings and offered as the command's choice value. */
  readonly value: string;
  readonly bankMs: number;
  readonly incrementMs: number;
}

/** The clocks on offer, from a live evening to a relaxed week. */
export const CLOCK_CHOICES: readonly ClockChoice[] = [
  { value: '1h+5m', bankMs: HOUR, incrementMs: 5 * MINUTE },
  { value: '1d+1h', bankMs: DAY, incrementMs: HOUR },
  { value: '3d+4h', bankMs: 3 * DAY, incrementMs: 4 * HOUR },
  { value: '7d+12h', bankMs: 7 * DAY, incrementMs: 12 * HOUR },
];

/** The choice for no clock (the default): the idle vote alone keeps the table moving. */
export const NO_CLOCK = 'none';

export function clockChoice(value: string | null | undefined): ClockChoice | null {
  return CLOCK_CHOICES.find((c) => c.value === value) ?? null;
}

/**
 * The banks of a game as stored (the payload of its time-bank job): per seat the time left when its bank
 * last stopped, and for the seats deciding now the moment their bank runs from (in the future while the
 * player is away: it starts running when they are back).
 */
export interface TimeBanks {
  /** The turn the banks were last settled for (turnMarkerOf). */
  readonly marker: string;
  /** The seats whose bank runs (humans deciding now). */
  readonly seats: readonly Seat[];
  /** Ms left per seat (as a string key, as JSON has it), not counting the running time since `running`. */
  readonly banks: Readonly<Record<string, number>>;
  /** Per running seat: since when its bank runs. */
  readonly running: Readonly<Record<string, number>>;
  /**
   * The turn that was due when these seats' banks ran out: their stand-ins play it out even at a table
   * with no player left to play on (absent in banks kept before, and from the next turn on).
   */
  readonly dueTurn?: { readonly marker: string; readonly seats: readonly Seat[] };
}

/** A seat's bank at `now`: what is left (never below 0), and whether it runs or stands still until a time. */
export interface BankNow {
  readonly seat: Seat;
  readonly leftMs: number;
  readonly running: boolean;
  /** The bank stands still until then (the player is away). */
  readonly pausedUntil: number | null;
}

/** Each seat's bank at `now`. */
export function banksAt(banks: TimeBanks, now: number): BankNow[] {
  return Object.entries(banks.banks).map(([key, left]) => {
    const seat = Number(key);
    const from = banks.running[key];
    if (from === undefined) return { seat, leftMs: Math.max(0, left), running: false, pausedUntil: null };
    if (from > now) return { seat, leftMs: Math.max(0, left), running: false, pausedUntil: from };
    return { seat, leftMs: Math.max(0, left - (now - from)), running: true, pausedUntil: null };
  });
}

/** When the first running bank is empty (null: none runs). */
export function runsOutAt(banks: TimeBanks): number | null {
  const times = Object.entries(banks.running).map(([key, from]) => from + Math.max(0, banks.banks[key] ?? 0));
  return times.length === 0 ? null : Math.min(...times);
}

/** Stops the seat's running bank at `now` (the time since it ran is taken off). */
function stop(banks: Record<string, number>, running: Record<string, number>, key: string, now: number): void {
  const from = running[key];
  if (from === undefined) return;
  banks[key] = Math.max(0, (banks[key] ?? 0) - Math.max(0, now - from));
  delete running[key];
}

/**
 * The banks when a new turn begins at `now`: the banks that ran stop; a seat that moved (it decided before
 * and does not now) gains the increment; the seats deciding now start running (from when their player is
 * back, for one who is away). A seat deciding again with an empty bank (taken back from the computer)
 * plays on the increment. The turn that was due when a bank ran out is over.
 */
export function nextTurn(
  banks: TimeBanks,
  clock: ClockChoice,
  marker: string,
  deciding: readonly Seat[],
  now: number,
  awayUntil: (seat: Seat) => number | null,
): TimeBanks {
  const left = { ...banks.banks };
  const running = { ...banks.running };
  for (const key of Object.keys(running)) {
    stop(left, running, key, now);
    if (!deciding.includes(Number(key))) left[key] = (left[key] ?? 0) + clock.incrementMs;
  }
  for (const seat of deciding) {
    const key = String(seat);
    if (running[key] !== undefined) continue;
    if ((left[key] ?? clock.bankMs) <= 0) left[key] = clock.incrementMs;
    left[key] ??= clock.bankMs;
    const away = awayUntil(seat);
    running[key] = away !== null && away > now ? away : now;
  }
  return { marker, seats: [...deciding], banks: left, running };
}

/** The banks of a game that starts at `now`: every seat's full bank (the deciding seats' starts running). */
export function firstTurn(seats: readonly Seat[], clock: ClockChoice, marker: string, deciding: readonly Seat[], now: number, awayUntil: (seat: Seat) => number | null): TimeBanks {
  const banks = Object.fromEntries(seats.map((s) => [String(s), clock.bankMs]));
  return nextTurn({ marker, seats: [], banks, running: {} }, clock, marker, deciding, now, awayUntil);
}

/**
 * The player of `seats` set or ended an absence at `now`: their running banks stop now and run again
 * when they are back (`awayUntil`; null or past: at once).
 */
export function awayChanged(banks: TimeBanks, seats: readonly Seat[], now: number, awayUntil: number | null): TimeBanks {
  const left = { ...banks.banks };
  const running = { ...banks.running };
  for (const seat of seats) {
    const key = String(seat);
    if (running[key] === undefined) continue;
    stop(left, running, key, now);
    running[key] = awayUntil !== null && awayUntil > now ? awayUntil : now;
  }
  return { ...banks, banks: left, running };
}

/**
 * The seat's bank ran out in the turn `marker`: it is empty and no longer runs; a computer plays the seat
 * now, the turn that was due first of all.
 */
export function emptied(banks: TimeBanks, seat: Seat, marker: string): TimeBanks {
  const key = String(seat);
  const running = { ...banks.running };
  delete running[key];
  const due = banks.dueTurn?.marker === marker ? banks.dueTurn.seats.filter((s) => s !== seat) : [];
  return { ...banks, seats: banks.seats.filter((s) => s !== seat), banks: { ...banks.banks, [key]: 0 }, running, dueTurn: { marker, seats: [...due, seat] } };
}

/**
 * The banks when their job comes due at `now`, in the turn `marker`: a running bank whose player is away (an
 * absence that began before it ran, or that nothing stopped) stands still until they are back; the banks of
 * the `deciding` seats that are empty run out (`emptied`). Answers the banks and the seats whose banks ran out.
 */
export function runOut(banks: TimeBanks, now: number, deciding: readonly Seat[], awayUntil: (seat: Seat) => number | null, marker: string): { banks: TimeBanks; ranOut: Seat[] } {
  let settled = banks;
  for (const [key, from] of Object.entries(banks.running)) {
    const until = awayUntil(Number(key));
    if (until !== null && from <= now) settled = awayChanged(settled, [Number(key)], now, until);
  }
  const ranOut = banksAt(settled, now)
    .filter((b) => b.running && b.leftMs <= 0 && deciding.includes(b.seat))
    .map((b) => b.seat);
  for (const seat of ranOut) settled = emptied(settled, seat, marker);
  return { banks: settled, ranOut };
}

/** The seats whose stand-ins play the turn `marker` because their banks ran out in it. */
export function dueTurnSeats(banks: TimeBanks | undefined, marker: string): readonly Seat[] {
  return banks?.dueTurn?.marker === marker ? banks.dueTurn.seats : [];
}

/** Reads stored banks; a string says why they cannot be read. */
export function parseTimeBanks(raw: unknown): TimeBanks | string {
  if (typeof raw !== 'object' || raw === null) return 'the time banks are not an object';
  const p = raw as Record<string, unknown>;
  if (typeof p.marker !== 'string') return 'the time banks have no turn marker';
  if (!Array.isArray(p.seats) || !p.seats.every((s) => Number.isInteger(s) && (s as number) >= 0)) return 'the time banks have no seats';
  const times = (v: unknown): v is Record<string, number> =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.entries(v).every(([k, t]) => /^\d{1,2}$/.test(k) && typeof t === 'number' && Number.isSafeInteger(t));
  if (!times(p.banks)) return 'the banks are not times';
  if (!times(p.running)) return 'the running banks are not times';
  const read = { marker: p.marker, seats: p.seats as Seat[], banks: p.banks, running: p.running };
  if (p.dueTurn === undefined) return read;
  const due = p.dueTurn as Record<string, unknown> | null;
  if (typeof due !== 'object' || due === null || typeof due.marker !== 'string' || !Array.isArray(due.seats) || !due.seats.every((s) => Number.isInteger(s) && (s as number) >= 0)) {
    return 'the turn that was due is not a turn and seats';
  }
  return { ...read, dueTurn: { marker: due.marker, seats: due.seats as Seat[] } };
}

/**
 * A bank in days, hours and minutes, to the minute begun: a fresh hour shows "1h 0m", not "59m" a second
 * after it started, and "0m" only when it is empty.
 */
export function bankParts(ms: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.ceil(ms / MINUTE));
  return { days: Math.floor(total / (24 * 60)), hours: Math.floor((total % (24 * 60)) / 60), minutes: total % 60 };
}

/**
 * A bank is low when a quarter of the starting bank is left (`LOW_BANK_SHARE`): its player is warned once
 * in that turn, by a ping of its own. A turn that begins with less than that left is warned when half of
 * what it began with is gone, so the warning never comes with the ping that began the turn.
 */
export const LOW_BANK_SHARE = 0.25;

/** What is left of the bank when its player is warned, for a turn that began with `leftAtStart`. */
export function lowBankMark(clock: ClockChoice, leftAtStart: number): number {
  return Math.floor(Math.min(clock.bankMs * LOW_BANK_SHARE, leftAtStart / 2));
}
