/**
 * /stats [user]: a player's games, wins, average place and skill rating per game (yourself when no one is
 * named), and the server's leaderboard of each game by skill rating (rating-lines.ts). Only this server's
 * finished games count.
 */
import { user } from '../../command-data.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { ratingBoardLines, ratingText } from '../../rating-lines.js';
import { recordsScope } from '../../anywhere.js';
import { command } from '../command.js';

export const stats = command({
  key: 'cmd.stats',
  ack: 'ephemeral',
  options: { user: user('opt.user') },
  async handle(env, interaction, options) {
    const scope = recordsScope(interaction);
    if (scope === null) return answerPrivately(interaction, t(env.locale, 'stats.none', { player: `<@${interaction.user.id}>` }));
    // In a direct message: the player's own games of direct messages, and no leaderboard (nobody shares it).
    const { guildId, inDm } = scope;
    const { service, presenters } = env.ctx;
    // A user Discord named but did not resolve is not the caller: refused, never answered about someone else.
    const named = inDm ? null : options.user;
    if (named !== null && named.user === null) return answerPrivately(interaction, t(env.locale, 'stats.unknownUser'));
    const whose = named?.user ?? interaction.user;
    const player = `<@${whose.id}>`;
    const lines: string[] = [];
    const mine = await service.playerStats(guildId, whose.id);
    const ratings = new Map((await service.playerRatings(guildId, whose.id)).map((r) => [r.kind, r]));
    if (mine.length === 0) lines.push(t(env.locale, 'stats.none', { player }));
    else {
      lines.push(t(env.locale, inDm ? 'anywhere.statsTitle' : 'stats.title', { player }));
      for (const row of mine) {
        const line = t(env.locale, 'stats.line', { game: presenters.get(row.kind)?.name(env.locale) ?? row.kind, games: row.games, wins: row.wins, place: row.averagePlace.toFixed(1) });
        const rating = ratings.get(row.kind);
        lines.push(rating === undefined ? line : `${line} · ${ratingText(env.locale, rating)}`);
      }
    }
    // A direct message has no server: no leaderboard there (the bot plays in DMs too).
    if (!inDm) lines.push(...(await ratingBoardLines(service, presenters, guildId, env.locale)));
    await answerPrivately(interaction, lines.join('\n').slice(0, 2000));
  },
});
