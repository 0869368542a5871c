/**
 * /stats [user]: a player's games, wins and average place per game (yourself when no one is named), and
 * the server's leaderboard. Only this server's finished games count.
 */
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { playerById } from '../../messages.js';
import { answerPrivately } from '../../respond.js';
import { DM_SCOPE, placeOf } from '../../anywhere.js';

export const LEADERBOARD_ENTRIES = 10;

export const stats: CommandHandler = {
  route: 'stats',
  ack: 'ephemeral',
  async handle(env, interaction) {
    // In a direct message: the player's own games of direct messages, and no leaderboard (nobody shares it).
    const inDm = placeOf(interaction) === 'botDm';
    const guildId = interaction.guildId ?? (inDm ? DM_SCOPE : null);
    if (guildId === null) return answerPrivately(interaction, t(env.locale, 'stats.none', { player: `<@${interaction.user.id}>` }));
    const { service, presenters } = env.ctx;
    const user = inDm ? interaction.user : (interaction.options.getUser('user') ?? interaction.user);
    const player = `<@${user.id}>`;
    const lines: string[] = [];
    const mine = await service.playerStats(guildId, user.id);
    if (mine.length === 0) lines.push(t(env.locale, 'stats.none', { player }));
    else {
      lines.push(t(env.locale, inDm ? 'anywhere.statsTitle' : 'stats.title', { player }));
      for (const row of mine) {
        lines.push(
          t(env.locale, 'stats.line', { game: presenters.get(row.kind)?.name(env.locale) ?? row.kind, games: row.games, wins: row.wins, place: row.averagePlace.toFixed(1) }),
        );
      }
    }
    const board = inDm ? [] : await service.leaderboard(guildId, LEADERBOARD_ENTRIES);
    if (board.length > 0) {
      lines.push('', t(env.locale, 'stats.leaderboard'));
      board.forEach((row, index) => {
        lines.push(t(env.locale, 'stats.rank', { rank: index + 1, player: playerById(row.userId, env.locale), games: row.games, wins: row.wins, place: row.averagePlace.toFixed(1) }));
      });
    }
    await answerPrivately(interaction, lines.join('\n').slice(0, 2000));
  },
};
