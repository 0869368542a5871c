/**
 * /game mine [dm]: privately, every game of this server that waits for me (my decision in a running game,
 * or my full lobby to start), oldest waiting first, with links to their latest boards; with dm:true the
 * same list comes by direct message (closed direct messages: it is shown here instead, saying so).
 */
import { DiscordAPIError } from 'discord.js';
import type { WaitingGame } from '../../../app/game-service.js';
import type { Locale } from '../../../engine/index.js';
import { flag } from '../../command-data.js';
import type { HandlerEnv } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately } from '../../respond.js';
import { gameListText, placeOf, tableLink } from '../../tables.js';
import { command } from '../command.js';

export const gameMine = command({
  key: 'cmd.game.mine',
  ack: 'ephemeral',
  options: { dm: flag('opt.dm') },
  async handle(env, interaction, options) {
    const guildId = interaction.guildId;
    const waiting = guildId === null ? [] : await env.ctx.service.waitingFor(guildId, interaction.user.id);
    const list = waitingList(env, waiting, env.locale);
    if (options.dm !== true) return answerPrivately(interaction, list);
    try {
      const dm = await env.ctx.client.users.createDM(interaction.user.id);
      await dm.send({ content: `${t(env.locale, 'mine.dmTitle', { server: interaction.guild?.name ?? '' })}\n${list}`.slice(0, 2000), allowedMentions: { parse: [] } });
      await answerPrivately(interaction, t(env.locale, 'mine.sent'));
    } catch (error) {
      if (!(error instanceof DiscordAPIError && error.code === 50007)) throw error;
      // Closed direct messages: the list is shown here all the same.
      await answerPrivately(interaction, `${t(env.locale, 'mine.dmClosed')}\n${list}`);
    }
  },
});

/** The games waiting for the player, one line each, oldest waiting first. */
function waitingList(env: HandlerEnv, waiting: readonly WaitingGame[], locale: Locale): string {
  if (waiting.length === 0) return t(locale, 'mine.empty');
  const lines = waiting.map((entry) => {
    const { row } = entry.game;
    const title = `${env.ctx.presenters.get(row.kind)?.name(locale) ?? row.kind} #${row.id}`;
    const since = `<t:${Math.floor(entry.since / 1000)}:R>`;
    const parts = [`- **${title}**`, placeOf(row)];
    if (entry.kind === 'start') {
      parts.push(t(locale, 'mine.start', { since }));
      const link = tableLink(row);
      if (link !== null) parts.push(t(locale, 'mine.lobby', { link }));
    } else {
      parts.push(t(locale, 'mine.turn', { since }));
      const link = tableLink(row);
      if (link !== null) parts.push(t(locale, 'mine.board', { link }));
    }
    return parts.join(' · ');
  });
  return gameListText(t(locale, 'mine.title', { count: waiting.length }), lines, locale);
}
