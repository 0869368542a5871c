import { describe, expect, it } from 'vitest';
import { istanbul } from '../../../../src/games/istanbul/index.js';
import {
  act,
  atAction,
  build,
  decide,
  giveCards,
  goods,
  keys,
  placeAssistant,
  play,
  player,
  rngRolling,
  stackDeck,
  top,
} from '../builders.js';

const encounters = (seat = 0, captures: number[] = [], governor = false, smuggler = false) =>
  ({ k: 'encounters', seat, captures, governor, smuggler }) as const;

describe('bonus cards', () => {
  it('take 5 lira: any time in the own turn, also inside an action', () => {
    const s = build();
    giveCards(s, 0, 'take5Lira');
    expect(keys(s)).toContain('take5Lira');
    const r = act(s, { type: 'take5Lira' });
    expect(player(r.state, 0).lira).toBe(7);
    expect(r.state.discard).toEqual(['take5Lira']);
    expect(player(r.state, 0).hand).toEqual([]);
    const inside = decide(build(), { k: 'governorPay', seat: 0 });
    giveCards(inside, 0, 'take5Lira');
    expect(keys(inside)).toContain('take5Lira');
  });

  it('take 1 good: before or after a place action, never during one; never a full good', () => {
    const s = atAction(build(), 0, 8);
    giveCards(s, 0, 'takeGood');
    player(s, 0).goods = goods(2, 0, 0, 0);
    expect(keys(s)).toEqual(expect.arrayContaining(['takeGood:green', 'takeGood:yellow', 'takeGood:blue']));
    expect(keys(s)).not.toContain('takeGood:red');
    const during = act(s, { type: 'blackMarketGood', good: 'green' }).state;
    expect(keys(during).some((k) => k.startsWith('takeGood'))).toBe(false);
    const after = decide(during, encounters());
    const took = act(after, { type: 'takeGood', good: 'blue' }).state;
    expect(player(took, 0).goods.blue).toBe(1);
  });

  it('family member to the Police Station with the capture reward; not when it is already there', () => {
    const s = build();
    giveCards(s, 0, 'familyToPolice');
    expect(keys(s).some((k) => k.startsWith('familyToPolice'))).toBe(false);
    player(s, 0).family = 9;
    stackDeck(s, 'stay');
    expect(keys(s)).toEqual(expect.arrayContaining(['familyToPolice:card', 'familyToPolice:lira']));
    const lira = act(s, { type: 'familyToPolice', reward: 'lira' }).state;
    expect(player(lira, 0).family).toBe(12);
    expect(player(lira, 0).lira).toBe(5);
    const card = act(s, { type: 'familyToPolice', reward: 'card' });
    expect(card.checkpoint).toBe(true);
    expect(player(card.state, 0).hand).toEqual(['stay']);
  });

  it('stay: the merchant stays, an assistant is still used', () => {
    const s = build();
    player(s, 0).merchant = 3;
    placeAssistant(s, 0, 3);
    giveCards(s, 0, 'stay');
    const stayed = act(s, { type: 'stay' }).state;
    expect(player(stayed, 0).merchant).toBe(3);
    expect(stayed.lastMove).toEqual({ seat: 0, from: 3, to: 3 });
    expect(keys(stayed)).toEqual(['pickUpAssistant:own', 'endTurn']);
  });

  it('move 3 or 4 steps instead of 1 or 2', () => {
    const s = build();
    player(s, 0).merchant = 1;
    giveCards(s, 0, 'move3or4');
    const far = keys(s)
      .filter((k) => k.startsWith('moveFar'))
      .map((k) => Number(k.slice(8)))
      .sort((a, b) => a - b);
    // From the corner 1 in the in-order grid: distance 3 are 4, 7, 10, 13; distance 4 are 8, 11, 14.
    expect(far).toEqual([4, 7, 8, 10, 11, 13, 14]);
    const moved = act(s, { type: 'moveFar', to: 14 }).state;
    expect(player(moved, 0).merchant).toBe(14);
    expect(moved.discard).toEqual(['move3or4']);
  });

  it('return 1 assistant in the movement phase, then still move', () => {
    const s = build();
    placeAssistant(s, 0, 16);
    giveCards(s, 0, 'returnAssistant');
    const back = act(s, { type: 'returnAssistant', from: 16 }).state;
    expect(player(back, 0).stack).toHaveLength(4);
    expect(top(back)?.k).toBe('move');
  });

  it('repeat cards right after their place action only: Post Office twice', () => {
    const s = atAction(build(), 0, 5);
    giveCards(s, 0, 'postTwice', 'sultanTwice');
    expect(keys(s).some((k) => k.startsWith('repeatAction'))).toBe(false);
    const once = act(s, { type: 'postOffice' }).state;
    expect(keys(once)).toContain('repeatAction:postTwice:');
    expect(keys(once)).not.toContain('repeatAction:sultanTwice:');
    const twice = act(once, { type: 'repeatAction', card: 'postTwice', choices: [] }).state;
    // k=0: green, yellow, 2 lira; then k=1: red, yellow, 2 lira.
    expect(player(twice, 0).goods).toEqual(goods(1, 1, 2, 0));
    expect(player(twice, 0).lira).toBe(6);
    expect(twice.post).toBe(2);
  });

  it('repeat cards: Sultan twice at the higher cost; not after another encounter', () => {
    const s = atAction(build(), 0, 13);
    player(s, 0).extensions = 3;
    player(s, 0).goods = goods(5, 5, 5, 5);
    giveCards(s, 0, 'sultanTwice');
    s.smuggler = 13;
    const once = act(s, { type: 'sultan', choices: ['red'] }).state;
    expect(keys(once)).toContain('repeatAction:sultanTwice:red');
    const twice = act(once, { type: 'repeatAction', card: 'sultanTwice', choices: ['red'] }).state;
    expect(player(twice, 0).rubies).toBe(2);
    // 3 players: 5 goods, then 6 (blue, red, green, yellow, any, blue).
    expect(player(twice, 0).goods).toEqual(goods(5 - 2 - 2, 5 - 2, 5 - 2, 5 - 3));
    const other = act(once, { type: 'smuggler', good: 'blue' }).state;
    expect(keys(decide(other, encounters(0, [], false, false))).some((k) => k.startsWith('repeatAction'))).toBe(false);
  });

  it('repeat cards: not after skipping the action', () => {
    const s = atAction(build(), 0, 16);
    player(s, 0).lira = 40;
    giveCards(s, 0, 'gemstoneTwice');
    const skipped = act(s, { type: 'skipAction' }).state;
    expect(keys(skipped).some((k) => k.startsWith('repeatAction'))).toBe(false);
  });

  it('Small Market card: sell any goods instead of the demanded ones', () => {
    const s = atAction(build(), 0, 11);
    s.smallMarket = [0, 1, 2, 3, 4]; // R1 G3 Y1
    player(s, 0).goods = goods(0, 0, 0, 2);
    expect(keys(s)).toEqual(['skipAction']);
    giveCards(s, 0, 'smallMarketAny');
    expect(keys(s).filter((k) => k.startsWith('sell'))).toEqual(['sell:0.0.0.1:any', 'sell:0.0.0.2:any']);
    const sold = act(s, { type: 'sell', goods: goods(0, 0, 0, 2), anyGoods: true }).state;
    expect(player(sold, 0).lira).toBe(2 + 5);
    expect(sold.discard).toEqual(['smallMarketAny']);
    expect(keys(atAction(build(), 0, 10)).some((k) => k.endsWith(':any'))).toBe(false);
  });
});

describe('mosque tiles in play', () => {
  it('yellow tile: once per turn, 2 lira, an own assistant from another place back to the merchant', () => {
    const s = build();
    player(s, 0).mosqueTiles = ['yellow'];
    player(s, 0).lira = 4;
    placeAssistant(s, 0, 16);
    placeAssistant(s, 0, 7);
    // Not from the place where the merchant stands (the Fountain 7 here).
    expect(keys(s).filter((k) => k.startsWith('yellowTile'))).toEqual(['yellowTile:16']);
    const used = act(s, { type: 'yellowTile', from: 16 }).state;
    expect(player(used, 0).lira).toBe(2);
    expect(player(used, 0).stack).toHaveLength(3);
    expect(keys(used).some((k) => k.startsWith('yellowTile'))).toBe(false);
    const poor = build();
    player(poor, 0).mosqueTiles = ['yellow'];
    player(poor, 0).lira = 1;
    placeAssistant(poor, 0, 16);
    expect(keys(poor).some((k) => k.startsWith('yellowTile'))).toBe(false);
  });

  it('yellow tile: used after moving when no assistant is left', () => {
    const s = build();
    player(s, 0).mosqueTiles = ['yellow'];
    for (const place of [1, 2, 4, 16]) placeAssistant(s, 0, place);
    const moved = act(s, { type: 'move', to: 3 }).state;
    expect(keys(moved)).toEqual(['endTurn', 'yellowTile:1', 'yellowTile:2', 'yellowTile:4', 'yellowTile:16']);
    const back = act(moved, { type: 'yellowTile', from: 16 }).state;
    expect(keys(back)).toContain('leaveAssistant');
  });
});

describe('encounters', () => {
  it('other families at the place must be captured: 1 card or 3 lira each', () => {
    const s = build();
    player(s, 1).family = 4;
    player(s, 2).family = 4;
    stackDeck(s, 'stay');
    const at4 = play(s, { type: 'move', to: 4 }, { type: 'leaveAssistant' }, { type: 'skipAction' }).state;
    expect(top(at4)).toEqual(encounters(0, [1, 2]));
    expect(keys(at4)).toEqual(['capture:1:card', 'capture:1:lira', 'capture:2:card', 'capture:2:lira']);
    const one = act(at4, { type: 'capture', seat: 2, reward: 'lira' }).state;
    expect(player(one, 2).family).toBe(12);
    expect(player(one, 0).lira).toBe(5);
    expect(keys(one)).not.toContain('endTurn');
    const two = act(one, { type: 'capture', seat: 1, reward: 'card' });
    expect(two.checkpoint).toBe(true);
    expect(player(two.state, 0).hand).toEqual(['stay']);
    expect(keys(two.state)).toEqual(['endTurn']);
  });

  it('no capture when the merchant is at the Police Station', () => {
    const s = build();
    player(s, 0).merchant = 11;
    player(s, 1).family = 12;
    const at12 = play(s, { type: 'move', to: 12 }, { type: 'leaveAssistant' }, { type: 'skipAction' }).state;
    expect(top(at12)).toEqual(encounters(0, []));
  });

  it('the Governor: draw a card, pay 2 lira or a card (the drawn one too), then he is re-rolled', () => {
    const s = decide(build(), encounters(0, [], true));
    player(s, 0).merchant = 2;
    s.governor = 2;
    stackDeck(s, 'move3or4');
    s.rng = rngRolling(5, 6);
    const drew = act(s, { type: 'governor' });
    expect(drew.checkpoint).toBe(true);
    expect(top(drew.state)?.k).toBe('governorPay');
    expect(keys(drew.state)).toEqual(['governorPay:lira', 'governorPay:move3or4']);
    const paid = act(drew.state, { type: 'governorPay', card: 'move3or4' });
    expect(paid.checkpoint).toBe(true);
    expect(paid.state.governor).toBe(11);
    expect(player(paid.state, 0).hand).toEqual([]);
    expect(paid.state.discard).toEqual(['move3or4']);
    expect(top(paid.state)).toEqual(encounters(0, [], false));
    const liraPaid = act(drew.state, { type: 'governorPay', card: null }).state;
    expect(player(liraPaid, 0).lira).toBe(0);
    expect(player(liraPaid, 0).hand).toEqual(['move3or4']);
  });

  it('cannot pay the Governor in lira with less than 2', () => {
    const s = decide(build(), { k: 'governorPay', seat: 0 });
    player(s, 0).lira = 1;
    giveCards(s, 0, 'stay');
    expect(keys(s)).toEqual(['governorPay:stay']);
  });

  it('the Smuggler: take a good, pay 2 lira or a good, then he is re-rolled', () => {
    const s = decide(build(), encounters(0, [], false, true));
    player(s, 0).merchant = 3;
    s.smuggler = 3;
    player(s, 0).goods = goods(0, 2, 0, 0);
    player(s, 0).lira = 1;
    expect(keys(s).filter((k) => k.startsWith('smuggler'))).toEqual(['smuggler:red', 'smuggler:yellow', 'smuggler:blue']);
    s.rng = rngRolling(1, 1);
    const took = act(s, { type: 'smuggler', good: 'blue' }).state;
    expect(keys(took)).toEqual(['smugglerPay:green', 'smugglerPay:blue']);
    const paid = act(took, { type: 'smugglerPay', good: 'green' });
    expect(paid.checkpoint).toBe(true);
    expect(player(paid.state, 0).goods).toEqual(goods(0, 1, 0, 1));
    expect(paid.state.smuggler).toBe(2);
    expect(top(paid.state)).toEqual(encounters(0, [], false, false));
  });

  it('Governor and Smuggler are optional, in any order, after the action', () => {
    const s = build();
    s.governor = 4;
    s.smuggler = 4;
    const at4 = play(s, { type: 'move', to: 4 }, { type: 'leaveAssistant' }, { type: 'warehouse' }).state;
    expect(top(at4)).toEqual(encounters(0, [], true, true));
    expect(keys(at4)).toEqual(['governor', 'smuggler:red', 'smuggler:green', 'smuggler:blue', 'endTurn']);
  });
});

describe('end of the game', () => {
  it('5 rubies trigger the end; the round is played out; the start player does not play again; final card step', () => {
    const s = atAction(build(), 1, 16);
    player(s, 1).rubies = 4;
    player(s, 1).lira = 20;
    giveCards(s, 0, 'take5Lira');
    giveCards(s, 2, 'takeGood', 'stay');
    const triggered = act(s, { type: 'gemstone' });
    expect(triggered.state.endTriggered).toBe(true);
    expect(triggered.events.map((e) => e.key)).toContain('istanbul.event.endTriggered');
    // Seat 2 still plays its turn.
    const seat2 = act(triggered.state, { type: 'endTurn' }).state;
    expect(istanbul.activeSeats(seat2)).toEqual([2]);
    expect(top(seat2)?.k).toBe('move');
    // Then the final card step: seat 0 (start player) first, then seat 2 (seat 1 holds no such card).
    const final = play(seat2, { type: 'move', to: 3 }, { type: 'endTurn' }).state;
    expect(final.phase).toBe('finalCards');
    expect(istanbul.activeSeats(final)).toEqual([0]);
    expect(keys(final)).toEqual(['take5Lira', 'finish']);
    const afterZero = act(final, { type: 'take5Lira' });
    expect(afterZero.checkpoint).toBe(true);
    expect(istanbul.activeSeats(afterZero.state)).toEqual([2]);
    expect(keys(afterZero.state)).toEqual(['takeGood:red', 'takeGood:green', 'takeGood:yellow', 'takeGood:blue', 'finish']);
    const over = play(afterZero.state, { type: 'takeGood', good: 'red' }).state;
    expect(istanbul.isOver(over)).toBe(true);
    expect(istanbul.activeSeats(over)).toEqual([]);
    expect(player(over, 2).goods.red).toBe(1);
    expect(istanbul.standings(over)[0]).toMatchObject({ seat: 1, rank: 1 });
  });

  it('2 players: the end comes at 6 rubies, not 5', () => {
    const s = atAction(build({ players: 2 }), 0, 16);
    player(s, 0).rubies = 4;
    player(s, 0).lira = 20;
    expect(act(s, { type: 'gemstone' }).state.endTriggered).toBe(false);
    player(s, 0).rubies = 5;
    expect(act(s, { type: 'gemstone' }).state.endTriggered).toBe(true);
  });

  it('the end with nobody holding a money or goods card: the game is over at once', () => {
    const s = atAction(build(), 2, 16);
    player(s, 2).rubies = 4;
    player(s, 2).lira = 20;
    const r = play(s, { type: 'gemstone' }, { type: 'endTurn' });
    expect(istanbul.isOver(r.state)).toBe(true);
    expect(r.events.map((e) => e.key)).toContain('istanbul.event.gameOver');
  });

  it('standings: rubies, then lira, then goods, then bonus cards; still tied: a shared rank', () => {
    const s = build({ players: 5 });
    const set = (seat: number, rubies: number, lira: number, g: number, cards: number) => {
      const p = player(s, seat);
      p.rubies = rubies;
      p.lira = lira;
      p.goods = goods(g, 0, 0, 0);
      p.hand = [];
      for (let i = 0; i < cards; i++) p.hand.push('stay');
    };
    set(0, 5, 3, 1, 0);
    set(1, 5, 3, 1, 1);
    set(2, 5, 4, 0, 0);
    set(3, 5, 3, 2, 0);
    set(4, 5, 3, 1, 1);
    const ranks = istanbul.standings(s).map((st) => [st.seat, st.rank]);
    expect(ranks).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
      [4, 3],
      [0, 5],
    ]);
    expect(istanbul.standings(s)[0]?.summary).toEqual({ key: 'istanbul.standing', params: { rubies: 5, lira: 4, goods: 0, cards: 0 } });
  });
});
