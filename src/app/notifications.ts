/**
 * How each player wants to be told that a game waits for them, across all their games (`/game notify`):
 *
 * - `how`: a mention in the game's channel (the default), a direct message, or both. A player who chose
 *   direct messages is still named on the board, without a ping.
 * - Quiet hours in the player's own time zone (`quietFrom`-`quietTo`, whole hours, wrapping midnight): a
 *   reminder (or a low-bank warning) due then waits until they end; the player's reminders held so come
 *   together, in one message.
 * - Away until a moment (`awayUntil`): no reminders, no idle vote about the player, and the board says so;
 *   the idle time starts again when they are back.
 *
 * The settings themselves (and the time zone check) are ../notify-settings.ts; the times are computed here,
 * purely.
 */

import type { NotifySettings } from '../notify-settings.js';

/** The longest absence one may announce (a year): further is a typo, not a holiday. */
export const MAX_AWAY_DAYS = 366;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Wall-clock fields of a moment in a time zone. */
function wallClock(at: number, timeZone: string): { year: number; month: number; day: number; minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), minutes: get('hour') * 60 + get('minute'), seconds: get('second') };
}

/** The zone's offset from UTC at a moment, in ms (Berlin in winter: +1 h). */
function offsetAt(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, Math.floor(w.minutes / 60), w.minutes % 60, w.seconds);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * When the quiet hours that hold at `now` end, or null when `now` is not within quiet hours (or there
 * are none). The end is the next time the player's clock shows `quietTo`:00.
 */
export function quietUntil(settings: NotifySettings, now: number): number | null {
  const { quietFrom, quietTo } = settings;
  if (quietFrom === null || quietTo === null || quietFrom === quietTo) return null;
  const local = wallClock(now, settings.timeZone ?? 'UTC');
  const minutes = local.minutes;
  const from = quietFrom * 60;
  const to = quietTo * 60;
  const inside = from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
  if (!inside) return null;
  const wait = (to - minutes + 24 * 60) % (24 * 60);
  // Zone offsets are whole minutes: the start of this minute is the start of the player's minute too.
  const end = Math.floor(now / MINUTE) * MINUTE + wait * MINUTE;
  // A clock change inside the quiet hours moves their end by the difference.
  return end + (offsetAt(now, settings.timeZone ?? 'UTC') - offsetAt(end, settings.timeZone ?? 'UTC'));
}

export function isAway(settings: NotifySettings, now: number): boolean {
  return settings.awayUntil !== null && now < settings.awayUntil;
}

/**
 * "Away until <date>": `YYYY-MM-DD`, the day the player is back, from its midnight in their time zone.
 * Null when the text is not such a date, or it is not after today, or more than a year ahead.
 */
export function parseAwayDate(text: string, timeZone: string | null, now: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (m === null) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utcMidnight = Date.UTC(year, month - 1, day);
  const check = new Date(utcMidnight);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const zone = timeZone ?? 'UTC';
  // Midnight on the player's clock: UTC midnight less the zone's offset then (twice, for a clock change).
  let at = utcMidnight - offsetAt(utcMidnight, zone);
  at = utcMidnight - offsetAt(at, zone);
  if (at <= now || at - now > MAX_AWAY_DAYS * DAY) return null;
  return at;
}
