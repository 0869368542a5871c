/** Tally's rules as its game definition uses them. */
export { applyTally, removeTallySeat } from './apply.js';
export { activeSeats, legalActions } from './legal.js';
export { isOver, tallyStandings } from './scoring.js';
export { setupTally } from './setup.js';
