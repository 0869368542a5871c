/**
 * The rules of "Tally", a small game for testing the game service and the Discord flow without Istanbul's weight:
 * turns of several decisions (add 1 or 2 up to three times, draw a secret card, play a card, pick one of
 * 30 numbers at the start of a turn, end the turn), checkpoints (a draw, the end of a turn), a private
 * event, a hand, and the optional removeSeat hook (switchable, to test both leave policies). A game plugin
 * laid out as the real games are (docs/architecture.md, "Adding a game"), the smallest example of that
 * layout, registered by the tests with gameRegistry as src/games/index.ts registers the built-in games.
 */
import type { GameDefinition } from '../../../src/engine/index.js';
import { describeTallyAction, parseTallyAction, tallyActionKey } from './actions.js';
import { TALLY_MESSAGES } from './messages.en.js';
import { parseTallyOptions } from './options.js';
import { activeSeats, applyTally, isOver, legalActions, removeTallySeat, setupTally, tallyStandings } from './rules/index.js';
import type { TallyAction, TallyOptions, TallyState } from './types.js';
import { tallyView } from './view/build.js';
import type { TallyView } from './view/types.js';

export type * from './types.js';
export type * from './view/types.js';
export { TALLY_MESSAGES };

export function makeTally(options: { removeSeat: boolean }): GameDefinition<TallyState, TallyAction, TallyView, TallyOptions> {
  const def: GameDefinition<TallyState, TallyAction, TallyView, TallyOptions> = {
    id: 'tally',
    players: { min: 2, max: 4 },
    parseOptions: parseTallyOptions,
    setup: setupTally,
    parseAction: parseTallyAction,
    actionKey: tallyActionKey,
    activeSeats,
    legalActions,
    apply: applyTally,
    isOver,
    standings: tallyStandings,
    view: tallyView,
    describeAction: describeTallyAction,
    messages: TALLY_MESSAGES,
  };
  if (options.removeSeat) def.removeSeat = removeTallySeat;
  return def;
}
