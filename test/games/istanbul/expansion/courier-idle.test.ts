import { describe, expect, it } from 'vitest';
import { defaultActionFor, istanbul } from '../../../../src/games/istanbul/index.js';
import { act, atAction, buildLs, decide, giveLetters, keys, letters, lira, lsState, play, player, rngRolling, top } from './builders.js';

const encounters = (seat = 0, courier = true) => ({ k: 'encounters', seat, captures: [], governor: false, smuggler: false, courier }) as const;

describe('the Courier', () => {
  it('his place is rolled at setup like the Governor’s', () => {
    const places = new Set<number>();
    for (let i = 0; i < 60; i++) {
      const parsed = istanbul.parseOptions({ players: 3, lettersAndSeals: {} });
      if (!parsed.ok) throw new Error(parsed.error);
      places.add(istanbul.setup(parsed.options, `courier-${i}`).ls?.courier ?? 0);
    }
    expect([...places].every((p) => p >= 2 && p <= 12)).toBe(true);
    expect(places.size).toBeGreaterThan(6);
  });

  it('an encounter: 1 letter for 2 lira or for a letter given back; then he is re-rolled with 2d6', () => {
    const s = decide(buildLs(), encounters());
    giveLetters(s, 0, [9, true], 5);
    expect(keys(s)).toEqual(['courier:lira', 'courier:delivered', 'courier:5', 'endTurn', 'doubleMove']);
    s.rng = rngRolling(2, 3);
    const r = act(s, { type: 'courier', letter: null });
    expect(lira(r.state, 0)).toBe(0);
    expect(letters(r.state, 0)).toHaveLength(3);
    expect(lsState(r.state).courier).toBe(5);
    expect(r.checkpoint).toBe(true);
    expect(top(r.state)).toEqual({ ...encounters(), courier: false });
    const byLetter = act(s, { type: 'courier', letter: 'delivered' }).state;
    expect(lira(byLetter, 0)).toBe(2);
    expect(letters(byLetter, 0)).toEqual([
      { place: 5, delivered: false },
      { place: 1, delivered: false },
    ]);
    expect(lsState(byLetter).letterDiscard).toEqual([9]);
  });

  it('the phase-4 encounter happens where the merchant arrives', () => {
    const s = buildLs();
    lsState(s).courier = 21;
    const r = play(s, { type: 'move', to: 21 }, { type: 'leaveAssistant' }, { type: 'skipAction' }).state;
    expect(top(r)).toMatchObject({ k: 'encounters', courier: true });
  });

  it('cannot: without 2 lira and without letters; with 2 lira but no letter left anywhere (a letter given back is drawn again)', () => {
    const s = decide(buildLs(), encounters());
    player(s, 0).lira = 1;
    expect(keys(s)).toEqual(['endTurn']);
    const empty = decide(buildLs(), encounters());
    giveLetters(empty, 0, 4);
    lsState(empty).letterDeck = [];
    expect(keys(empty)).toEqual(['courier:4', 'endTurn']);
    const r = act(empty, { type: 'courier', letter: 4 }).state;
    expect(letters(r, 0)).toEqual([{ place: 4, delivered: false }]);
  });
});

describe('idle defaults for decisions asked outside the own turn (defaultActionFor)', () => {
  it('a kiosk tile: the first open one, without carrying it out', () => {
    const s = act(atAction(buildLs(), 0, 22), { type: 'kiosk' }).state;
    const next = istanbul.apply(s, { type: 'kioskTile', tile: 1, carry: true }, 0).state;
    expect(defaultActionFor(next, 1)).toEqual({ type: 'kioskTile', tile: 0, carry: false });
    expect(defaultActionFor(next, 0)).toBeNull();
  });

  it('an auction bid: pass (the compulsory opening bid: 1 lira)', () => {
    const opened = act(atAction(buildLs(), 0, 23), { type: 'auctionGood', good: 'red' }).state;
    expect(defaultActionFor(opened, 0)).toEqual({ type: 'auctionBid', amount: 1 });
    const bidding = act(opened, { type: 'auctionBid', amount: 1 }).state;
    expect(defaultActionFor(bidding, 1)).toEqual({ type: 'auctionPass' });
  });

  it('each default is a legal action; other decisions are left to the host', () => {
    const s = act(atAction(buildLs(), 0, 22), { type: 'kiosk' }).state;
    const d = defaultActionFor(s, 0);
    expect(d).not.toBeNull();
    expect(istanbul.legalActions(s, 0).map((a) => JSON.stringify(a))).toContain(JSON.stringify(d));
    expect(defaultActionFor(buildLs(), 0)).toBeNull();
  });
});
