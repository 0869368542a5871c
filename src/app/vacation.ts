/**
 * The vacation budget: each player has a number of vacation days a year on each server (a server setting,
 * DEFAULT_VACATION_DAYS unless its admins choose another). An absence (/game notify away_until) silences
 * the player's reminders and idle votes everywhere, for as long as it lasts; on each server where they
 * play, it is also a vacation drawn on that server's budget, and their clocks there stand still for as
 * many days as the budget has left. Past that, away still silences pings, but the clocks run.
 *
 * - A day is 24 hours of the absence, a day begun counts whole. A vacation counts for the calendar year
 *   (in the player's time zone) in which it began, whole, even when it runs into the next year.
 * - A vacation ended early (away_until off) gives back the days not begun; one changed while it goes on
 *   keeps its start and draws again for its new end. What has passed stays as it was: a clock that ran
 *   because the budget was spent does not stand still afterwards.
 *
 * This file is pure: the arithmetic. Drawing and keeping vacations is service/vacation.ts.
 */

const DAY = 24 * 60 * 60_000;

/** The days a year a player has on a server whose admins chose none. */
export const DEFAULT_VACATION_DAYS = 14;

/** What a server may choose (0: away never stops a clock there). */
export const VACATION_DAYS_BOUNDS = { min: 0, max: 365 } as const;

export function isVacationDays(days: number): boolean {
  return Number.isInteger(days) && days >= VACATION_DAYS_BOUNDS.min && days <= VACATION_DAYS_BOUNDS.max;
}

/** The calendar year of a moment in a time zone (null: UTC). */
export function yearIn(at: number, timeZone: string | null): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: timeZone ?? 'UTC', year: 'numeric' }).format(new Date(at)));
}

/** A vacation as far as its clock pause goes: since when, and until when the clocks stand still. */
export interface VacationPause {
  readonly startedAt: number;
  readonly pausedUntil: number;
}

/**
 * A vacation drawn (a new one: `pausedUntil` = `startedAt` = `now`) or changed at `now`, for an absence
 * until `awayUntil` (`now` for one ended), with `availableDays` of its year's budget not taken by the
 * player's other vacations there. The clocks stand still up to `awayUntil` as far as those days reach from
 * its start; what has passed stays: a pause already over stays as it was. Answers the pause and the days
 * it takes (a day begun counts).
 */
export function vacationPause(vacation: VacationPause, now: number, awayUntil: number, availableDays: number): { pausedUntil: number; days: number } {
  const reach = vacation.startedAt + Math.max(0, availableDays) * DAY;
  const pausedUntil = vacation.pausedUntil < now ? vacation.pausedUntil : Math.max(now, Math.min(awayUntil, reach));
  return { pausedUntil, days: Math.ceil((pausedUntil - vacation.startedAt) / DAY) };
}
