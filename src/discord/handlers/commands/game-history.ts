/** /game history [count]: this server's finished games (and those ended early), newest first, each with a link to its last board. */
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { playerById } from '../../messages.js';
import { answerPrivately, messageLink } from '../../respond.js';
import { DM_SCOPE, placeOf } from '../../anywhere.js';

export const HISTORY_ENTRIES = 10;

export const gameHistory: CommandHandler = {
  route: 'game history',
  ack: 'ephemeral',
  async handle(env, interaction) {
    // In a direct message: the games of this direct message only (the "direct messages" scope is everyone's).
    const inDm = placeOf(interaction) === 'botDm';
    const guildId = interaction.guildId ?? (inDm ? DM_SCOPE : null);
    if (guildId === null) return answerPrivately(interaction, t(env.locale, 'history.empty'));
    const count = interaction.options.getInteger('count') ?? HISTORY_ENTRIES;
    const games = await env.ctx.service.history(guildId, count, inDm ? env.channelId : undefined);
    if (games.length === 0) return answerPrivately(interaction, t(env.locale, inDm ? 'anywhere.historyEmpty' : 'history.empty'));
    const lines = [t(env.locale, 'history.title', { count: games.length })];
    for (const game of games) {
      const name = env.ctx.presenters.get(game.kind)?.name(env.locale) ?? game.kind;
      const winners = game.winners.map((id) => playerById(id, env.locale)).join(', ') || '-';
      const board = game.boardMessageId === null ? '' : ` · ${t(env.locale, 'history.board', { link: messageLink(guildId, game.channelId, game.boardMessageId) })}`;
      const line = game.abandoned ? 'history.abandonedLine' : 'history.line';
      lines.push(t(env.locale, line, { id: game.gameId, game: name, when: `<t:${Math.floor(game.finishedAt / 1000)}:d>`, players: game.players, winners }) + board);
    }
    // issue 26: replays: each game's number opens its replay.
    const hint = t(env.locale, 'history.replayHint');
    await answerPrivately(interaction, `${lines.join('\n').slice(0, 2000 - hint.length - 1)}\n${hint}`);
  },
};
