/** The computer player's policy of each game, by the game definition's id (Istanbul's covers Letters & Seals). */
import type { GameKind } from '../../engine/index.js';
import type { GamePolicy } from '../../engine/ai/index.js';
import { istanbulPolicy } from '../../games/istanbul/ai/index.js';
import { kairoPolicy } from '../../games/kairo/ai/index.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const AI_POLICIES: Readonly<Record<GameKind, GamePolicy<any, any, any>>> = {
  istanbul: istanbulPolicy,
  kairo: kairoPolicy,
};
