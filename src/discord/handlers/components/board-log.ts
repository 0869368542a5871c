/** Board: Log. The last turns' events a user may see (private events only their own). */
import type { ComponentHandler } from '../../context.js';
import { logMessage } from '../../messages.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refuse } from '../common.js';

export const LOG_ENTRIES = 15;

export const boardLog: ComponentHandler<'log'> = {
  verb: 'log',
  ack: 'ephemeral',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    const loaded = await service.byId(id.gameId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    const viewer = service.seatOf(game, interaction.user.id)?.seat ?? null;
    await answerPrivately(interaction, await logMessage(service, game, presenterFor(env.ctx, game.row.kind), viewer, env.locale, LOG_ENTRIES));
  },
};
