/**
 * Each player's notification settings (one row per user, across games and servers). Rows are read back
 * through `readNotifySettings`: a value that cannot be what /game notify wrote makes the row unreadable,
 * and the caller sets it aside (the player is then notified the default way).
 */
import { eq, inArray } from 'drizzle-orm';
import { canonicalTimeZone, NOTIFY_CHANNELS, type NotifyChannel, type NotifySettings } from '../app/notifications.js';
import type { Db } from './database.js';
import { playerSettings, type PlayerSettingsRow } from './schema.js';

const isHour = (v: number | null): boolean => v === null || (Number.isInteger(v) && v >= 0 && v <= 23);

/** The settings a row holds, or why it cannot be read. */
export function readNotifySettings(row: PlayerSettingsRow): NotifySettings | string {
  if (!(NOTIFY_CHANNELS as readonly string[]).includes(row.notify)) return `unknown notify channel "${row.notify}"`;
  if (row.timeZone !== null && canonicalTimeZone(row.timeZone) === null) return 'the time zone is unknown';
  if (!isHour(row.quietFrom) || !isHour(row.quietTo) || (row.quietFrom === null) !== (row.quietTo === null)) return 'the quiet hours are not hours';
  if (row.awayUntil !== null && !Number.isSafeInteger(row.awayUntil)) return 'away_until is not a time';
  if (row.locale !== null && !/^[a-zA-Z-]{2,10}$/.test(row.locale)) return 'the locale is not a language tag';
  return { how: row.notify as NotifyChannel, timeZone: row.timeZone, quietFrom: row.quietFrom, quietTo: row.quietTo, awayUntil: row.awayUntil, locale: row.locale };
}

export class PlayerSettingsRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  find(userId: string): PlayerSettingsRow | undefined {
    return this.db.select().from(playerSettings).where(eq(playerSettings.userId, userId)).get();
  }

  findMany(userIds: readonly string[]): PlayerSettingsRow[] {
    if (userIds.length === 0) return [];
    return this.db.select().from(playerSettings).where(inArray(playerSettings.userId, [...userIds])).all();
  }

  save(userId: string, settings: NotifySettings): void {
    const values = { notify: settings.how, timeZone: settings.timeZone, quietFrom: settings.quietFrom, quietTo: settings.quietTo, awayUntil: settings.awayUntil, locale: settings.locale, updatedAt: this.now() };
    this.db
      .insert(playerSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: playerSettings.userId, set: values })
      .run();
  }

  /** Only the language of the player's direct messages; a player without a row gets one with the defaults. */
  saveLocale(userId: string, locale: string): void {
    const values = { locale, updatedAt: this.now() };
    this.db
      .insert(playerSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: playerSettings.userId, set: values })
      .run();
  }
}
