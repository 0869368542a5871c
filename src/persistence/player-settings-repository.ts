/**
 * Each player's notification settings (one row per user, across games and servers). Rows are read back
 * through `readNotifySettings`: a value that cannot be what /game notify wrote makes the row unreadable,
 * and the caller sets it aside (the player is then notified the default way).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { canonicalTimeZone, NOTIFY_CHANNELS, type NotifyChannel, type NotifySettings } from '../notify-settings.js';
import type { Dialect } from './dialect.js';
import type { PlayerSettingsRow } from './schema.js';
import { all, insert, keptForCount, select, update, type SelectQuery, type Statements } from './statements.js';

const isHour = (v: number | null): boolean => v === null || (Number.isInteger(v) && v >= 0 && v <= 23);

/** The settings a row holds, or why it cannot be read. */
export function readNotifySettings(row: PlayerSettingsRow): NotifySettings | string {
  if (!(NOTIFY_CHANNELS as readonly string[]).includes(row.notify)) return `unknown notify channel "${row.notify}"`;
  if (row.timeZone !== null && canonicalTimeZone(row.timeZone) === null) return 'the time zone is unknown';
  if (!isHour(row.quietFrom) || !isHour(row.quietTo) || (row.quietFrom === null) !== (row.quietTo === null)) return 'the quiet hours are not hours';
  if (row.awayUntil !== null && !Number.isSafeInteger(row.awayUntil)) return 'away_until is not a time';
  if (row.locale !== null && !/^[a-zA-Z-]{2,10}$/.test(row.locale)) return 'the locale is not a language tag';
  if (row.autoForced !== 0 && row.autoForced !== 1) return 'auto_forced is not 0 or 1';
  if (row.phonePicture !== 0 && row.phonePicture !== 1) return 'phone_picture is not 0 or 1';
  return { how: row.notify as NotifyChannel, timeZone: row.timeZone, quietFrom: row.quietFrom, quietTo: row.quietTo, awayUntil: row.awayUntil, locale: row.locale, autoForced: row.autoForced === 1, phonePicture: row.phonePicture === 1 };
}

/** findMany keeps its query for up to this many users (a game's players and followers, usually). */
const KEPT_MANY = 16;

export class PlayerSettingsRepository {
  /**
   * Read at every click and every board: built once with placeholders per number of users asked for (1 to
   * KEPT_MANY), prepared once on SQLite. One user is read with the same query as a list of one.
   */
  readonly #byUsers = new Map<number, SelectQuery<PlayerSettingsRow>>();

  constructor(
    private readonly dialect: Dialect,
    private readonly now: () => number,
  ) {}

  *find(userId: string): Statements<PlayerSettingsRow | undefined> {
    return (yield* this.findMany([userId]))[0];
  }

  *findMany(userIds: readonly string[]): Statements<PlayerSettingsRow[]> {
    if (userIds.length === 0) return [];
    const { playerSettings } = this.dialect.tables;
    const kept = keptForCount(this.#byUsers, userIds, KEPT_MANY, 'u', (ids) => select(playerSettings, { where: inArray(playerSettings.userId, ids) }));
    if (kept === null) return yield* all(select(playerSettings, { where: inArray(playerSettings.userId, [...userIds]) }));
    return yield* all(kept.query, kept.values);
  }

  *save(userId: string, settings: NotifySettings): Statements<void> {
    const { playerSettings } = this.dialect.tables;
    const values = { notify: settings.how, timeZone: settings.timeZone, quietFrom: settings.quietFrom, quietTo: settings.quietTo, awayUntil: settings.awayUntil, locale: settings.locale, autoForced: settings.autoForced ? 1 : 0, phonePicture: settings.phonePicture ? 1 : 0, updatedAt: this.now() };
    yield* insert(playerSettings, [{ userId, ...values }], { target: playerSettings.userId, set: values });
  }

  /** Only the language of the player's direct messages; a player without a row gets one with the defaults. */
  *saveLocale(userId: string, locale: string): Statements<void> {
    const { playerSettings } = this.dialect.tables;
    const values = { locale, updatedAt: this.now() };
    yield* insert(playerSettings, [{ userId, ...values }], { target: playerSettings.userId, set: values });
  }

  /** A direct message to the player failed (they closed theirs): they are told at their next interaction. */
  *markDmFailed(userId: string, at: number): Statements<void> {
    const { playerSettings } = this.dialect.tables;
    yield* insert(playerSettings, [{ userId, dmFailedAt: at, updatedAt: this.now() }], { target: playerSettings.userId, set: { dmFailedAt: at } });
  }

  /** When a direct message to the player failed and they were not told yet (null: nothing to tell); clears it. */
  *takeDmFailed(userId: string): Statements<number | null> {
    const { playerSettings } = this.dialect.tables;
    const row = yield* this.find(userId);
    if (row?.dmFailedAt == null) return null;
    // Only the one who clears it tells the player (two interactions at once tell them once).
    const cleared = yield* update(playerSettings, { dmFailedAt: null }, and(eq(playerSettings.userId, userId), isNotNull(playerSettings.dmFailedAt)));
    return cleared === 1 ? row.dmFailedAt : null;
  }
}
