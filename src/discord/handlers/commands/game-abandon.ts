/** /game abandon: ends the lobby or game of this channel at once (host, or Manage Channel). Works on a damaged game. */
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, retireBoard, sendableChannel } from '../../respond.js';
import { canManage, refuse } from '../common.js';
import { isLocale } from '../../../engine/index.js';

export const gameAbandon: CommandHandler = {
  route: 'game abandon',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    await service.locked(interaction.channelId, async () => {
      const result = service.abandon(interaction.channelId, interaction.user.id, canManage(interaction));
      if (!result.ok) return refuse(env, interaction, result);
      const row = result.row;
      await retireBoard(env.ctx, env.logger, row.channelId, row.boardMessageId);
      const locale = isLocale(row.locale) ? row.locale : 'en';
      const presenter = env.ctx.presenters.get(row.kind);
      try {
        const channel = await sendableChannel(env.ctx.client, row.channelId);
        await channel.send({
          content: t(locale, 'board.abandoned', { user: `<@${interaction.user.id}>`, id: row.id, game: presenter?.name(locale) ?? row.kind }),
          allowedMentions: { parse: [] },
        });
      } catch (error) {
        env.logger.warn({ err: error, gameId: row.id }, 'could not announce the end of the game');
      }
      await answerPrivately(interaction, t(env.locale, 'abandon.done'));
    });
  },
};
