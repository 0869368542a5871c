/**
 * Final board: Rematch (any player of the finished game). Opens a lobby in the channel with the same
 * players and options (see GameService.rematch for why a lobby and not a start at once); the presser is
 * told privately where it is. The new game gets a thread of its own like the old one; a game that was played
 * in the channel itself is refused while another game is played there.
 */
import { t } from '../../i18n/index.js';
import { answerPrivately, markCommitted, messageLink } from '../../respond.js';
import { deliverNow } from '../after-click.js';
import { displayName, refuse } from '../caller.js';
import { component } from '../component.js';

export const boardRematch = component({
  verb: 'rematch',
  ack: 'ephemeral',
  posts: true,
  locked: true,
  async handle(env, interaction, { id }) {
    const { service } = env.ctx;
    const result = await service.rematch(id.gameId, { userId: interaction.user.id, displayName: displayName(interaction) });
    if (!result.ok) return refuse(env, interaction, result);
    markCommitted(interaction);
    const posted = await deliverNow(env, result.game.row.id, result.lobbyDelivery);
    const messageId = posted ? (await service.gameRow(result.game.row.id))?.boardMessageId : null;
    await answerPrivately(
      interaction,
      messageId ? t(env.locale, 'rematch.opened', { link: messageLink(interaction.guildId, env.channelId, messageId) }) : t(env.locale, 'lobby.openedPending'),
    );
  },
});
