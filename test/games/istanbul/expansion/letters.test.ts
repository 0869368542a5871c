import { describe, expect, it } from 'vitest';
import { istanbul } from '../../../../src/games/istanbul/index.js';
import { act, atAction, buildLs, decide, giveLetters, keys, letters, lsState, play, player, setCompanion, top } from './builders.js';

const encounters = (seat = 0) => ({ k: 'encounters', seat, captures: [], governor: false, smuggler: false, courier: false }) as const;

describe('letters: delivery', () => {
  it('a letter lies face up and is delivered (2 seals) when the merchant arrives at its place', () => {
    const s = buildLs();
    giveLetters(s, 0, 21);
    expect(istanbul.view(s, null).lettersAndSeals?.players[0]).toMatchObject({ letters: [{ place: 21, delivered: false }], seals: 1 });
    const r = act(s, { type: 'move', to: 21 });
    expect(letters(r.state, 0)).toEqual([{ place: 21, delivered: true }]);
    expect(r.events.map((e) => e.key)).toContain('istanbul.event.letterDelivered');
    expect(istanbul.view(r.state, null).lettersAndSeals?.players[0]?.seals).toBe(2);
  });

  it('the family member delivers too (sent from the Police Station), and the companion', () => {
    const s = atAction(buildLs(), 0, 12);
    giveLetters(s, 0, 9, 6);
    setCompanion(s, 0, 7);
    const r = act(s, { type: 'police', to: 9 });
    expect(letters(r.state, 0)).toEqual([
      { place: 9, delivered: true },
      { place: 6, delivered: false },
    ]);
    const c = buildLs();
    giveLetters(c, 0, 6);
    setCompanion(c, 0, 7);
    const moved = act(c, { type: 'moveCompanion', to: 6 }).state;
    expect(letters(moved, 0)).toEqual([{ place: 6, delivered: true }]);
  });

  it('a letter received where one of its owner’s tokens already stands is delivered at once', () => {
    const s = atAction(buildLs(), 0, 21);
    player(s, 0).family = 1; // the first letter drawn names place 1
    const r = act(s, { type: 'embassy' });
    expect(letters(r.state, 0)).toEqual([
      { place: 1, delivered: true },
      { place: 2, delivered: false },
    ]);
  });

  it("another player's tokens do not deliver a letter", () => {
    const s = buildLs();
    giveLetters(s, 1, 21);
    const r = act(s, { type: 'move', to: 21 });
    expect(letters(r.state, 1)).toEqual([{ place: 21, delivered: false }]);
  });

  it('an empty letter pile is refilled from the shuffled discard pile; with no letter anywhere the Embassy is not offered', () => {
    const s = atAction(buildLs(), 0, 21);
    const ls = lsState(s);
    ls.letterDiscard = ls.letterDeck.splice(0, 18);
    expect(ls.letterDeck).toHaveLength(2);
    // 2 left in the pile: the Embassy takes them; the next letter comes from the reshuffled discard pile
    const r = act(s, { type: 'embassy' });
    expect(letters(r.state, 0)).toHaveLength(2);
    expect(lsState(r.state).letterDeck).toHaveLength(0);
    const again = atAction(r.state, 0, 21);
    const r2 = act(again, { type: 'embassy' });
    expect(r2.events.map((e) => e.key)).toContain('istanbul.event.lettersReshuffled');
    expect(lsState(r2.state).letterDeck).toHaveLength(16);
    expect(lsState(r2.state).letterDiscard).toEqual([]);
    const none = atAction(buildLs(), 0, 21);
    lsState(none).letterDeck = [];
    expect(keys(none)).toEqual(['skipAction']);
  });
});

describe('the double move', () => {
  it('at the end of a turn: letters showing at least 3 seals, one at a time, for an extra turn in the same round', () => {
    const s = decide(buildLs(), encounters());
    giveLetters(s, 0, [5, true], 6, 9);
    expect(keys(s)).toEqual(['endTurn', 'doubleMove']);
    const started = act(s, { type: 'doubleMove' }).state;
    expect(top(started)).toMatchObject({ k: 'letters', purpose: 'doubleMove', need: 3 });
    expect(keys(started)).toEqual(['discardLetter:delivered', 'discardLetter:6', 'discardLetter:9']);
    const one = act(started, { type: 'discardLetter', letter: 'delivered' }).state;
    expect(top(one)).toMatchObject({ k: 'letters', need: 1 });
    const r = act(one, { type: 'discardLetter', letter: 9 });
    expect(letters(r.state, 0)).toEqual([{ place: 6, delivered: false }]);
    expect(lsState(r.state).letterDiscard).toEqual([5, 9]);
    expect(r.state.turnSeat).toBe(0);
    expect(r.state.round).toBe(1);
    expect(r.state.turn.extra).toBe(true);
    expect(r.state.pending).toEqual([{ k: 'move', seat: 0 }]);
    expect(r.events.map((e) => e.key)).toEqual(
      expect.arrayContaining(['istanbul.event.doubleMove', 'istanbul.event.turnEnded', 'istanbul.event.extraTurnStarted']),
    );
    expect(istanbul.view(r.state, null).lettersAndSeals?.players[0]?.doubleMoveUsed).toBe(true);
  });

  it('excess seals are lost: two delivered letters (4 seals) pay for one double move', () => {
    const s = decide(buildLs(), encounters());
    giveLetters(s, 0, [5, true], [6, true]);
    const { state } = play(s, { type: 'doubleMove' }, { type: 'discardLetter', letter: 'delivered' }, { type: 'discardLetter', letter: 'delivered' });
    expect(letters(state, 0)).toEqual([]);
    expect(state.turn.extra).toBe(true);
  });

  it('cannot: with fewer than 3 seals, at the end of an extra turn, twice in a round, in the final step', () => {
    const few = decide(buildLs(), encounters());
    giveLetters(few, 0, [5, true]);
    expect(keys(few)).not.toContain('doubleMove');

    const extra = decide(buildLs(), encounters());
    giveLetters(extra, 0, 1, 2, 3);
    extra.turn.extra = true;
    expect(keys(extra)).not.toContain('doubleMove');

    const twice = decide(buildLs(), encounters());
    giveLetters(twice, 0, 1, 2, 3);
    lsState(twice).doubleMoveRound[0] = 1;
    expect(keys(twice)).not.toContain('doubleMove');
    twice.round = 2; // the next round: again
    expect(keys(twice)).toContain('doubleMove');

    const final = decide(buildLs(), { k: 'finalCards', seat: 0 });
    final.phase = 'finalCards';
    giveLetters(final, 0, 1, 2, 3);
    expect(keys(final)).toEqual(['finish']);
  });

  it('also where the turn ends early: instead of leaving an assistant, or instead of paying', () => {
    const s = decide(buildLs(), { k: 'assistant', seat: 0 });
    giveLetters(s, 0, 1, 2, 3);
    expect(keys(s)).toContain('doubleMove');
    const pay = decide(buildLs(), { k: 'pay', seat: 0 });
    player(pay, 0).merchant = 3;
    player(pay, 1).merchant = 3;
    giveLetters(pay, 0, 1, 2, 3);
    expect(keys(pay)).toEqual(expect.arrayContaining(['payMerchants', 'endTurn', 'doubleMove']));
  });

  it('the extra turn ends like any other: the next seat follows, and the round ends after the last seat', () => {
    const s = decide(buildLs(), encounters(2));
    s.turnSeat = 2;
    giveLetters(s, 2, 1, 2, 3);
    const { state } = play(s, { type: 'doubleMove' }, { type: 'discardLetter', letter: 1 }, { type: 'discardLetter', letter: 2 }, { type: 'discardLetter', letter: 3 });
    expect(state.turnSeat).toBe(2);
    expect(state.round).toBe(1);
    const ended = istanbul.apply(decide(state, encounters(2)), { type: 'endTurn' }, 2).state;
    expect(ended.turnSeat).toBe(0);
    expect(ended.round).toBe(2);
    expect(ended.turn.extra).toBe(false);
  });
});
