/** /game hand: the caller's hand, ephemeral. */
import type { CommandHandler } from '../../context.js';
import { handMessage } from '../../messages.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { refuse } from '../common.js';

export const gameHand: CommandHandler = {
  route: 'game hand',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const { service } = env.ctx;
    const loaded = service.byChannel(interaction.channelId);
    if (!loaded.ok) return refuse(env, interaction, loaded);
    const game = loaded.game;
    if (game.kind !== 'active') return refuse(env, interaction, { ok: false, code: 'not_active' });
    const seat = service.seatOf(game, interaction.user.id);
    if (seat === undefined) return refuse(env, interaction, { ok: false, code: 'not_a_player' });
    await answerPrivately(interaction, handMessage(service, game, presenterFor(env.ctx, game.row.kind), seat.seat, env.locale));
  },
};
