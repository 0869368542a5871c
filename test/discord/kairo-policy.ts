/**
 * A progress-biased way to play Kairo through the panel, for end-to-end tests: extensions (of the
 * scarcest colour first), stalls, income when short of coins, cards when short of cards, and stopping as
 * soon as the final phase allows; a little seeded noise among near choices.
 */
import { randomInt, type RngState } from '../../src/engine/index.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';

/** Progress toward the end: extensions (of the scarcest colour first), stalls, income when short, cards when short; stop in the final phase. */
function score(s: KairoState, seat: number, a: KairoAction): number {
  const p = s.players[seat]!;
  const coins = Object.values(p.coins).reduce((x, y) => x + y, 0);
  switch (a.t) {
    case 'build':
      return a.kind === 'extend' ? 100 + 8 * (6 - s.extensions[a.colour]) : a.kind === 'stall' ? 70 : 30;
    case 'lead':
      return coins < 7 ? 75 : 20;
    case 'draw':
      return p.hand.length < 2 ? 90 : 15;
    case 'pass':
      return 500;
    case 'card':
      return 30;
    case 'joker':
      return 20;
    case 'three':
      return 5;
    case 'takeDisplay':
      return 20;
    case 'takeDeck':
      return 24;
    case 'takeCrier':
      return 5;
    default:
      return 0;
  }
}

/** The index (into `legal`) of the offered action to take. */
export function pickKairo(s: KairoState, seat: number, legal: readonly KairoAction[], offeredIndexes: ReadonlySet<number>, rng: RngState): number {
  let best = -1;
  let bestScore = -Infinity;
  legal.forEach((a, index) => {
    if (!offeredIndexes.has(index)) return;
    const v = score(s, seat, a) + randomInt(rng, 10);
    if (v > bestScore) {
      bestScore = v;
      best = index;
    }
  });
  return best;
}
