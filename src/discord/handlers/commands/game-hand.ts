/** /game hand [game]: the caller's hand, ephemeral. Which game: see ../../tables.ts (only the caller's own are offered). */
import { answerHand } from '../caller.js';
import { tableCommand } from '../command.js';

export const gameHand = tableCommand({
  table: 'hand',
  options: {},
  suggests: 'own',
  needs: 'player',
  handle: answerHand,
});
