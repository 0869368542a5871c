/**
 * Final board: Rematch (any player of the finished game). Opens a lobby in the channel with the same
 * players and options (see GameService.rematch for why a lobby and not a start at once); the presser is
 * told privately where it is. One game per channel: a channel that already has a new game refuses.
 */
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, markCommitted, messageLink, missingPermissions } from '../../respond.js';
import { deliverNow, displayName, refuse } from '../common.js';

export const boardRematch: ComponentHandler<'rematch'> = {
  verb: 'rematch',
  ack: 'ephemeral',
  async handle(env, interaction, id) {
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const { service } = env.ctx;
    await service.locked(env.channelId, async () => {
      const result = await service.rematch(id.gameId, { userId: interaction.user.id, displayName: displayName(interaction) });
      if (!result.ok) return refuse(env, interaction, result);
      markCommitted(interaction);
      const posted = await deliverNow(env, result.game.row.id, result.lobbyDelivery);
      const messageId = posted ? (await service.runningRow(env.channelId))?.boardMessageId : null;
      await answerPrivately(
        interaction,
        messageId ? t(env.locale, 'rematch.opened', { link: messageLink(interaction.guildId, env.channelId, messageId) }) : t(env.locale, 'lobby.openedPending'),
      );
    });
  },
};
