/** /game hand [game]: the caller's hand, ephemeral. Which game: see ../../tables.ts (only the caller's own are offered). */
import type { CommandHandler } from '../../context.js';
import { completeOwnGame, gameForCommand } from '../../tables.js';
import { answerHand, loadForCommand } from '../caller.js';

export const gameHand: CommandHandler = {
  route: 'game hand',
  ack: 'ephemeral',
  async handle(env, interaction) {
    const gameId = await gameForCommand(env, interaction, 'hand');
    if (gameId !== undefined) await answerHand(env, interaction, await loadForCommand(env, gameId));
  },
  autocomplete: completeOwnGame,
};
