/**
 * /game server [vacation_days]: this server's own settings for every game, privately. Without options it
 * shows them; members who may manage the server change them (src/app/vacation.ts: the vacation budget).
 * A server setting, not a game's: /game settings stays the settings of one table.
 */
import { PermissionFlagsBits, type Interaction } from 'discord.js';
import { VACATION_DAYS_BOUNDS } from '../../../app/vacation.js';
import type { Locale } from '../../../engine/index.js';
import { integer } from '../../command-data.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { command } from '../command.js';

function serverText(locale: Locale, vacationDays: number): string {
  return t(locale, 'server.show', { days: vacationDays });
}

/** Members who may manage the server change its settings. */
function canManageServer(interaction: Interaction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

export const gameServer = command({
  key: 'cmd.game.server',
  ack: 'ephemeral',
  options: { vacationDays: integer('opt.vacationDays', VACATION_DAYS_BOUNDS) },
  async handle(env, interaction, { vacationDays }) {
    const { service } = env.ctx;
    const guildId = interaction.guildId;
    if (guildId === null) return answerPrivately(interaction, t(env.locale, 'server.notInServer'));
    if (vacationDays === null) return answerPrivately(interaction, serverText(env.locale, await service.vacationDays(guildId)));
    if (!canManageServer(interaction)) return answerPrivately(interaction, t(env.locale, 'server.notAdmin'));
    const result = await service.setVacationDays(guildId, vacationDays);
    if (!result.ok) return answerPrivately(interaction, t(env.locale, 'refusal.invalid_setting', { field: t(env.locale, 'opt.vacationDays.name'), ...VACATION_DAYS_BOUNDS }));
    await answerPrivately(interaction, t(env.locale, 'server.updated', { settings: serverText(env.locale, result.days) }));
  },
});
