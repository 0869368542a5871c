/** /game settings [reminder_hours] [reminder_limit] [idle_hours]: shows, or (host, moderators) changes them. */
import type { GameRow } from '../../../app/game-service.js';
import type { Locale } from '../../../engine/index.js';
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, refusalText } from '../../respond.js';
import { canManage, refuse } from '../common.js';

export function settingsText(locale: Locale, row: GameRow): string {
  return t(locale, 'settings.show', {
    id: row.id,
    hours: Math.round((row.reminderIntervalMinutes / 60) * 10) / 10,
    limit: row.reminderLimit,
    idle: Math.round((row.idleAfterMinutes / 60) * 10) / 10,
  });
}

export const gameSettings: CommandHandler = {
  route: 'game settings',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    const loaded = service.byChannel(env.channelId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const change = {
      reminderHours: interaction.options.getInteger('reminder_hours'),
      reminderLimit: interaction.options.getInteger('reminder_limit'),
      idleHours: interaction.options.getInteger('idle_hours'),
    };
    if (change.reminderHours === null && change.reminderLimit === null && change.idleHours === null) {
      return answerPrivately(interaction, settingsText(env.locale, loaded.game.row));
    }
    const result = service.updateSettings(loaded.game.row.id, interaction.user.id, canManage(interaction), change);
    if (!result.ok) {
      if (result.code === 'invalid_setting') {
        const field = t(env.locale, `settings.field.${result.field}` as 'settings.field.idleHours');
        return answerPrivately(interaction, t(env.locale, 'refusal.invalid_setting', { field, min: result.min, max: result.max }));
      }
      return answerPrivately(interaction, refusalText(env.ctx, result, env.locale));
    }
    await answerPrivately(interaction, t(env.locale, 'settings.updated', { settings: settingsText(env.locale, result.row) }));
  },
};
