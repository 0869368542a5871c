/**
 * The time rules of /game notify, on the player's own clock: quiet hours (also across midnight and a
 * clock change), the day an absence ends, and IANA time zone names checked by Intl.
 */
import { describe, expect, it } from 'vitest';
import { isAway, parseAwayDate, quietUntil } from '../../src/app/notifications.js';
import { canonicalTimeZone, DEFAULT_NOTIFY } from '../../src/notify-settings.js';

const berlinNights = { ...DEFAULT_NOTIFY, timeZone: 'Europe/Berlin', quietFrom: 22, quietTo: 8 };
const utc = (iso: string): number => Date.parse(iso);

describe('quiet hours', () => {
  it('end at the next quiet_to on the player clock, across midnight', () => {
    // 23:30 in Berlin (winter, UTC+1): quiet until 08:00 Berlin = 07:00 UTC.
    expect(quietUntil(berlinNights, utc('2026-01-10T22:30:00Z'))).toBe(utc('2026-01-11T07:00:00Z'));
    expect(quietUntil(berlinNights, utc('2026-01-11T06:59:00Z'))).toBe(utc('2026-01-11T07:00:00Z'));
    expect(quietUntil(berlinNights, utc('2026-01-11T07:00:00Z'))).toBeNull();
    expect(quietUntil(berlinNights, utc('2026-01-10T12:00:00Z'))).toBeNull();
  });

  it('follow a clock change in the night: 08:00 summer time in Berlin is 06:00 UTC', () => {
    expect(quietUntil(berlinNights, utc('2026-03-29T00:30:00Z'))).toBe(utc('2026-03-29T06:00:00Z'));
  });

  it('within one day, and none when both ends are the same hour or unset', () => {
    const afternoon = { ...DEFAULT_NOTIFY, quietFrom: 13, quietTo: 15 };
    expect(quietUntil(afternoon, utc('2026-05-01T14:10:00Z'))).toBe(utc('2026-05-01T15:00:00Z'));
    expect(quietUntil(afternoon, utc('2026-05-01T15:10:00Z'))).toBeNull();
    expect(quietUntil({ ...DEFAULT_NOTIFY, quietFrom: 9, quietTo: 9 }, utc('2026-05-01T09:10:00Z'))).toBeNull();
    expect(quietUntil(DEFAULT_NOTIFY, utc('2026-05-01T09:10:00Z'))).toBeNull();
  });
});

describe('away until a day', () => {
  const now = utc('2026-01-10T12:00:00Z');

  it('is the midnight that starts the day on the player clock', () => {
    expect(parseAwayDate('2026-02-01', 'Europe/Berlin', now)).toBe(utc('2026-01-31T23:00:00Z'));
    expect(parseAwayDate('2026-02-01', null, now)).toBe(utc('2026-02-01T00:00:00Z'));
    expect(parseAwayDate('2026-07-01', 'America/New_York', now)).toBe(utc('2026-07-01T04:00:00Z'));
    expect(isAway({ ...DEFAULT_NOTIFY, awayUntil: utc('2026-02-01T00:00:00Z') }, now)).toBe(true);
    expect(isAway({ ...DEFAULT_NOTIFY, awayUntil: now }, now)).toBe(false);
  });

  it('refuses what is not a day ahead within a year', () => {
    for (const text of ['2026-02-30', '2026-01-10', '2025-12-31', '2028-01-01', '1 Feb', '2026-2-1', '']) expect(parseAwayDate(text, null, now), text).toBeNull();
  });
});

describe('time zones', () => {
  it('are IANA names, answered in their canonical spelling', () => {
    expect(canonicalTimeZone('europe/amsterdam')).toBe('Europe/Amsterdam');
    expect(canonicalTimeZone(' Asia/Tokyo ')).toBe('Asia/Tokyo');
    for (const name of ['Mars/Base', 'Berlin', '', 'x'.repeat(65)]) expect(canonicalTimeZone(name), name).toBeNull();
  });
});
