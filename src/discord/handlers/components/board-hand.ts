/** Board: My hand. Only ever an ephemeral answer to the seat's own player. */
import type { ComponentHandler } from '../../context.js';
import { handMessage } from '../../messages.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refuse } from '../common.js';

export const boardHand: ComponentHandler<'hand'> = {
  verb: 'hand',
  ack: 'ephemeral',
  async handle(env, interaction, id) {
    const { service } = env.ctx;
    const loaded = service.byId(id.gameId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    if (game.kind !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
    const seat = service.seatOf(game, interaction.user.id);
    if (seat === undefined) return refuse(env, interaction, { ok: false, code: 'not_a_player' });
    await answerPrivately(interaction, handMessage(service, game, presenterFor(env.ctx, game.row.kind), seat.seat, env.locale));
  },
};
