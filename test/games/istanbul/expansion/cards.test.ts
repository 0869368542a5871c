/** The 16 new bonus cards of Letters & Seals, each with its timing and its "cannot". */
import { describe, expect, it } from 'vitest';
import { istanbul } from '../../../../src/games/istanbul/index.js';
import {
  act,
  atAction,
  buildLs,
  decide,
  giveCards,
  giveLetters,
  goods,
  keys,
  letters,
  lira,
  lsState,
  play,
  player,
  rngRolling,
  setCompanion,
  stackDeck,
  top,
} from './builders.js';

const encounters = (seat = 0) => ({ k: 'encounters', seat, captures: [], governor: false, smuggler: false, courier: false }) as const;
const finalStep = () => {
  const s = decide(buildLs(), { k: 'finalCards', seat: 0 });
  s.phase = 'finalCards';
  return s;
};

describe('Take 1 letter (x2)', () => {
  it('at a free point of the own turn; not inside a place action, not in the final step, not with no letter left', () => {
    const s = buildLs();
    giveCards(s, 0, 'takeLetter');
    const r = act(s, { type: 'takeLetter' });
    expect(letters(r.state, 0)).toEqual([{ place: 1, delivered: false }]);
    expect(r.state.discard).toEqual(['takeLetter']);
    const inside = decide(buildLs(), { k: 'blackMarket', seat: 0, goodTaken: true, dice: null });
    giveCards(inside, 0, 'takeLetter');
    expect(keys(inside)).not.toContain('takeLetter');
    const final = finalStep();
    giveCards(final, 0, 'takeLetter');
    expect(keys(final)).toEqual(['finish']);
    const none = buildLs();
    giveCards(none, 0, 'takeLetter');
    lsState(none).letterDeck = [];
    expect(keys(none)).not.toContain('takeLetter');
  });
});

describe('the dice card (x1): 2–6 3 lira, 7–9 a good of your choice, 10–12 a good and 3 lira', () => {
  it('rolls for the yield', () => {
    const low = buildLs();
    giveCards(low, 0, 'diceCard');
    low.rng = rngRolling(2, 4);
    const r = act(low, { type: 'diceCard' });
    expect(lira(r.state, 0)).toBe(5);
    expect(top(r.state)).toEqual({ k: 'move', seat: 0 });
    expect(r.checkpoint).toBe(true);

    const mid = buildLs();
    giveCards(mid, 0, 'diceCard');
    mid.rng = rngRolling(3, 5);
    const m = act(mid, { type: 'diceCard' }).state;
    expect(lira(m, 0)).toBe(2);
    expect(top(m)).toEqual({ k: 'cardGood', seat: 0 });
    expect(keys(m)).toEqual(['cardGood:red', 'cardGood:green', 'cardGood:yellow', 'cardGood:blue']);
    const g = act(m, { type: 'cardGood', good: 'blue' }).state;
    expect(player(g, 0).goods.blue).toBe(1);
    expect(top(g)).toEqual({ k: 'move', seat: 0 });

    const high = buildLs();
    giveCards(high, 0, 'diceCard');
    high.rng = rngRolling(6, 5);
    const h = act(high, { type: 'diceCard' }).state;
    expect(lira(h, 0)).toBe(5);
    expect(top(h)).toEqual({ k: 'cardGood', seat: 0 });
  });

  it('in the final step too (money and goods); the step ends once the good is chosen and no card is left', () => {
    const s = finalStep();
    giveCards(s, 0, 'diceCard');
    s.rng = rngRolling(4, 4);
    s.finalQueue = [1];
    const r = act(s, { type: 'diceCard' }).state;
    expect(top(r)).toEqual({ k: 'cardGood', seat: 0 });
    const done = act(r, { type: 'cardGood', good: 'red' }).state;
    expect(player(done, 0).goods.red).toBe(1);
    expect(top(done)).toEqual({ k: 'finalCards', seat: 1 });
  });
});

describe('1 good for 7 lira (x1)', () => {
  it('gives a good of your choice for 7 lira; not without goods; in the final step too', () => {
    const s = buildLs();
    giveCards(s, 0, 'sellGood');
    expect(keys(s).some((k) => k.startsWith('sellGood'))).toBe(false);
    player(s, 0).goods = goods(0, 1, 0, 0);
    const r = act(s, { type: 'sellGood', good: 'green' }).state;
    expect(player(r, 0).goods.green).toBe(0);
    expect(lira(r, 0)).toBe(9);
    const final = finalStep();
    giveCards(final, 0, 'sellGood');
    player(final, 0).goods = goods(1, 0, 0, 0);
    expect(keys(final)).toEqual(['sellGood:red', 'finish']);
  });
});

describe('the depicted good and 3 lira (x4, one per colour)', () => {
  it('takes the good and 3 lira; without room only the lira; in the final step too', () => {
    for (const [card, good] of [
      ['goodLiraRed', 'red'],
      ['goodLiraGreen', 'green'],
      ['goodLiraYellow', 'yellow'],
      ['goodLiraBlue', 'blue'],
    ] as const) {
      const s = buildLs();
      giveCards(s, 0, card);
      const r = act(s, { type: 'goodLira', card }).state;
      expect(player(r, 0).goods[good]).toBe(1);
      expect(lira(r, 0)).toBe(5);
    }
    const full = buildLs();
    giveCards(full, 0, 'goodLiraBlue');
    player(full, 0).goods = goods(0, 0, 0, 2);
    const r = act(full, { type: 'goodLira', card: 'goodLiraBlue' }).state;
    expect(player(r, 0).goods.blue).toBe(2);
    expect(lira(r, 0)).toBe(5);
    const final = finalStep();
    giveCards(final, 0, 'goodLiraRed');
    expect(keys(final)).toEqual(['goodLira:goodLiraRed', 'finish']);
  });
});

describe('the top card of the discard pile (x1)', () => {
  it('carries out the top card, with that card’s timing; the top card stays, this card goes on top of it', () => {
    const s = buildLs();
    giveCards(s, 0, 'discardTop');
    s.deck.splice(s.deck.indexOf('take5Lira'), 1);
    s.discard = ['take5Lira'];
    const r = act(s, { type: 'viaDiscard', action: { type: 'take5Lira' } });
    expect(lira(r.state, 0)).toBe(7);
    expect(r.state.discard).toEqual(['take5Lira', 'discardTop']);
    expect(player(r.state, 0).hand).toEqual([]);
    expect(r.events.map((e) => e.key)).toContain('istanbul.event.cardPlayedViaDiscard');
  });

  it('a movement card on top: only in the movement phase', () => {
    const s = buildLs();
    giveCards(s, 0, 'discardTop');
    s.deck.splice(s.deck.indexOf('move3or4'), 1);
    s.discard = ['move3or4'];
    const far = keys(s).filter((k) => k.startsWith('viaDiscard:moveFar:'));
    expect(far.length).toBeGreaterThan(0);
    const moved = act(s, { type: 'viaDiscard', action: { type: 'moveFar', to: 24 } }).state;
    expect(player(moved, 0).merchant).toBe(24);
    const later = decide(moved, encounters());
    expect(keys(later).some((k) => k.startsWith('viaDiscard'))).toBe(false);
  });

  it('cannot: with an empty discard pile, when the top card cannot be played now, in the final step', () => {
    const s = buildLs();
    giveCards(s, 0, 'discardTop');
    expect(keys(s).some((k) => k.startsWith('viaDiscard'))).toBe(false);
    s.deck.splice(s.deck.indexOf('sultanTwice'), 1);
    s.discard = ['sultanTwice'];
    expect(keys(s).some((k) => k.startsWith('viaDiscard'))).toBe(false);
    const final = finalStep();
    giveCards(final, 0, 'discardTop');
    final.deck.splice(final.deck.indexOf('take5Lira'), 1);
    final.discard = ['take5Lira'];
    expect(keys(final)).toEqual(['finish']);
  });
});

describe('the family member moves (x1)', () => {
  it('movement: 1 step (not to or from the Police Station), that place’s action, no encounters; merchant and assistants stay', () => {
    const s = buildLs();
    giveCards(s, 0, 'familyStep');
    player(s, 0).family = 21; // beside 3, 7, 4 and the Police Station 12
    player(s, 1).merchant = 4;
    player(s, 2).family = 4;
    s.governor = 4;
    expect(keys(s).filter((k) => k.startsWith('familyStep')).sort()).toEqual(['familyStep:3', 'familyStep:4', 'familyStep:7']);
    const stepped = act(s, { type: 'familyStep', to: 4 }).state;
    expect(player(stepped, 0).family).toBe(4);
    expect(player(stepped, 0).merchant).toBe(7);
    expect(top(stepped)).toEqual({ k: 'action', seat: 0, place: 4, family: false });
    const filled = act(stepped, { type: 'warehouse' }).state;
    expect(player(filled, 0).goods.yellow).toBe(2);
    expect(lira(filled, 0)).toBe(2);
    expect(top(filled)).toEqual({ k: 'encounters', seat: 0, captures: [], governor: false, smuggler: false, courier: false });
    expect(player(filled, 0).stack).toHaveLength(4);
    const atPolice = buildLs();
    giveCards(atPolice, 0, 'familyStep');
    expect(keys(atPolice).some((k) => k.startsWith('familyStep'))).toBe(false);
  });
});

describe('move to an opponent’s merchant (x1)', () => {
  it('movement: the merchant stack to another player’s merchant, not paying that merchant; other tokens there as usual', () => {
    const s = buildLs();
    giveCards(s, 0, 'moveToMerchant');
    player(s, 0).lira = 10;
    player(s, 1).merchant = 13;
    player(s, 2).merchant = 13;
    setCompanion(s, 1, 13);
    expect(keys(s).filter((k) => k.startsWith('moveToMerchant'))).toEqual(['moveToMerchant:1', 'moveToMerchant:2']);
    const r = play(s, { type: 'moveToMerchant', other: 1 }, { type: 'leaveAssistant' }, { type: 'payMerchants' }).state;
    expect(player(r, 0).merchant).toBe(13);
    // seat 2's merchant and seat 1's companion are paid, seat 1's merchant is not
    expect(lira(r, 0)).toBe(6);
    expect(lira(r, 1)).toBe(5);
    expect(lira(r, 2)).toBe(6);
    const same = buildLs();
    giveCards(same, 0, 'moveToMerchant');
    expect(keys(same).some((k) => k.startsWith('moveToMerchant'))).toBe(false);
  });
});

describe('pay 3 lira, move anywhere (x1)', () => {
  it('movement: 3 lira, then the merchant stack to any other place; cannot with less than 3 lira', () => {
    const s = buildLs();
    giveCards(s, 0, 'moveAnywhere');
    player(s, 0).lira = 3;
    expect(keys(s).filter((k) => k.startsWith('moveAnywhere'))).toHaveLength(19);
    const r = act(s, { type: 'moveAnywhere', to: 13 }).state;
    expect(player(r, 0).merchant).toBe(13);
    expect(lira(r, 0)).toBe(0);
    expect(top(r)).toEqual({ k: 'assistant', seat: 0 });
    player(s, 0).lira = 2;
    expect(keys(s).some((k) => k.startsWith('moveAnywhere'))).toBe(false);
  });
});

describe('use the Governor, Smuggler or Courier (x1)', () => {
  it('wherever he stands, at a free point: his usual cost, then he is re-rolled', () => {
    const s = buildLs();
    giveCards(s, 0, 'useFigure');
    stackDeck(s, 'stay');
    const gov = act(s, { type: 'useGovernor' }).state;
    expect(player(gov, 0).hand).toEqual(['stay']);
    expect(top(gov)).toEqual({ k: 'governorPay', seat: 0 });
    gov.rng = rngRolling(3, 3);
    const paid = act(gov, { type: 'governorPay', card: null }).state;
    expect(paid.governor).toBe(6);
    expect(lira(paid, 0)).toBe(0);
    expect(top(paid)).toEqual({ k: 'move', seat: 0 });

    const smu = buildLs();
    giveCards(smu, 0, 'useFigure');
    const took = act(smu, { type: 'useSmuggler', good: 'blue' }).state;
    expect(player(took, 0).goods.blue).toBe(1);
    expect(top(took)).toEqual({ k: 'smugglerPay', seat: 0 });

    const cou = buildLs();
    giveCards(cou, 0, 'useFigure');
    cou.rng = rngRolling(6, 6);
    const r = act(cou, { type: 'useCourier', letter: null }).state;
    expect(letters(r, 0)).toEqual([{ place: 1, delivered: false }]);
    expect(lira(r, 0)).toBe(0);
    expect(lsState(r).courier).toBe(12);
  });
});

describe('a Mosque once more (x1)', () => {
  it('right after a mosque’s action: that mosque’s other tile; not after another place', () => {
    const s = atAction(buildLs(), 0, 14);
    giveCards(s, 0, 'mosqueTwice');
    player(s, 0).goods = goods(2, 2, 0, 0);
    const first = act(s, { type: 'mosque', colour: 'red' }).state;
    expect(keys(first)).toContain('repeatMosque:green');
    const second = act(first, { type: 'repeatMosque', colour: 'green' }).state;
    expect(player(second, 0).mosqueTiles).toEqual(['red', 'green']);
    expect(player(second, 0).rubies).toBe(1);
    const other = decide(buildLs(), encounters());
    giveCards(other, 0, 'mosqueTwice');
    player(other, 0).goods = goods(2, 2, 2, 2);
    other.turn.repeatPlace = 13;
    expect(keys(other).some((k) => k.startsWith('repeatMosque'))).toBe(false);
  });
});

describe('the Secret Society once more (x1)', () => {
  it('right after the Secret Society’s action, with 6 more seals; not without them', () => {
    const s = atAction(buildLs(), 0, 24);
    giveCards(s, 0, 'secretSocietyTwice');
    giveLetters(s, 0, [1, true], [2, true], [3, true], [4, true], [5, true], [6, true]);
    const first = play(s, { type: 'secretSociety', ruby: 13 }, ...Array(3).fill({ type: 'discardLetter', letter: 'delivered' })).state;
    expect(keys(first)).toEqual(expect.arrayContaining(['repeatSecretSociety:13', 'repeatSecretSociety:16']));
    const again = play(first, { type: 'repeatSecretSociety', ruby: 16 }, ...Array(3).fill({ type: 'discardLetter', letter: 'delivered' })).state;
    expect(player(again, 0).rubies).toBe(2);
    expect(again.gemstoneTaken).toBe(1);
    expect(top(again)?.k).toBe('encounters');
    expect(letters(again, 0)).toEqual([]);
    const short = atAction(buildLs(), 0, 24);
    giveCards(short, 0, 'secretSocietyTwice');
    giveLetters(short, 0, [1, true], [2, true], [3, true], [4, true]);
    const once = play(short, { type: 'secretSociety', ruby: 13 }, ...Array(3).fill({ type: 'discardLetter', letter: 'delivered' })).state;
    expect(keys(once).some((k) => k.startsWith('repeatSecretSociety'))).toBe(false);
  });
});

describe('the deck', () => {
  it('with "new cards only" the base cards are absent', () => {
    const s = buildLs({ cards: 'newOnly' });
    expect(s.deck).not.toContain('take5Lira');
    expect(s.deck).toHaveLength(16);
    expect(istanbul.view(s, null).lettersAndSeals?.cards).toBe('newOnly');
  });
});
