/** /game history [count]: this server's finished games (and those ended early), newest first, each with a link to its last board. */
import { integer } from '../../command-data.js';
import { t } from '../../i18n/index.js';
import { playerById } from '../../messages/index.js';
import type { ChatInputCommandInteraction } from 'discord.js';
import type { FinishedGame } from '../../../app/game-service.js';
import type { HandlerEnv } from '../../context.js';
import { answerPrivately } from '../../respond.js';
import { tableLink, visibleGames } from '../../tables.js';
import { recordsScope } from '../../anywhere.js';
import { command } from '../command.js';

export const HISTORY_ENTRIES = 10;

export const gameHistory = command({
  key: 'cmd.game.history',
  ack: 'ephemeral',
  options: { count: integer('opt.count', { min: 1, max: 25 }) },
  async handle(env, interaction, options) {
    const scope = recordsScope(interaction);
    if (scope === null) return answerPrivately(interaction, t(env.locale, 'history.empty'));
    // In a direct message: the games of this direct message only (the "direct messages" scope is everyone's).
    const { guildId, inDm } = scope;
    const count = options.count ?? HISTORY_ENTRIES;
    const games = await visibleHistory(env, interaction, guildId, count, inDm ? env.channelId : undefined);
    if (games.length === 0) return answerPrivately(interaction, t(env.locale, inDm ? 'anywhere.historyEmpty' : 'history.empty'));
    const lines = [t(env.locale, 'history.title', { count: games.length })];
    for (const game of games) {
      const name = env.ctx.presenters.get(game.kind)?.name(env.locale) ?? game.kind;
      // The stored result's winners (none: nobody won, see the rules notes), a computer with its level.
      const winners = game.winners.map((w) => playerById(w.userId, w.level, env.locale)).join(', ') || '-';
      const row = await env.ctx.service.gameRow(game.gameId);
      const link = row === undefined ? null : tableLink(row);
      const board = link === null ? '' : ` · ${t(env.locale, 'history.board', { link })}`;
      const line = game.abandoned ? 'history.abandonedLine' : game.winners.length === 0 ? 'history.noWinnerLine' : 'history.line';
      lines.push(t(env.locale, line, { id: game.gameId, game: name, when: `<t:${Math.floor(game.finishedAt / 1000)}:d>`, players: game.players, winners }) + board);
    }
    // Each game's number opens its replay.
    const hint = t(env.locale, 'history.replayHint');
    await answerPrivately(interaction, `${lines.join('\n').slice(0, 2000 - hint.length - 1)}\n${hint}`);
  },
});

/**
 * The newest `count` finished games the member may see (see visibleGames): read in growing windows until
 * enough are visible or the server has no more.
 */
async function visibleHistory(env: HandlerEnv, interaction: ChatInputCommandInteraction, guildId: string, count: number, channelId: string | undefined): Promise<FinishedGame[]> {
  for (let window = count; ; window *= 4) {
    const games = await env.ctx.service.history(guildId, window, channelId);
    const visible = await visibleGames(env, interaction, games.map((game) => ({ ...game, id: game.gameId })));
    if (visible.length >= count || games.length < window) return visible.slice(0, count);
  }
}
