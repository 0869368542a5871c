/**
 * /game list [server]: the running and open games of this channel (or of the whole server), privately:
 * each with its table (its thread, or the channel; a lobby's message to join it), its players, its round
 * and whose turn it is. Oldest first.
 */
import { flag } from '../../command-data.js';
import { t } from '../../i18n/index.js';
import type { BaseInteraction } from 'discord.js';
import type { TableEntry } from '../../../app/game-service.js';
import type { HandlerEnv } from '../../context.js';
import { answerPrivately } from '../../respond.js';
import { gameListText, placeOf, tableLink, tableParts, visibleGames } from '../../tables.js';
import { command } from '../command.js';

export const gameList = command({
  key: 'cmd.game.list',
  ack: 'ephemeral',
  options: { server: flag('opt.server') },
  async handle(env, interaction, options) {
    const server = options.server === true;
    const guildId = interaction.guildId;
    // The whole server: only the games of channels the member can view (or that they play in).
    const entries =
      server && guildId !== null
        ? await visibleEntries(env, interaction, await env.ctx.service.tables({ guildId }))
        : await env.ctx.service.tables({ channelId: env.channelId });
    const scope = server ? 'server' : 'channel';
    if (entries.length === 0) return answerPrivately(interaction, t(env.locale, `list.empty.${scope}`));
    const lines = entries.map((entry) => {
      const { title, details } = tableParts(env, entry, env.locale, true);
      const { row } = entry;
      const link = row.status === 'lobby' ? tableLink(row) : null;
      const where = link !== null ? t(env.locale, 'list.lobby', { link, place: placeOf(row) }) : placeOf(row);
      return `- **${title}** · ${[where, ...details].join(' · ')}`;
    });
    await answerPrivately(interaction, gameListText(t(env.locale, `list.title.${scope}`, { count: entries.length }), lines, env.locale));
  },
});

/** The entries whose game the member may see (see visibleGames). */
async function visibleEntries(env: HandlerEnv, interaction: BaseInteraction, entries: readonly TableEntry[]): Promise<TableEntry[]> {
  const shown = new Set((await visibleGames(env, interaction, entries.map((e) => e.row))).map((row) => row.id));
  return entries.filter((e) => shown.has(e.row.id));
}
