/** Board: Log. The newest page of the game's log a user may see (private events only their own). */
import type { ComponentHandler } from '../../context.js';
import { logMessage } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refuse } from '../caller.js';

export const boardLog: ComponentHandler<'log'> = {
  verb: 'log',
  ack: 'ephemeral',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    const loaded = await service.byId(id.gameId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    const viewer = service.seatOf(game, interaction.user.id)?.seat ?? null;
    const message = await logMessage(service, game, presenterFor(env.ctx, game.row.kind), viewer, env.locale, { perPage: 0 });
    if (message !== null) await answerPrivately(interaction, message);
  },
};
