/** Kairo's rules as the game definition, the computer player and the views use them. */
export { activeSeat, decisionOptions } from './legal.js';
export { applyDecision, applyDecisionTo } from './apply.js';
export { cardName, sortCards, stallSize } from './helpers.js';
export { kairoStandings } from './scoring.js';
export { createGame } from './setup.js';
export type { Draft } from './draft.js';
