/** /game hand: the caller's hand, ephemeral. */
import type { CommandHandler } from '../../context.js';
import { answerHand } from '../common.js';

export const gameHand: CommandHandler = {
  route: 'game hand',
  ack: 'ephemeral',
  handle: async (env, interaction) => answerHand(env, interaction, await env.ctx.service.byChannelOrFinished(env.channelId)),
};
