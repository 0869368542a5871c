/**
 * /game settings [reminder_hours] [reminder_limit] [idle_hours] [game]: shows, or (host, moderators)
 * changes them. A change applies to the turn in progress at once and is announced to the table (through the
 * outbox). Which game: see ../../tables.ts.
 */
import type { RepliableInteraction } from 'discord.js';
import type { CommandHandler, HandlerEnv } from '../../context.js';
import { t } from '../../i18n/index.js';
import { settingsText } from '../../messages/index.js';
import { answerPrivately, refusalText } from '../../respond.js';
import { completeGame, gameForCommand } from '../../tables.js';
import { canManage, refuse } from '../caller.js';

/** The options of /game settings (null: not given). */
export interface SettingsOptions {
  readonly reminderHours: number | null;
  readonly reminderLimit: number | null;
  readonly idleHours: number | null;
}

export const gameSettings: CommandHandler = {
  route: 'game settings',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const change = {
      reminderHours: interaction.options.getInteger('reminder_hours'),
      reminderLimit: interaction.options.getInteger('reminder_limit'),
      idleHours: interaction.options.getInteger('idle_hours'),
    };
    const gameId = await gameForCommand(env, interaction, 'settings', [change.reminderHours, change.reminderLimit, change.idleHours]);
    if (gameId !== undefined) await settingsOf(env, interaction, gameId, change);
  },
  autocomplete: completeGame,
};

/** /game settings for game `gameId` (null: no running game in the channel). */
export async function settingsOf(env: HandlerEnv, interaction: RepliableInteraction, gameId: number | null, change: SettingsOptions): Promise<void> {
  const { service } = env.ctx;
  const loaded = gameId === null ? await service.byChannel(env.channelId) : await service.byId(gameId);
  if (!loaded.ok) return refuse(env, interaction, loaded);
  const row = loaded.game.row;
  if (row.status !== 'lobby' && row.status !== 'active') return refuse(env, interaction, { ok: false, code: 'no_game' });
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
}
