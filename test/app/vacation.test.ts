/**
 * The vacation budget's arithmetic (src/app/vacation.ts): how far a vacation holds the clocks, and how many
 * days it takes of the year's budget, as it is drawn, moved and ended early.
 */
import { describe, expect, it } from 'vitest';
import { isVacationDays, vacationPause, yearIn } from '../../src/app/vacation.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MONDAY_3PM = Date.UTC(2026, 5, 1, 15);

describe('a vacation drawn on the days a year', () => {
  it('holds the clocks until the player is back, and takes each day begun', () => {
    const fresh = { startedAt: MONDAY_3PM, pausedUntil: MONDAY_3PM };
    // Back Friday at midnight: three days and nine hours, four days begun.
    const friday = Date.UTC(2026, 5, 5);
    expect(vacationPause(fresh, MONDAY_3PM, friday, 14)).toEqual({ pausedUntil: friday, days: 4 });
  });

  it('holds them only as far as the days left reach, and not at all with none left', () => {
    const fresh = { startedAt: MONDAY_3PM, pausedUntil: MONDAY_3PM };
    const inTenDays = MONDAY_3PM + 10 * DAY;
    expect(vacationPause(fresh, MONDAY_3PM, inTenDays, 3)).toEqual({ pausedUntil: MONDAY_3PM + 3 * DAY, days: 3 });
    expect(vacationPause(fresh, MONDAY_3PM, inTenDays, 0)).toEqual({ pausedUntil: MONDAY_3PM, days: 0 });
    expect(vacationPause(fresh, MONDAY_3PM, inTenDays, -2)).toEqual({ pausedUntil: MONDAY_3PM, days: 0 });
  });

  it('ended early gives back the days not begun; ended at once takes none', () => {
    const going = { startedAt: MONDAY_3PM, pausedUntil: MONDAY_3PM + 5 * DAY };
    const back = MONDAY_3PM + 2 * DAY + HOUR;
    expect(vacationPause(going, back, back, 14)).toEqual({ pausedUntil: back, days: 3 });
    expect(vacationPause({ startedAt: MONDAY_3PM, pausedUntil: MONDAY_3PM }, MONDAY_3PM, MONDAY_3PM, 14)).toEqual({ pausedUntil: MONDAY_3PM, days: 0 });
  });

  it('moved while it goes on keeps its start and draws again; a pause already over stays as it was', () => {
    const going = { startedAt: MONDAY_3PM, pausedUntil: MONDAY_3PM + 3 * DAY };
    const now = MONDAY_3PM + DAY;
    expect(vacationPause(going, now, MONDAY_3PM + 6 * DAY, 14)).toEqual({ pausedUntil: MONDAY_3PM + 6 * DAY, days: 6 });
    // The days lowered below what has passed: the clocks run from now, the days taken so far stay taken.
    expect(vacationPause(going, now + HOUR, MONDAY_3PM + 6 * DAY, 1)).toEqual({ pausedUntil: now + HOUR, days: 2 });
    // The clock ran already (the days were spent): more days later do not stop it again.
    const spent = { startedAt: MONDAY_3PM, pausedUntil: MONDAY_3PM + DAY };
    expect(vacationPause(spent, MONDAY_3PM + 2 * DAY, MONDAY_3PM + 6 * DAY, 14)).toEqual({ pausedUntil: MONDAY_3PM + DAY, days: 1 });
  });

  it('counts for the calendar year on the player’s clock', () => {
    const newYearsEveLate = Date.UTC(2026, 11, 31, 23, 30);
    expect(yearIn(newYearsEveLate, null)).toBe(2026);
    expect(yearIn(newYearsEveLate, 'Europe/Berlin')).toBe(2027);
    expect(yearIn(Date.UTC(2027, 0, 1, 3), 'America/New_York')).toBe(2026);
  });

  it('a server chooses whole days from 0 to 365', () => {
    expect([0, 14, 365].every(isVacationDays)).toBe(true);
    expect([-1, 366, 2.5, Number.NaN].some(isVacationDays)).toBe(false);
  });
});
