/** Board: My hand. Only ever an ephemeral answer to the seat's own player. */
import { answerHand } from '../caller.js';
import { component } from '../component.js';

export const boardHand = component({
  verb: 'hand',
  ack: 'ephemeral',
  needs: 'player',
  handle: answerHand,
});
