/** The end of the game: medals and coins scored, and the standings by score. */
import type { Standing } from '../../../engine/index.js';
import * as boardDataModule from '../data/board.js';
import type { KairoState } from '../types.js';
import type { Draft } from './draft.js';
import * as helpersModule from './helpers.js';

// Module bindings copied once: the dev/test transform turns every imported binding access into a getter call.
const { COINS_PER_FINAL_POINT, COLOURS, MEDAL_POINTS } = boardDataModule;
const { event, player, totalCoins } = helpersModule;

export function finishGame(draft: Draft): void {
  const s = draft.state;
  s.phase = 'over';
  s.pending = { k: 'turn' };
  s.final = s.players.map((p, seat) => {
    let medalPoints = 0;
    for (const c of COLOURS) {
      if (s.medals[c].gold === seat) medalPoints += MEDAL_POINTS.gold;
      if (s.medals[c].silver === seat) medalPoints += MEDAL_POINTS.silver;
    }
    const coins = totalCoins(p.coins);
    const coinPoints = Math.floor(coins / COINS_PER_FINAL_POINT);
    p.score += medalPoints + coinPoints;
    draft.events?.push(event('kairo.event.finalScore', { player: player(seat), medals: medalPoints, coins, coinPoints, score: p.score }, seat));
    return { seat, medalPoints, coins, coinPoints };
  });
  draft.events?.push(event('kairo.event.gameOver', {}));
}

export function kairoStandings(state: KairoState): Standing[] {
  return state.players.map((p, seat) => ({
    seat,
    rank: 1 + state.players.filter((o) => o.score > p.score).length,
    summary: { key: 'kairo.standing', params: { score: p.score } },
  }));
}
