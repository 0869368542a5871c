import { describe, expect, it } from 'vitest';
import { kairo } from '../../../src/games/kairo/index.js';
import type { KairoState } from '../../../src/games/kairo/types.js';
import { F, keys, play, scenario, type ScenarioSpec, type StallSpec } from './helpers.js';

const red: StallSpec = { owner: 0, colour: 'red', main: 'E5', entrance: 'E4' };
const extendRed = (s: KairoState) => play(s, { t: 'build', kind: 'extend', colour: 'red' }, { t: 'field', field: F('D5') });

describe('the final phase', () => {
  const base: ScenarioSpec = { stalls: [red], customers: { yellow: 'B9' }, hands: [['s4'], ['s5'], ['s6']], coins: [{ red: 5 }] };

  it('begins when the last extension of a colour is placed', () => {
    const r = extendRed(scenario({ ...base, extensions: { red: 1 } }));
    expect(r.state.extensions.red).toBe(0);
    expect(r.state.phase).toBe('final');
    expect(r.events.map((e) => e.key)).toContain('kairo.event.finalPhase');
    expect(r.state.seat).toBe(1);
    expect(keys(r.state)).not.toContain('draw');
  });

  it('begins when two colours have only 1 extension left each', () => {
    const r = extendRed(scenario({ ...base, extensions: { red: 2, blue: 1 } }));
    expect(r.state.phase).toBe('final');
  });

  it('does not begin while only one colour has 1 extension left', () => {
    const r = extendRed(scenario({ ...base, extensions: { red: 3, blue: 1 } }));
    expect(r.state.phase).toBe('play');
    const t = extendRed(scenario({ ...base, extensions: { red: 2 } }));
    expect(t.state.phase).toBe('play');
  });

  it('allows only building, or stopping', () => {
    const s = scenario({ ...base, phase: 'final' });
    expect(keys(s)).toEqual(['build:stall:violet', 'build:extend:red', 'build:stall:yellow', 'build:stall:green', 'build:stall:blue', 'build:stall:orange', 'pass']);
  });

  it('a player who will not build is out for good; the others go on, even several times in a row', () => {
    const s = scenario({ ...base, players: 2, phase: 'final', hands: [['s4'], ['s5', 's5']] });
    const r = play(s, { t: 'pass' });
    expect(r.state.players[0]?.out).toBe(true);
    expect(r.state.seat).toBe(1);
    const b1 = play(r.state, { t: 'build', kind: 'stall', colour: 'blue' }, { t: 'field', field: F('G5') }, { t: 'entrance', dir: 'n' });
    // Seat 0 is out: seat 1 builds again.
    expect(b1.state.seat).toBe(1);
    expect(b1.state.phase).toBe('final');
    const b2 = play(b1.state, { t: 'build', kind: 'stall', colour: 'green' }, { t: 'field', field: F('I6') }, { t: 'entrance', dir: 'n' });
    // Seat 1 has no card left: it cannot build, is out, and the game ends with that last build.
    expect(b2.state.phase).toBe('over');
    expect(kairo.isOver(b2.state)).toBe(true);
    expect(b2.events.map((e) => e.key)).toEqual(expect.arrayContaining(['kairo.event.cannotBuild', 'kairo.event.gameOver']));
    expect(kairo.activeSeats(b2.state)).toEqual([]);
  });

  it('a player who cannot build when the turn comes is out at once', () => {
    const s = scenario({ ...base, players: 3, phase: 'final', hands: [['s4'], [], ['s5']] });
    const r = play(s, { t: 'build', kind: 'stall', colour: 'blue' }, { t: 'field', field: F('C4') }, { t: 'entrance', dir: 'n' });
    expect(r.state.players[1]?.out).toBe(true);
    expect(r.state.seat).toBe(2);
  });

  it('the final-phase trigger hands the turn on like any build', () => {
    const r = extendRed(scenario({ ...base, players: 2, extensions: { red: 1 }, hands: [['s4'], []] }));
    // Seat 1 has no cards: out at once; seat 0 has none either after building: the game is over.
    expect(r.state.phase).toBe('over');
  });
});

describe('final scoring and standings', () => {
  it('every medal scores again for its holder, then 1 point per 3 coins', () => {
    const s = scenario({
      players: 3,
      phase: 'final',
      hands: [[], [], []],
      scores: [10, 12, 5],
      coins: [{ red: 4, blue: 3 }, { green: 2 }, { violet: 9 }],
      medals: { red: { gold: 0, silver: 1 }, blue: { gold: 2, silver: 2 } },
      stalls: [red],
      customers: { yellow: 'B9' },
    });
    const r = play(s, { t: 'pass' });
    expect(r.state.phase).toBe('over');
    expect(r.state.final).toEqual([
      { seat: 0, medalPoints: 4, coins: 7, coinPoints: 2 },
      { seat: 1, medalPoints: 2, coins: 2, coinPoints: 0 },
      { seat: 2, medalPoints: 6, coins: 9, coinPoints: 3 },
    ]);
    expect(r.state.players.map((p) => p.score)).toEqual([16, 14, 14]);
    const standings = kairo.standings(r.state);
    expect(standings.map((x) => x.rank)).toEqual([1, 2, 2]);
    expect(standings[0]?.summary).toEqual({ key: 'kairo.standing', params: { score: 16 } });
  });

  it('equal scores share the win', () => {
    const s = scenario({ players: 2, phase: 'final', hands: [[], []], scores: [9, 9], stalls: [red], customers: { yellow: 'B9' } });
    const r = play(s, { t: 'pass' });
    expect(kairo.standings(r.state).map((x) => x.rank)).toEqual([1, 1]);
  });
});
