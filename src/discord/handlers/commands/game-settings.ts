/**
 * /game settings [reminder_hours] [reminder_limit] [idle_hours] [game]: shows, or (host, moderators)
 * changes them. A change applies to the turn in progress at once and is announced to the table (through the
 * outbox). Which game: see ../../tables.ts.
 */
import { SETTING_BOUNDS } from '../../../app/settings.js';
import { integer } from '../../command-data.js';
import { t } from '../../i18n/index.js';
import { settingsText } from '../../messages/index.js';
import { answerPrivately, refusalText } from '../../respond.js';
import { canManage } from '../caller.js';
import { tableCommand } from '../command.js';

export const gameSettings = tableCommand({
  table: 'settings',
  options: {
    reminderHours: integer('opt.reminderHours', SETTING_BOUNDS.reminderHours),
    reminderLimit: integer('opt.reminderLimit', SETTING_BOUNDS.reminderLimit),
    idleHours: integer('opt.idleHours', SETTING_BOUNDS.idleHours),
  },
  needs: 'open',
  async handle(env, interaction, { options: change, game }) {
    const { service } = env.ctx;
    const { row } = game;
    if (change.reminderHours === null && change.reminderLimit === null && change.idleHours === null) {
      return answerPrivately(interaction, settingsText(env.locale, row.id, row));
    }
    await service.lockedGame(row.id, async () => {
      const result = await service.updateSettings(row.id, interaction.user.id, canManage(interaction), change);
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
});
