/** The reminder and idle settings of a game, as shown and as announced to the table. */
import type { Snapshot } from '../../app/game-service.js';
import type { Locale } from '../../engine/index.js';
import { t } from '../i18n/index.js';
import { type PublicMessage, gameLocale, fit, relativeTime } from './shared.js';

export interface SettingsValues {
  readonly reminderIntervalMinutes: number;
  readonly reminderLimit: number;
  readonly idleAfterMinutes: number;
}

export function settingsText(locale: Locale, id: number, values: SettingsValues): string {
  return t(locale, 'settings.show', {
    id,
    hours: Math.round((values.reminderIntervalMinutes / 60) * 10) / 10,
    limit: values.reminderLimit,
    idle: Math.round((values.idleAfterMinutes / 60) * 10) / 10,
  });
}

/** The table is told of a settings change, and when the next reminder and the idle vote now come. */
export function settingsMessage(game: Snapshot, userId: string, values: SettingsValues, nextReminderAt: number | null, idleAt: number | null): PublicMessage {
  const locale = gameLocale(game);
  const lines = [t(locale, 'settings.announced', { user: `<@${userId}>`, settings: settingsText(locale, game.row.id, values) })];
  if (idleAt !== null) {
    lines.push(
      nextReminderAt === null
        ? t(locale, 'settings.turnNoReminder', { idle: relativeTime(idleAt) })
        : t(locale, 'settings.turnTimers', { reminder: relativeTime(nextReminderAt), idle: relativeTime(idleAt) }),
    );
  }
  return { content: fit(lines), components: [], allowedMentions: { parse: [] } };
}
