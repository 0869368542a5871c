/**
 * /game settings [reminder_hours] [reminder_limit] [idle_hours]: shows, or (host, moderators) changes them.
 * A change applies to the turn in progress at once and is announced to the table (through the outbox).
 */
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { settingsText } from '../../messages.js';
import { answerPrivately, refusalText } from '../../respond.js';
import { canManage, refuse } from '../common.js';

export const gameSettings: CommandHandler = {
  route: 'game settings',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    const loaded = await service.byChannel(env.channelId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const change = {
      reminderHours: interaction.options.getInteger('reminder_hours'),
      reminderLimit: interaction.options.getInteger('reminder_limit'),
      idleHours: interaction.options.getInteger('idle_hours'),
    };
    if (change.reminderHours === null && change.reminderLimit === null && change.idleHours === null) {
      return answerPrivately(interaction, settingsText(env.locale, loaded.game.row.id, loaded.game.row));
    }
    await service.locked(interaction.channelId, async () => {
      const result = await service.updateSettings(loaded.game.row.id, interaction.user.id, canManage(interaction), change);
      if (!result.ok) {
        if (result.code === 'invalid_setting') {
          const field = t(env.locale, `settings.field.${result.field}` as 'settings.field.idleHours');
          return answerPrivately(interaction, t(env.locale, 'refusal.invalid_setting', { field, min: result.min, max: result.max }));
        }
        return answerPrivately(interaction, refusalText(env.ctx, result, env.locale));
      }
      // The announcement is owed through the outbox: posted now, or by the deliverer as soon as Discord takes it.
      await env.ctx.deliverer.deliverHeld(result.row.id);
      await answerPrivately(interaction, t(env.locale, 'settings.updated', { settings: settingsText(env.locale, result.row.id, result.row) }));
    });
  },
};
