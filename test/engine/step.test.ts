import { describe, expect, it } from 'vitest';
import { canUndo, describe as describeAction, formatMessage, replay, ReplayError, step, type Versioned } from '../../src/engine/index.js';
import { playout } from '../harness/playout.js';
import { race, type RaceState } from './race-game.js';

const start = (players = 2): Versioned<RaceState> => ({ state: race.setup({ players }, 'seed-1'), version: 0 });

describe('step', () => {
  it('applies a legal action and raises the version by one', () => {
    const result = step(race, start(), { seat: 0, action: { type: 'add', n: 2 }, expectedVersion: 0 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.next.version).toBe(1);
    expect(result.next.state.scores).toEqual([2, 0]);
    expect(result.next.state.turn).toBe(1);
    expect(result.checkpoint).toBe(false);
  });

  it('does not change the state it was given', () => {
    const current = start();
    const before = JSON.stringify(current);
    step(race, current, { seat: 0, action: { type: 'roll' } });
    expect(JSON.stringify(current)).toBe(before);
  });

  it('refuses an action of the wrong shape as malformed_action', () => {
    for (const action of [null, 'roll', { type: 'add', n: 3 }, { type: 'roll', extra: 1 }, { type: 'fly' }]) {
      const result = step(race, start(), { seat: 0, action });
      expect(result).toMatchObject({ ok: false, code: 'malformed_action' });
    }
  });

  it('refuses any action once the game is over with game_over', () => {
    const over: Versioned<RaceState> = { state: { ...start().state, scores: [10, 3] }, version: 9 };
    expect(step(race, over, { seat: 0, action: { type: 'roll' } })).toMatchObject({ ok: false, code: 'game_over' });
  });

  it('refuses a seat that has no decision now with not_your_turn', () => {
    expect(step(race, start(), { seat: 1, action: { type: 'roll' } })).toMatchObject({ ok: false, code: 'not_your_turn' });
  });

  it('refuses a well-formed action that is not among the legal ones with illegal_action', () => {
    const onlyAdd = { ...race, legalActions: () => [{ type: 'add' as const, n: 1 as const }] };
    expect(step(onlyAdd, start(), { seat: 0, action: { type: 'add', n: 2 } })).toMatchObject({ ok: false, code: 'illegal_action' });
  });

  it('refuses a click made on an older version with stale_version', () => {
    const current: Versioned<RaceState> = { ...start(), version: 4 };
    expect(step(race, current, { seat: 0, action: { type: 'roll' }, expectedVersion: 3 })).toMatchObject({
      ok: false,
      code: 'stale_version',
    });
  });

  it('marks a die roll as a checkpoint', () => {
    const result = step(race, start(), { seat: 0, action: { type: 'roll' } });
    expect(result.ok && result.checkpoint).toBe(true);
  });
});

describe('replay', () => {
  it('rebuilds exactly the live state from the seed and the action log', () => {
    const result = playout({ def: race, options: { players: 3 }, seed: 'replay-me', maxSteps: 100, checkReplay: false });
    const replayed = replay(race, { players: 3 }, 'replay-me', result.log);
    expect(replayed.state).toEqual(result.final.state);
    expect(replayed.version).toBe(result.log.length);
  });

  it('names the first action that does not fit', () => {
    expect(() => replay(race, { players: 2 }, 's', [{ seat: 1, action: { type: 'roll' } }])).toThrow(ReplayError);
    let caught: unknown;
    try {
      replay(race, { players: 2 }, 's', [
        { seat: 0, action: { type: 'roll' } },
        { seat: 0, action: { type: 'roll' } },
      ]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ReplayError);
    expect(caught).toMatchObject({ index: 1, code: 'not_your_turn' });
  });
});

describe('undo', () => {
  it('may take back only the seat’s own last action, never a checkpoint', () => {
    expect(canUndo([], 0)).toBe(false);
    expect(canUndo([{ seat: 0, checkpoint: false }], 0)).toBe(true);
    expect(canUndo([{ seat: 0, checkpoint: false }], 1)).toBe(false);
    expect(canUndo([{ seat: 0, checkpoint: false }, { seat: 0, checkpoint: true }], 0)).toBe(false);
  });
});

describe('messages', () => {
  it('describes actions in the requested locale and falls back to English', () => {
    expect(describeAction(race, { type: 'add', n: 2 }, 'en')).toBe('Add 2');
    expect(describeAction(race, { type: 'add', n: 2 }, 'de')).toBe('2 addieren');
    expect(describeAction(race, { type: 'roll' }, 'nl')).toBe('Roll a die');
    expect(formatMessage(race.messages, { key: 'missing.key' }, 'en')).toBe('missing.key');
  });
});

describe('random playout harness', () => {
  it('plays many complete games with the invariants checked at every step', () => {
    for (let i = 0; i < 50; i++) {
      const result = playout({
        def: race,
        options: { players: 2 + (i % 3) },
        seed: `fuzz-${i}`,
        maxSteps: 100,
        invariants: (state) => {
          for (const score of state.scores) expect(score).toBeGreaterThanOrEqual(0);
        },
      });
      expect(race.isOver(result.final.state)).toBe(true);
    }
  });

  it('reports a game that does not end within the bound', () => {
    expect(() => playout({ def: race, options: { players: 4 }, seed: 'slow', maxSteps: 3 })).toThrow(/not over after 3/);
  });
});

describe('the harness JSON check', () => {
  it('names what would not survive a JSON round trip', async () => {
    const { jsonProblem } = await import('../harness/playout.js');
    const trusted = new WeakSet<object>();
    expect(jsonProblem({ a: [1, 'x', true, null, { b: 2 }] }, trusted, 'state')).toBeNull();
    expect(jsonProblem({ a: [1, undefined] }, new WeakSet(), 'state')).toBe('state.a[1] is undefined');
    expect(jsonProblem({ a: { b: Number.NaN } }, new WeakSet(), 'state')).toBe('state.a.b is NaN');
    expect(jsonProblem({ m: new Map() }, new WeakSet(), 'state')).toBe('state.m is not a plain object');
    expect(jsonProblem({ f: () => 1 }, new WeakSet(), 'state')).toBe('state.f is function');
  });

  it('fails a playout whose state holds something JSON drops', () => {
    const leaky = { ...race, apply: (state: RaceState, action: Parameters<typeof race.apply>[1], seat: number) => ({ ...race.apply(state, action, seat), state: { ...race.apply(state, action, seat).state, note: undefined } }) };
    expect(() => playout({ def: leaky, options: { players: 2 }, seed: 'leaky', maxSteps: 100 })).toThrow(/does not survive JSON: state.note is undefined/);
  });
});
