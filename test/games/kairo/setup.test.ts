import { describe, expect, it } from 'vitest';
import { kairo } from '../../../src/games/kairo/index.js';
import { COLOURS, DECK_SIZE } from '../../../src/games/kairo/data/board.js';
import { START_FIELD_IDS, sectionOf } from '../../../src/games/kairo/data/geometry.js';
import type { KairoAction, KairoState } from '../../../src/games/kairo/types.js';
import { F, allReachable, checkBoard, keys, play, scenario } from './helpers.js';

function mainsPerSection(s: KairoState): Map<number, number> {
  const m = new Map<number, number>();
  for (const st of s.stalls) m.set(sectionOf(st.main), (m.get(sectionOf(st.main)) ?? 0) + 1);
  return m;
}

describe('options', () => {
  it('parses player count and start mode; variable is the default', () => {
    expect(kairo.parseOptions({ players: 3 })).toEqual({ ok: true, options: { players: 3, start: 'variable' } });
    expect(kairo.parseOptions({ players: 2, start: 'quick' })).toEqual({ ok: true, options: { players: 2, start: 'quick' } });
    expect(kairo.parseOptions({ players: 5 }).ok).toBe(false);
    expect(kairo.parseOptions({ players: 1 }).ok).toBe(false);
    expect(kairo.parseOptions({ players: 3, start: 'fixed' }).ok).toBe(false);
    expect(kairo.parseOptions(null).ok).toBe(false);
  });
});

describe('setup', () => {
  for (const players of [2, 3, 4]) {
    it(`${players} players: display of 4, 3 hidden cards and 1 coin of each colour each, 5 customers on the start fields`, () => {
      const s = kairo.setup({ players, start: 'variable' }, `setup-${players}`);
      expect(s.display.length).toBe(4);
      expect(s.deck.length).toBe(DECK_SIZE - 4 - 3 * players);
      for (const p of s.players) {
        expect(p.hand.length).toBe(3);
        expect(Object.values(p.coins)).toEqual([1, 1, 1, 1, 1, 1]);
        expect(p.score).toBe(0);
        expect(p.criers).toBe(0);
      }
      const onBoard = COLOURS.map((c) => s.customers[c]).filter((f) => f !== null);
      expect([...onBoard].sort((a, b) => (a as number) - (b as number))).toEqual([...START_FIELD_IDS].sort((a, b) => a - b));
      expect(COLOURS.filter((c) => s.customers[c] === null).length).toBe(1);
      expect(s.criers).toBe(7);
      expect(Object.values(s.extensions)).toEqual([6, 6, 6, 6, 6, 6]);
      expect(s.phase).toBe('setup');
      expect(s.seat).toBe(s.startSeat);
      expect(s.stalls).toEqual([]);
    });
  }

  it('is the same for the same seed and differs between seeds', () => {
    const a = kairo.setup({ players: 3, start: 'quick' }, 'same');
    const b = kairo.setup({ players: 3, start: 'quick' }, 'same');
    const c = kairo.setup({ players: 3, start: 'quick' }, 'other');
    expect(JSON.stringify(a)).toEqual(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toEqual(JSON.stringify(c));
  });
});

/** Plays the variable start with the first legal option at every decision; returns the seats in order. */
function variableStart(players: number, seed: string): { state: KairoState; order: number[]; neutralOrder: number[] } {
  let s = kairo.setup({ players, start: 'variable' }, seed);
  const order: number[] = [];
  const neutralOrder: number[] = [];
  const hands = JSON.stringify(s.players.map((p) => p.hand));
  while (s.phase === 'setup') {
    const seat = s.seat;
    const neutral = s.pending.k === 'build' && s.pending.mode === 'neutral';
    const before = s.stalls.length;
    const legal = kairo.legalActions(s, seat) as KairoAction[];
    s = play(s, legal[0] as KairoAction).state;
    if (s.stalls.length > before) (neutral ? neutralOrder : order).push(seat);
    // No cards are played during the start placement.
    expect(JSON.stringify(s.players.map((p) => p.hand))).toBe(hands);
    for (const [, n] of mainsPerSection(s)) expect(n).toBeLessThanOrEqual(2);
    expect(allReachable(s)).toBe(true);
    checkBoard(s);
  }
  return { state: s, order, neutralOrder };
}

describe('variable start', () => {
  it('each player places 3 main stalls, from the start player clockwise, then the start player begins', () => {
    const { state, order } = variableStart(4, 'variable-4');
    const start = state.startSeat;
    const round = [0, 1, 2, 3].map((k) => (start + k) % 4);
    expect(order).toEqual([...round, ...round, ...round]);
    expect(state.phase).toBe('play');
    expect(state.seat).toBe(start);
    for (let seat = 0; seat < 4; seat++) expect(state.stalls.filter((s) => s.owner === seat).length).toBe(3);
  });

  it('the player chooses the colour first, then section, field and entrance side', () => {
    const s = kairo.setup({ players: 3, start: 'variable' }, 'choose');
    expect(keys(s)).toEqual(COLOURS.map((c) => `build:stall:${c}`));
    const r = play(s, { t: 'build', kind: 'stall', colour: 'violet' });
    // Violet: restaurant fields touch sections 4, 6, 7, 8, 9.
    expect(keys(r.state)).toEqual(['section:4', 'section:6', 'section:7', 'section:8', 'section:9']);
  });

  it('2 players: then the 6 neutral stalls, drawn from the bag and placed alternately from the start player', () => {
    const { state, order, neutralOrder } = variableStart(2, 'variable-2');
    expect(order.length).toBe(6);
    const start = state.startSeat;
    expect(neutralOrder).toEqual([start, 1 - start, start, 1 - start, start, 1 - start]);
    const neutral = state.stalls.filter((s) => s.owner === 'neutral');
    expect(neutral.map((s) => s.colour).sort()).toEqual([...COLOURS].sort());
    expect(state.neutralBag).toEqual([]);
  });

  it('2 players: the neutral stall drawn is shown and the drawing is a checkpoint', () => {
    let s = kairo.setup({ players: 2, start: 'variable' }, 'neutral-draw');
    let drawn = null;
    while (s.phase === 'setup' && drawn === null) {
      const r = play(s, kairo.legalActions(s, s.seat)[0] as KairoAction);
      const e = r.events.find((x) => x.key.startsWith('kairo.event.neutralDrawn.'));
      if (e) {
        drawn = e;
        expect(r.checkpoint).toBe(true);
        expect(kairo.view(r.state, null).setup?.neutralColour).toBe(e.key.split('.').pop());
      }
      s = r.state;
    }
    expect(drawn).not.toBeNull();
  });
});

describe('quick start', () => {
  for (const players of [2, 3, 4]) {
    it(`${players} players: every start stall is placed legally at random`, () => {
      for (let i = 0; i < 20; i++) {
        const s = kairo.setup({ players, start: 'quick' }, `quick-${players}-${i}`);
        expect(s.phase).toBe('play');
        expect(s.seat).toBe(s.startSeat);
        for (let seat = 0; seat < players; seat++) {
          const own = s.stalls.filter((st) => st.owner === seat);
          expect(own.length).toBe(3);
          expect(new Set(own.map((st) => st.colour)).size).toBe(3);
        }
        expect(s.stalls.filter((st) => st.owner === 'neutral').length).toBe(players === 2 ? 6 : 0);
        for (const [, n] of mainsPerSection(s)) expect(n).toBeLessThanOrEqual(2);
        expect(allReachable(s)).toBe(true);
        checkBoard(s);
        // The hands are untouched.
        expect(s.players.every((p) => p.hand.length === 3)).toBe(true);
      }
    });
  }
});

describe('a start placement without any legal space', () => {
  it('is skipped: a player or a neutral stall that fits nowhere', () => {
    // Sections 4, 6, 7, 8 and 9 (all that touch the restaurant) already hold 2 main stalls each, so no
    // violet stall fits during the start placement.
    const s = scenario({
      players: 2,
      phase: 'setup',
      stalls: [
        { owner: 1, colour: 'red', main: 'B4', entrance: 'C4' },
        { owner: 'neutral', colour: 'blue', main: 'E6', entrance: 'D6' },
        { owner: 1, colour: 'blue', main: 'J4', entrance: 'K4' },
        { owner: 'neutral', colour: 'red', main: 'M6', entrance: 'L6' },
        { owner: 1, colour: 'green', main: 'B8', entrance: 'C8' },
        { owner: 'neutral', colour: 'yellow', main: 'E9', entrance: 'D9' },
        { owner: 1, colour: 'yellow', main: 'F8', entrance: 'G8' },
        { owner: 'neutral', colour: 'green', main: 'I9', entrance: 'H9' },
        { owner: 1, colour: 'orange', main: 'J8', entrance: 'K8' },
        { owner: 0, colour: 'yellow', main: 'M9', entrance: 'L9' },
      ],
      customers: { violet: 'C2', red: 'K2', yellow: 'G5', green: 'G2', blue: 'H2', orange: null },
    });
    s.setupQueue = [
      { seat: 0, neutral: false },
      { seat: 1, neutral: false },
      { seat: 1, neutral: true },
    ];
    s.neutralBag = ['violet'];
    checkBoard(s);
    expect(keys(s)).not.toContain('build:stall:violet');
    const r = play(s, { t: 'build', kind: 'stall', colour: 'red' }, { t: 'section', section: 1 }, { t: 'field', field: F('D2') }, { t: 'entrance', dir: 'n' });
    // Seat 1 has only violet left: skipped; the neutral violet stall: back to the box; play begins.
    expect(r.events.map((e) => e.key)).toEqual([
      'kairo.event.startStall.red.n',
      'kairo.event.setupNoSpace',
      'kairo.event.neutralNoSpace.violet',
      'kairo.event.play',
    ]);
    expect(r.state.phase).toBe('play');
    expect(r.state.seat).toBe(0);
    expect(r.state.neutralBag).toEqual([]);
    expect(r.state.stalls.length).toBe(11);
  });
});
