import { describe, expect, it } from 'vitest';
import { EXPANSION_GAMES_PER_COUNT, runExpansionCount } from './run.js';

describe('istanbul with Letters & Seals, random playouts, 5 players', () => {
  it(`${EXPANSION_GAMES_PER_COUNT} complete games: starter and random layouts, cards mixed or new only, invariants at every step, replay`, () => {
    const stats = runExpansionCount(5);
    expect(stats.steps).toBeGreaterThan(EXPANSION_GAMES_PER_COUNT * 300);
    // the expansion's parts were played, not just present
    for (const key of ['embassy', 'kiosk', 'kioskTile', 'auctionGood', 'auctionBid', 'auctionPass', 'moveCompanion', 'placeCompanion', 'courier', 'doubleMove', 'discardLetter']) {
      expect(stats.actions.get(key) ?? 0, key).toBeGreaterThan(0);
    }
    for (const key of ['letterDelivered', 'secretSocietyUsed', 'extraTurnStarted']) expect(stats.events.get(`istanbul.event.${key}`) ?? 0, key).toBeGreaterThan(0);
  }, 720_000);
});
