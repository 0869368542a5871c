/** Lobby: Join. */
import type { ComponentHandler } from '../../context.js';
import { lobbyMessage } from '../../messages/index.js';
import { presenterFor } from '../../respond.js';
import { displayName, refuse } from '../caller.js';

export const lobbyJoin: ComponentHandler<'join'> = {
  verb: 'join',
  ack: 'update',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    await service.lockedGame(id.gameId, async () => {
      const result = await service.join(id.gameId, { userId: interaction.user.id, displayName: displayName(interaction) });
      if (!result.ok) return refuse(env, interaction, result);
      const lobby = result.game;
      await interaction.editReply(lobbyMessage(lobby, presenterFor(env.ctx, lobby.row.kind)));
    });
  },
};
