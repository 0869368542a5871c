/**
 * The click counter of the clicks-per-turn benchmark: a choice on the panel's first page is one click, one
 * further down a paged select costs a click per page turned; a whole fuzzed game counts every turn.
 */
import { describe, expect, it } from 'vitest';
import type { GamePresenter } from '../../src/games/contract.js';
import { PAGE_SIZE } from '../../src/discord/panel.js';
import type { KairoAction, KairoState } from '../../src/games/kairo/index.js';
import { progressPick } from '../render/kairo/engine-states.js';
import { clicksToChoose, measureClicks } from './clicks.js';

/** Every action in one group: a long list becomes a paged select. */
const oneGroup = { group: () => ({ id: 'all', label: { key: 'x' }, always: false }) } as unknown as GamePresenter;

describe('clicks per turn', () => {
  it('one click on the first page, one more per page turned', () => {
    const legal = Array.from({ length: 60 }, (_, i) => i);
    expect(clicksToChoose(oneGroup, legal, 0)).toBe(1);
    expect(clicksToChoose(oneGroup, legal, PAGE_SIZE - 1)).toBe(1);
    expect(clicksToChoose(oneGroup, legal, PAGE_SIZE)).toBe(2);
    expect(clicksToChoose(oneGroup, legal, 2 * PAGE_SIZE + 1)).toBe(3);
    expect(clicksToChoose(oneGroup, legal.slice(0, 25), 24)).toBe(1);
  });

  it('a fuzzed Kairo game: every turn at least one click', () => {
    const figures = measureClicks({
      name: 'Kairo',
      kind: 'kairo',
      players: 2,
      settings: { layout: 'quick', variant: null },
      policy: (s, seat, legal, rng) => progressPick(s as KairoState, seat, legal as KairoAction[], rng),
      seeds: ['clicks-test'],
      compound: false,
    });
    expect(figures.turns).toBeGreaterThan(20);
    expect(figures.mean).toBeGreaterThanOrEqual(1);
    expect(figures.max).toBeGreaterThanOrEqual(figures.p95);
  });
});
