/** Lobby: the host removes the computer player added last. */
import type { ComponentHandler } from '../../context.js';
import { lobbyMessage } from '../../messages/index.js';
import { presenterFor } from '../../respond.js';
import { refuse } from '../caller.js';

export const lobbyRemoveComputer: ComponentHandler<'rmbot'> = {
  verb: 'rmbot',
  ack: 'update',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    await service.lockedGame(id.gameId, async () => {
      const result = await service.removeComputer(id.gameId, interaction.user.id);
      if (!result.ok) return refuse(env, interaction, result);
      await interaction.editReply(lobbyMessage(result.game, presenterFor(env.ctx, result.game.row.kind)));
    });
  },
};
