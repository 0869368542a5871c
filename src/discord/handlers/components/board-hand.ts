/** Board: My hand. Only ever an ephemeral answer to the seat's own player. */
import type { ComponentHandler } from '../../context.js';
import { answerHand } from '../caller.js';

export const boardHand: ComponentHandler<'hand'> = {
  verb: 'hand',
  ack: 'ephemeral',
  handle: async (env, interaction, id) => answerHand(env, interaction, await env.ctx.service.byId(id.gameId)),
};
