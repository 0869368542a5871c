import { describe, expect, it } from 'vitest';
import { seedRng } from '../../../../src/engine/index.js';
import { istanbul } from '../../../../src/games/istanbul/index.js';
import { cardCounts } from '../../../../src/games/istanbul/data/cards.js';
import {
  EXPANSION_RANDOM_RULES,
  STARTER,
  distanceBetweenCells,
  innerCells,
  randomLayout,
  satisfiesRandomRules,
} from '../../../../src/games/istanbul/data/layouts.js';
import { KIOSK_TILES, LETTERS } from '../../../../src/games/istanbul/data/letters-and-seals.js';
import { rubiesAccounted } from '../invariants.js';

const setup = (raw: Record<string, unknown>, seed = 'ls-setup') => {
  const parsed = istanbul.parseOptions(raw);
  if (!parsed.ok) throw new Error(parsed.error);
  return istanbul.setup(parsed.options, seed);
};

describe('Letters & Seals options', () => {
  it('the expansion is an option: the starter layout by default, new cards mixed in by default', () => {
    expect(istanbul.parseOptions({ players: 3, lettersAndSeals: {} })).toEqual({
      ok: true,
      options: { players: 3, layout: 'starter', neutralAssistants: false, lettersAndSeals: { cards: 'mixed' } },
    });
    expect(istanbul.parseOptions({ players: 4, layout: 'random', lettersAndSeals: { cards: 'newOnly' } })).toEqual({
      ok: true,
      options: { players: 4, layout: 'random', neutralAssistants: false, lettersAndSeals: { cards: 'newOnly' } },
    });
    // null = the base game, with its own default layout
    expect(istanbul.parseOptions({ players: 3, lettersAndSeals: null })).toEqual({
      ok: true,
      options: { players: 3, layout: 'short', neutralAssistants: false },
    });
  });

  it('refuses 4x4 layouts with the expansion, the starter layout without it, and unknown card mixes or keys', () => {
    for (const layout of ['short', 'long', 'inOrder']) expect(istanbul.parseOptions({ players: 3, layout, lettersAndSeals: {} }).ok).toBe(false);
    expect(istanbul.parseOptions({ players: 3, layout: 'starter' }).ok).toBe(false);
    expect(istanbul.parseOptions({ players: 3, lettersAndSeals: { cards: 'baseOnly' } }).ok).toBe(false);
    expect(istanbul.parseOptions({ players: 3, lettersAndSeals: { cards: 'mixed', coffee: true } }).ok).toBe(false);
    expect(istanbul.parseOptions({ players: 5, neutralAssistants: true, lettersAndSeals: {} }).ok).toBe(false);
  });
});

describe('Letters & Seals board', () => {
  it('the starter layout (the first-game layout this project decides) satisfies the random-layout rules', () => {
    expect(STARTER.cells).toHaveLength(20);
    expect([...STARTER.cells].sort((a, b) => a - b)).toEqual([...EXPANSION_RANDOM_RULES.places].sort((a, b) => a - b));
    expect(satisfiesRandomRules(STARTER, EXPANSION_RANDOM_RULES)).toBe(true);
    const s = setup({ players: 3, lettersAndSeals: {} });
    expect([s.width, s.height]).toEqual([5, 4]);
    expect(s.cells).toEqual(STARTER.cells);
    expect(istanbul.view(s, null).grid).toEqual({ width: 5, height: 4 });
  });

  it('random 5x4 layouts: Fountain on one of the 6 inner places, Black Market and Tea House 3+ apart in other rows and columns', () => {
    const inner = innerCells(5, 4);
    expect(inner).toHaveLength(6);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const s = setup({ players: 2 + (i % 4), layout: 'random', lettersAndSeals: {} }, `ls-random-${i}`);
      const cells = s.cells;
      expect(cells).toHaveLength(20);
      const f = cells.indexOf(7);
      expect(inner).toContain(f);
      seen.add(f);
      const a = cells.indexOf(8);
      const b = cells.indexOf(9);
      expect(distanceBetweenCells(5, a, b)).toBeGreaterThanOrEqual(3);
      expect(a % 5).not.toBe(b % 5);
      expect(Math.floor(a / 5)).not.toBe(Math.floor(b / 5));
    }
    expect(seen.size).toBe(6);
    // the generator is deterministic per seed
    expect(randomLayout(seedRng('x'), EXPANSION_RANDOM_RULES)).toEqual(randomLayout(seedRng('x'), EXPANSION_RANDOM_RULES));
  });
});

describe('Letters & Seals setup', () => {
  for (const n of [2, 3, 4, 5]) {
    it(`${n} players: 20 letters in the pile, 24 kiosk tiles, companions in the general supply, the Courier rolled, 6 rubies to win`, () => {
      const s = setup({ players: n, lettersAndSeals: {} }, `ls-${n}`);
      const ls = s.ls;
      if (ls === undefined) throw new Error('no expansion state');
      expect([...ls.letterDeck].sort((a, b) => a - b)).toEqual([...LETTERS].sort((a, b) => a - b));
      expect(ls.letterDiscard).toEqual([]);
      expect(ls.letters).toEqual(s.players.map(() => []));
      expect([...ls.kioskDeck].sort((a, b) => a - b)).toEqual(KIOSK_TILES.map((_, i) => i));
      expect(ls.companions).toEqual(s.players.map(() => 'box'));
      expect(ls.courier).toBeGreaterThanOrEqual(2);
      expect(ls.courier).toBeLessThanOrEqual(12);
      expect(ls.secretSociety).toEqual([]);
      expect(rubiesAccounted(s)).toBe(32);
      const v = istanbul.view(s, null);
      expect(v.rubyTarget).toBe(6);
      expect(v.figures.extra).toEqual([{ kind: 'courier', seat: null, place: ls.courier }]);
      expect(v.lettersAndSeals?.letterDeckCount).toBe(20);
      expect(v.lettersAndSeals?.secretSociety.bonusesLeft).toEqual([3, 2, 1]);
    });
  }

  it('the bonus cards: the 16 new ones mixed with the 26 base ones, or alone', () => {
    const count = (s: ReturnType<typeof setup>) => s.deck.length + s.players.reduce((n, p) => n + p.hand.length, 0);
    const mixed = setup({ players: 3, lettersAndSeals: { cards: 'mixed' } });
    expect(count(mixed)).toBe(42);
    const only = setup({ players: 3, lettersAndSeals: { cards: 'newOnly' } });
    expect(count(only)).toBe(16);
    const all = [...only.deck, ...only.players.flatMap((p) => p.hand)];
    expect(all.every((c) => (cardCounts('newOnly') as Record<string, number>)[c] !== undefined)).toBe(true);
    expect(all.filter((c) => c === 'takeLetter')).toHaveLength(2);
    expect(all.filter((c) => c.startsWith('goodLira'))).toHaveLength(4);
  });

  it('the base game is unchanged: no expansion state, 4x4, 5 rubies to win', () => {
    const s = setup({ players: 3 });
    expect(s.ls).toBeUndefined();
    expect(s.turn).toEqual({ yellowUsed: false, repeatPlace: null });
    const v = istanbul.view(s, null);
    expect(v.lettersAndSeals).toBeUndefined();
    expect(v.figures.extra).toEqual([]);
    expect(v.rubyTarget).toBe(5);
  });
});
