/** Istanbul's rules as the game definition, the computer player and the host use them. */
export { applyIstanbul } from './apply.js';
export { istanbulForcedAnswer } from './forced.js';
export { defaultActionFor } from './idle.js';
export { legalActions } from './legal.js';
export { istanbulObviousNext } from './obvious.js';
export { istanbulStandings } from './scoring.js';
export { setupIstanbul } from './setup.js';
export { istanbulStepKind } from './step-kind.js';
