/**
 * /game server [vacation_days] [bench_channel] [bench_role] [bench_off]: this server's own settings for every
 * game, privately. Without options it shows them; members who may manage the server change them
 * (src/app/vacation.ts: the vacation budget; src/app/service/bench.ts: the substitute bench).
 * A server setting, not a game's: /game settings stays the settings of one table.
 */
import { ChannelFlags, ChannelType, PermissionFlagsBits, type ChatInputCommandInteraction, type Interaction } from 'discord.js';
import type { Bench } from '../../../app/service/bench.js';
import { VACATION_DAYS_BOUNDS } from '../../../app/vacation.js';
import type { Locale } from '../../../engine/index.js';
import { channel, flag, integer, role } from '../../command-data.js';
import type { HandlerEnv } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { command } from '../command.js';

function serverText(locale: Locale, vacationDays: number, bench: Bench | null): string {
  const benchText = bench === null ? t(locale, 'server.noBench') : t(locale, 'server.bench', { channel: `<#${bench.channelId}>`, role: bench.roleId === null ? 'none' : `<@&${bench.roleId}>` });
  return `${t(locale, 'server.show', { days: vacationDays })}\n${benchText}`;
}

/** The permissions the bot needs where it posts the bench's offers (in a forum, Send Messages opens posts). */
const BENCH_PERMISSIONS = [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages];

/**
 * Why the bot cannot offer seats in `channelId` (a text channel or a forum) pinging `roleId` (null: it can):
 * it must see the channel and post there, and ping the role (a mentionable role, or its permission to mention every role there).
 */
function benchRefusal(env: HandlerEnv, interaction: ChatInputCommandInteraction, channelId: string, roleId: string | null): string | null {
  const bench = env.ctx.client.channels.cache.get(channelId);
  const me = env.ctx.client.user;
  const perms = bench !== undefined && 'permissionsFor' in bench && me !== null ? bench.permissionsFor(me) : null;
  const names = { channel: `<#${channelId}>`, role: roleId === null ? '' : `<@&${roleId}>` };
  if (bench === undefined || !(bench.type === ChannelType.GuildText || bench.type === ChannelType.GuildForum) || perms === null || !BENCH_PERMISSIONS.every((bit) => perms.has(bit, true))) return t(env.locale, 'server.benchCannotPost', names);
  // The bot adds no tag to its posts: a forum that asks one of every post would refuse them all.
  if (bench.type === ChannelType.GuildForum && bench.flags.has(ChannelFlags.RequireTag)) return t(env.locale, 'server.benchNeedsTag', names);
  if (roleId === null) return null;
  const role = interaction.guild?.roles.cache.get(roleId);
  const mentionable = role?.mentionable === true || perms.has(PermissionFlagsBits.MentionEveryone, true);
  return mentionable ? null : t(env.locale, 'server.benchCannotPing', names);
}

/** Members who may manage the server change its settings. */
function canManageServer(interaction: Interaction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

export const gameServer = command({
  key: 'cmd.game.server',
  ack: 'ephemeral',
  options: {
    vacationDays: integer('opt.vacationDays', VACATION_DAYS_BOUNDS),
    benchChannel: channel('opt.benchChannel', [ChannelType.GuildText, ChannelType.GuildForum]),
    benchRole: role('opt.benchRole'),
    benchOff: flag('opt.benchOff'),
  },
  async handle(env, interaction, { vacationDays, benchChannel, benchRole, benchOff }) {
    const { service } = env.ctx;
    const guildId = interaction.guildId;
    if (guildId === null) return answerPrivately(interaction, t(env.locale, 'server.notInServer'));
    const bench = await service.benchOf(guildId);
    const benchChange = benchChannel !== null || benchRole !== null || benchOff === true;
    if (vacationDays === null && !benchChange) return answerPrivately(interaction, serverText(env.locale, await service.vacationDays(guildId), bench));
    if (!canManageServer(interaction)) return answerPrivately(interaction, t(env.locale, 'server.notAdmin'));
    // Every change is checked before any is saved: a refused one changes nothing.
    const benchTo = benchOff === true ? null : benchChannel ?? bench?.channelId ?? null;
    if (benchOff !== true && benchRole !== null && benchTo === null) return answerPrivately(interaction, t(env.locale, 'server.benchRoleWithoutChannel'));
    const roleTo = benchRole ?? (benchChannel !== null ? null : (bench?.roleId ?? null));
    if (benchChange && benchTo !== null) {
      const refused = benchRefusal(env, interaction, benchTo, roleTo);
      if (refused !== null) return answerPrivately(interaction, refused);
    }
    let days = await service.vacationDays(guildId);
    if (vacationDays !== null) {
      const result = await service.setVacationDays(guildId, vacationDays);
      if (!result.ok) return answerPrivately(interaction, t(env.locale, 'refusal.invalid_setting', { field: t(env.locale, 'opt.vacationDays.name'), ...VACATION_DAYS_BOUNDS }));
      days = result.days;
    }
    const benchNow = benchChange ? await service.setBench(guildId, benchTo, roleTo) : bench;
    await answerPrivately(interaction, t(env.locale, 'server.updated', { settings: serverText(env.locale, days, benchNow) }));
  },
});
