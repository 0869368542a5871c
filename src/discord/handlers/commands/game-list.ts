/**
 * /game list [server]: the running and open games of this channel (or of the whole server), privately:
 * each with its table (its thread, or the channel; a lobby's message to join it), its players, its round
 * and whose turn it is. Oldest first.
 */
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, messageLink } from '../../respond.js';
import { placeOf, tableParts } from '../../tables.js';

/** Room left under Discord's 2,000 characters for the line that says how many more there are. */
const LIST_BUDGET = 1_850;

export const gameList: CommandHandler = {
  route: 'game list',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const server = interaction.options.getBoolean('server') === true;
    const guildId = interaction.guildId;
    const entries = server && guildId !== null ? await env.ctx.service.tables({ guildId }) : await env.ctx.service.tables({ channelId: env.channelId });
    const scope = server ? 'server' : 'channel';
    if (entries.length === 0) return answerPrivately(interaction, t(env.locale, `list.empty.${scope}`));
    const lines = [t(env.locale, `list.title.${scope}`, { count: entries.length })];
    let length = lines[0]!.length;
    for (const [i, entry] of entries.entries()) {
      const { title, details } = tableParts(env, entry, env.locale, true);
      const { row } = entry;
      const where =
        row.status === 'lobby' && row.boardMessageId !== null
          ? t(env.locale, 'list.lobby', { link: messageLink(row.guildId, row.channelId, row.boardMessageId), place: placeOf(row) })
          : placeOf(row);
      const line = `- **${title}** · ${[where, ...details].join(' · ')}`;
      if (length + line.length + 1 > LIST_BUDGET) {
        lines.push(t(env.locale, 'list.more', { count: entries.length - i }));
        break;
      }
      lines.push(line);
      length += line.length + 1;
    }
    await answerPrivately(interaction, lines.join('\n'));
  },
};
