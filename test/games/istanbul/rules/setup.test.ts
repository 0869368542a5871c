import { describe, expect, it } from 'vitest';
import { seedRng } from '../../../../src/engine/index.js';
import { istanbul } from '../../../../src/games/istanbul/index.js';
import {
  BASE_RANDOM_RULES,
  IN_ORDER,
  LONG_PATHS,
  SHORT_PATHS,
  distanceBetweenCells,
  innerCells,
  randomLayout,
  satisfiesRandomRules,
} from '../../../../src/games/istanbul/data/layouts.js';
import { rubiesAccounted } from '../invariants.js';

const setup = (players: number, extra: Record<string, unknown> = {}, seed = 'setup') => {
  const parsed = istanbul.parseOptions({ players, ...extra });
  if (!parsed.ok) throw new Error(parsed.error);
  return istanbul.setup(parsed.options, seed);
};

describe('options', () => {
  it('defaults to short paths without the variant', () => {
    expect(istanbul.parseOptions({ players: 3 })).toEqual({
      ok: true,
      options: { players: 3, layout: 'short', neutralAssistants: false },
    });
  });
  it('refuses 1 or 6 players, unknown layouts, unknown keys, and the variant with 5 players', () => {
    expect(istanbul.parseOptions({ players: 1 }).ok).toBe(false);
    expect(istanbul.parseOptions({ players: 6 }).ok).toBe(false);
    expect(istanbul.parseOptions({ players: 3, layout: 'spiral' }).ok).toBe(false);
    expect(istanbul.parseOptions({ players: 3, colour: 'red' }).ok).toBe(false);
    expect(istanbul.parseOptions({ players: 5, neutralAssistants: true }).ok).toBe(false);
    expect(istanbul.parseOptions({ players: 4, neutralAssistants: true }).ok).toBe(true);
    expect(istanbul.parseOptions('3').ok).toBe(false);
  });
});

describe('setup by player count', () => {
  for (const n of [2, 3, 4, 5]) {
    it(`${n} players: lira 2, 3, ... from the start player, 1 card each, stacks on the Fountain, family at the Police Station`, () => {
      const s = setup(n);
      for (const p of s.players) {
        const order = (p.seat - s.startSeat + n) % n;
        expect(p.lira).toBe(2 + order);
        expect(p.hand).toHaveLength(1);
        expect(p.merchant).toBe(7);
        expect(p.stack).toEqual([p.seat, p.seat, p.seat, p.seat]);
        expect(p.supply).toBe(1);
        expect(p.family).toBe(12);
        expect(p.goods).toEqual({ red: 0, green: 0, yellow: 0, blue: 0 });
        expect(p.rubies).toBe(0);
      }
      expect(s.deck).toHaveLength(26 - n);
      expect(s.pending).toEqual([{ k: 'move', seat: s.startSeat }]);
      expect(s.wainwrightExtensions).toBe(3 * n);
      expect(s.wainwrightRubies).toBe(n);
      expect(s.post).toBe(0);
      expect(rubiesAccounted(s)).toBe(32);
      for (const figure of [s.governor, s.smuggler]) {
        expect(figure).toBeGreaterThanOrEqual(2);
        expect(figure).toBeLessThanOrEqual(12);
      }
    });
  }

  it('mosque tiles: 2..5 with 4-5 players, no 5s with 3, only 2s and 4s with 2; rubies 1 per player, 4 with 5', () => {
    expect(setup(5).mosqueTiles.red).toEqual([2, 3, 4, 5]);
    expect(setup(4).mosqueTiles.blue).toEqual([2, 3, 4, 5]);
    expect(setup(3).mosqueTiles.green).toEqual([2, 3, 4]);
    expect(setup(2).mosqueTiles.yellow).toEqual([2, 4]);
    expect([2, 3, 4, 5].map((n) => setup(n).smallMosqueRubies)).toEqual([2, 3, 4, 4]);
    expect([2, 3, 4, 5].map((n) => setup(n).greatMosqueRubies)).toEqual([2, 3, 4, 4]);
  });

  it("Sultan's Palace and Gemstone Dealer tracks by player count", () => {
    const views = [2, 3, 4, 5].map((n) => istanbul.view(setup(n), null));
    const sultan = views.map((v) => v.places.find((p) => p.id === 13)?.detail);
    const gem = views.map((v) => v.places.find((p) => p.id === 16)?.detail);
    expect(sultan.map((d) => (d?.kind === 'sultan' ? [d.rubiesLeft, d.nextCost?.length] : null))).toEqual([
      [6, 5],
      [6, 5],
      [7, 4],
      [7, 4],
    ]);
    expect(gem.map((d) => (d?.kind === 'gemstone' ? [d.rubiesLeft, d.price] : null))).toEqual([
      [9, 15],
      [10, 14],
      [12, 12],
      [12, 12],
    ]);
  });

  it('2 players: three neutral merchants of the unused colours on 14, 15, 16 and a 6-ruby target', () => {
    const s = setup(2);
    expect(s.neutralMerchants).toEqual([14, 15, 16]);
    expect(s.neutralColours).toEqual(['green', 'yellow', 'white']);
    expect(istanbul.view(s, null).rubyTarget).toBe(6);
    expect(istanbul.view(setup(3), null).rubyTarget).toBe(5);
    expect(setup(3).neutralMerchants).toEqual([]);
  });

  it('the variant: the bottom assistant of each stack is neutral (white)', () => {
    const s = setup(3, { neutralAssistants: true });
    for (const p of s.players) expect(p.stack).toEqual(['neutral', p.seat, p.seat, p.seat]);
  });

  it('both market stacks hold all 5 demand tiles, shuffled by the seed', () => {
    const s = setup(3);
    expect(s.smallMarket.slice().sort()).toEqual([0, 1, 2, 3, 4]);
    expect(s.greatMarket.slice().sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('the same seed gives the same game; another seed another', () => {
    expect(JSON.stringify(setup(4, {}, 'a'))).toBe(JSON.stringify(setup(4, {}, 'a')));
    expect(JSON.stringify(setup(4, {}, 'a'))).not.toBe(JSON.stringify(setup(4, {}, 'b')));
  });
});

describe('layouts', () => {
  it('short, long and in-order paths are the printed ones', () => {
    expect(setup(3, { layout: 'short' }).cells).toEqual(SHORT_PATHS.cells);
    expect(setup(3, { layout: 'long' }).cells).toEqual(LONG_PATHS.cells);
    expect(setup(3, { layout: 'inOrder' }).cells).toEqual(IN_ORDER.cells);
    expect(SHORT_PATHS.cells.slice(0, 4)).toEqual([15, 5, 2, 14]);
    expect(LONG_PATHS.cells.slice(12)).toEqual([10, 9, 14, 13]);
  });

  it('random: the Fountain on an inner square, Black Market and Tea House at least 3 steps apart (300 seeds)', () => {
    const inner = innerCells(4, 4);
    expect(inner).toEqual([5, 6, 9, 10]);
    const fountainCells = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const s = setup(3, { layout: 'random' }, `layout-${i}`);
      expect(s.cells.slice().sort((a, b) => a - b)).toEqual(IN_ORDER.cells);
      const f = s.cells.indexOf(7);
      fountainCells.add(f);
      expect(inner).toContain(f);
      expect(distanceBetweenCells(4, s.cells.indexOf(8), s.cells.indexOf(9))).toBeGreaterThanOrEqual(3);
    }
    expect(fountainCells.size).toBe(4);
  });

  it('the grid size is a parameter: a 5x4 random layout with 20 places and the expansion rules', () => {
    const rules = {
      ...BASE_RANDOM_RULES,
      width: 5,
      height: 4,
      places: [...IN_ORDER.cells, 21, 22, 23, 24],
      apartNotInLine: true,
    };
    for (let i = 0; i < 50; i++) {
      const layout = randomLayout(seedRng(`5x4-${i}`), rules);
      expect(layout.cells).toHaveLength(20);
      expect(satisfiesRandomRules(layout, rules)).toBe(true);
      const a = layout.cells.indexOf(8);
      const b = layout.cells.indexOf(9);
      expect(a % 5).not.toBe(b % 5);
      expect(Math.floor(a / 5)).not.toBe(Math.floor(b / 5));
      expect(innerCells(5, 4)).toContain(layout.cells.indexOf(7));
    }
    expect(() => randomLayout(seedRng('x'), { ...rules, places: IN_ORDER.cells })).toThrow(RangeError);
  });
});
