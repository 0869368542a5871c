/** /game leave: leaves the lobby, or concedes a running game (see the leave policy in the game service). */
import type { CommandHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { lobbyMessage } from '../../messages.js';
import { answerPrivately, missingPermissions, presenterFor, sendableChannel } from '../../respond.js';
import { deliverNow, refuse } from '../common.js';

export const gameLeave: CommandHandler = {
  route: 'game leave',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    const found = service.byChannel(interaction.channelId);
    if (!found.ok) return refuse(env, interaction, found);
    const gameId = found.game.row.id;
    if (found.game.kind === 'lobby') {
      await service.locked(interaction.channelId, async () => {
        const result = service.leaveLobby(gameId, interaction.user.id);
        if (!result.ok) return refuse(env, interaction, result);
        const messageId = result.game.row.boardMessageId;
        if (messageId !== null) {
          try {
            const channel = await sendableChannel(env.ctx.client, interaction.channelId);
            await channel.messages.edit(messageId, lobbyMessage(result.game, presenterFor(env.ctx, result.game.row.kind)));
          } catch (error) {
            env.logger.warn({ err: error, gameId }, 'could not update the lobby message');
          }
        }
        await answerPrivately(interaction, t(env.locale, 'leave.lobby'));
      });
      return;
    }
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    await service.locked(interaction.channelId, async () => {
      const seat = service.seatOf(found.game, interaction.user.id);
      const result = service.leave(gameId, interaction.user.id);
      if (!result.ok || seat === undefined) return result.ok ? undefined : refuse(env, interaction, result);
      const { outcome } = result;
      const posted = await deliverNow(env, outcome.after.row.id, outcome.boardDelivery);
      await answerPrivately(interaction, posted ? t(env.locale, 'leave.done') : `${t(env.locale, 'leave.done')}\n${t(env.locale, 'board.postPending')}`);
    });
  },
};
