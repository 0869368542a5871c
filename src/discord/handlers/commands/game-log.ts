/**
 * /game log [count] [game]: the game's log, newest page first, ephemeral; after the end, the finished
 * game's (marked so). Which game: see ../../tables.ts.
 */
import { integer } from '../../command-data.js';
import { logMessage } from '../../messages/index.js';
import { answerPrivately, presenterFor } from '../../respond.js';
import { tableCommand } from '../command.js';

export const gameLog = tableCommand({
  table: 'log',
  // How many entries a page holds (else as many as fit in a message).
  options: { count: integer('opt.count', { min: 1, max: 50 }) },
  needs: 'game',
  async handle(env, interaction, { options, game, seat }) {
    const message = await logMessage(env.ctx.service, game, presenterFor(env.ctx, game.row.kind), seat?.seat ?? null, env.locale, { perPage: options.count ?? 0 });
    if (message !== null) await answerPrivately(interaction, message);
  },
});
