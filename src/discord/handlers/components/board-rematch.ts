/**
 * Final board: Rematch (any player of the finished game). Opens a lobby in the channel with the same
 * players and options (see GameService.rematch for why a lobby and not a start at once); the presser is
 * told privately where it is. The new game gets a thread of its own like the old one; a game that was played
 * in the channel itself is refused while another game is played there.
 */
import type { ComponentHandler } from '../../context.js';
import { t } from '../../i18n/index.js';
import { answerPrivately, markCommitted, messageLink, missingPermissions } from '../../respond.js';
import { deliverNow } from '../after-click.js';
import { displayName, refuse } from '../caller.js';

export const boardRematch: ComponentHandler<'rematch'> = {
  verb: 'rematch',
  ack: 'ephemeral',
  async handle(env, interaction, id) {
    const missing = missingPermissions(interaction, env.locale);
    if (missing !== null) return answerPrivately(interaction, missing);
    const { service } = env.ctx;
    await service.lockedGame(id.gameId, async () => {
      const result = await service.rematch(id.gameId, { userId: interaction.user.id, displayName: displayName(interaction) });
      if (!result.ok) return refuse(env, interaction, result);
      markCommitted(interaction);
      const posted = await deliverNow(env, result.game.row.id, result.lobbyDelivery);
      const messageId = posted ? (await service.gameRow(result.game.row.id))?.boardMessageId : null;
      await answerPrivately(
        interaction,
        messageId ? t(env.locale, 'rematch.opened', { link: messageLink(interaction.guildId, env.channelId, messageId) }) : t(env.locale, 'lobby.openedPending'),
      );
    });
  },
};
