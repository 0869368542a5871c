/** Board: Log. The newest page of the game's log a user may see (private events only their own). */
import { logMessage } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { component } from '../component.js';

export const boardLog = component({
  verb: 'log',
  ack: 'ephemeral',
  needs: 'game',
  async handle(env, interaction, { game, seat }) {
    const message = await logMessage(env.ctx.service, game, presenterFor(env.ctx, game.row.kind), seat?.seat ?? null, env.locale, { perPage: 0 });
    if (message !== null) await answerPrivately(interaction, message);
  },
});
