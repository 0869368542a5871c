import { describe, expect, it } from 'vitest';
import { istanbul } from '../../../../src/games/istanbul/index.js';
import { act, atAction, buildLs, giveCards, giveLetters, goods, keys, letters, lira, lsState, play, player, stackDeck, top } from './builders.js';

describe('Embassy 21', () => {
  it('takes 2 letters face up', () => {
    const s = atAction(buildLs(), 0, 21);
    const r = act(s, { type: 'embassy' });
    expect(letters(r.state, 0)).toEqual([
      { place: 1, delivered: false },
      { place: 2, delivered: false },
    ]);
    expect(r.checkpoint).toBe(true);
    expect(top(r.state)?.k).toBe('encounters');
  });

  it('takes the only letter left; cannot be used when none is left anywhere', () => {
    const s = atAction(buildLs(), 0, 21);
    lsState(s).letterDeck = [7];
    const r = act(s, { type: 'embassy' });
    expect(letters(r.state, 0)).toEqual([{ place: 7, delivered: false }]);
    const none = atAction(buildLs(), 0, 21);
    lsState(none).letterDeck = [];
    expect(keys(none)).not.toContain('embassy');
  });
});

describe('Kiosk 22', () => {
  it('1 letter; players + 1 tiles turned up; each seat in order chooses one (its own decision); the owner also gets the last one', () => {
    const s = atAction(buildLs(), 0, 22);
    const r = act(s, { type: 'kiosk' });
    expect(letters(r.state, 0)).toEqual([{ place: 1, delivered: false }]);
    expect(lsState(r.state).kiosk).toEqual({ owner: 0, open: [0, 1, 2, 3], chosen: [], queue: [0, 1, 2] });
    expect(top(r.state)).toEqual({ k: 'kiosk', seat: 0, last: false });
    expect(r.checkpoint).toBe(true);
    expect(istanbul.view(r.state, null).decision).toMatchObject({ seat: 0, kind: 'kiosk', place: 22 });

    // seat 0 takes tile 0 (1 yellow and 1 lira) and carries it out
    const a = act(r.state, { type: 'kioskTile', tile: 0, carry: true });
    expect(player(a.state, 0).goods.yellow).toBe(1);
    expect(lira(a.state, 0)).toBe(3);
    expect(istanbul.activeSeats(a.state)).toEqual([1]);
    expect(a.checkpoint).toBe(true);
    expect(a.state.turnSeat).toBe(0);
    expect(keys(a.state, 1)).toEqual(['kioskTile:1:carry', 'kioskTile:1:keep', 'kioskTile:2:carry', 'kioskTile:2:keep', 'kioskTile:3:carry', 'kioskTile:3:keep']);
    // the turn player cannot answer for seat 1
    expect(istanbul.legalActions(a.state, 0)).toEqual([]);

    // seat 1 keeps tile 2 face down without its action: nobody else may choose it
    const b = istanbul.apply(a.state, { type: 'kioskTile', tile: 2, carry: false }, 1);
    expect(player(b.state, 1).goods.red).toBe(0);
    expect(keys(b.state, 2)).toEqual(['kioskTile:1:carry', 'kioskTile:1:keep', 'kioskTile:3:carry', 'kioskTile:3:keep']);

    // seat 2 takes 2 yellow
    const c = istanbul.apply(b.state, { type: 'kioskTile', tile: 3, carry: true }, 2);
    expect(player(c.state, 2).goods.yellow).toBe(2);
    // the owner gets the last tile (1 green and 1 lira)
    expect(top(c.state)).toEqual({ k: 'kiosk', seat: 0, last: true });
    expect(keys(c.state, 0)).toEqual(['kioskTile:1:carry', 'kioskTile:1:keep']);
    const d = istanbul.apply(c.state, { type: 'kioskTile', tile: 1, carry: true }, 0);
    expect(player(d.state, 0).goods.green).toBe(1);
    // all four are discarded, the owner's turn goes on with the encounters
    expect(lsState(d.state).kiosk).toBeNull();
    expect([...lsState(d.state).kioskDiscard].sort()).toEqual([0, 1, 2, 3]);
    expect(top(d.state)?.k).toBe('encounters');
    expect(d.state.turnSeat).toBe(0);
  });

  it('a choice tile asks which exchange; other seats choose with what they have', () => {
    const s = atAction(buildLs({ players: 2 }), 0, 22);
    lsState(s).kioskDeck = [0, 1, 22]; // turned up: 22 (2 lira for a good / a good for 3 lira), 1, 0
    player(s, 1).goods = goods(1, 0, 0, 0);
    const r = play(s, { type: 'kiosk' }, { type: 'kioskTile', tile: 0, carry: false }).state;
    expect(istanbul.activeSeats(r)).toEqual([1]);
    const chosen = istanbul.apply(r, { type: 'kioskTile', tile: 22, carry: true }, 1).state;
    expect(top(chosen)).toEqual({ k: 'kioskEffect', seat: 1, tile: 22 });
    // seat 1 has 3 lira: 2 lira for any good; its 1 red for 3 lira
    expect(keys(chosen, 1)).toEqual([
      'kioskEffect:22:0:red:-:-',
      'kioskEffect:22:0:green:-:-',
      'kioskEffect:22:0:yellow:-:-',
      'kioskEffect:22:0:blue:-:-',
      'kioskEffect:22:1:red:-:-',
    ]);
    const done = istanbul.apply(chosen, { type: 'kioskEffect', tile: 22, option: 1, good: 'red', letter: null, card: null }, 1).state;
    expect(player(done, 1).goods.red).toBe(0);
    expect(lira(done, 1)).toBe(6);
    expect(top(done)).toEqual({ k: 'kiosk', seat: 0, last: true });
  });

  it('the tile piles are refilled from the shuffled discard pile', () => {
    const s = atAction(buildLs(), 0, 22);
    const ls = lsState(s);
    ls.kioskDiscard = ls.kioskDeck.splice(0, 22);
    expect(ls.kioskDeck).toHaveLength(2);
    const r = act(s, { type: 'kiosk' });
    expect(r.events.map((e) => e.key)).toContain('istanbul.event.kioskReshuffled');
    expect(lsState(r.state).kiosk?.open).toHaveLength(4);
    expect(lsState(r.state).kioskDeck).toHaveLength(20);
  });

  it('the owner may play "Take 5 lira" while choosing; the other seats play no card', () => {
    const s = atAction(buildLs(), 0, 22);
    giveCards(s, 0, 'take5Lira');
    giveCards(s, 1, 'take5Lira');
    const r = act(s, { type: 'kiosk' }).state;
    expect(keys(r, 0)).toContain('take5Lira');
    const other = istanbul.apply(r, { type: 'kioskTile', tile: 0, carry: false }, 0).state;
    expect(keys(other, 1)).not.toContain('take5Lira');
  });
});

describe('Auction House 23', () => {
  it('the rulebook example (3 players): 1 blue good; opening bid 1; Red passes, Blue bids 5, the opener passes: Blue pays 5 to the opener and draws 2 cards', () => {
    const s = atAction(buildLs(), 0, 23);
    player(s, 0).lira = 4;
    player(s, 2).lira = 7;
    stackDeck(s, 'stay', 'take5Lira');
    const opened = play(s, { type: 'auctionGood', good: 'blue' }).state;
    expect(player(opened, 0).goods.blue).toBe(1);
    expect(top(opened)).toEqual({ k: 'auction', seat: 0, stage: 'open' });
    // the opening bid: at least 1, at most the opener's lira; no pass
    expect(keys(opened)).toEqual(['auctionBid:1', 'auctionBid:2', 'auctionBid:3', 'auctionBid:4']);
    const bid1 = act(opened, { type: 'auctionBid', amount: 1 }).state;
    expect(top(bid1)).toEqual({ k: 'auction', seat: 1, stage: 'bid' });
    expect(keys(bid1, 1)).toEqual(['auctionBid:2', 'auctionBid:3', 'auctionPass']);
    const passed = istanbul.apply(bid1, { type: 'auctionPass' }, 1).state;
    expect(top(passed)).toEqual({ k: 'auction', seat: 2, stage: 'bid' });
    const bid5 = istanbul.apply(passed, { type: 'auctionBid', amount: 5 }, 2).state;
    expect(top(bid5)).toEqual({ k: 'auction', seat: 0, stage: 'final' });
    expect(istanbul.view(bid5, null).lettersAndSeals?.auction).toEqual({ owner: 0, high: 5, highSeat: 2, waiting: [] });
    // the opener (4 lira) cannot bid more than 5: only pass
    expect(keys(bid5, 0)).toEqual(['auctionPass']);
    const r = istanbul.apply(bid5, { type: 'auctionPass' }, 0);
    expect(lira(r.state, 2)).toBe(2);
    expect(lira(r.state, 0)).toBe(9);
    expect(player(r.state, 2).hand.sort()).toEqual(['stay', 'take5Lira']);
    expect(lsState(r.state).auction).toBeNull();
    expect(top(r.state)?.k).toBe('encounters');
  });

  it('the opener wins with the last bid and pays the supply', () => {
    const s = atAction(buildLs(), 0, 23);
    player(s, 0).lira = 10;
    const r = play(s, { type: 'auctionGood', good: 'red' }, { type: 'auctionBid', amount: 2 });
    let st = istanbul.apply(r.state, { type: 'auctionBid', amount: 3 }, 1).state;
    st = istanbul.apply(st, { type: 'auctionPass' }, 2).state;
    expect(keys(st, 0)).toContain('auctionBid:4');
    const won = istanbul.apply(st, { type: 'auctionBid', amount: 4 }, 0);
    expect(lira(won.state, 0)).toBe(6);
    expect(lira(won.state, 1)).toBe(3);
    expect(player(won.state, 0).hand).toHaveLength(2);
    expect(won.events.map((e) => e.key)).toContain('istanbul.event.auctionWonByOwner');
  });

  it('when every other seat passes, the opener wins at the opening bid without a last bid', () => {
    const s = atAction(buildLs(), 0, 23);
    const r = play(s, { type: 'auctionGood', good: 'red' }, { type: 'auctionBid', amount: 2 });
    let st = istanbul.apply(r.state, { type: 'auctionPass' }, 1).state;
    st = istanbul.apply(st, { type: 'auctionPass' }, 2).state;
    expect(lira(st, 0)).toBe(0);
    expect(player(st, 0).hand).toHaveLength(2);
    expect(top(st)?.k).toBe('encounters');
  });

  it('an opener without lira cannot open: the others bid; nobody bidding leaves the cards', () => {
    const s = atAction(buildLs(), 0, 23);
    player(s, 0).lira = 0;
    const r = act(s, { type: 'auctionGood', good: 'green' }).state;
    expect(top(r)).toEqual({ k: 'auction', seat: 1, stage: 'bid' });
    let st = istanbul.apply(r, { type: 'auctionPass' }, 1).state;
    st = istanbul.apply(st, { type: 'auctionPass' }, 2).state;
    // the opener's last chance (nobody bid): pass
    expect(keys(st, 0)).toEqual(['auctionPass']);
    const deck = st.deck.length;
    const end = istanbul.apply(st, { type: 'auctionPass' }, 0);
    expect(end.state.deck).toHaveLength(deck);
    expect(end.events.map((e) => e.key)).toContain('istanbul.event.auctionNoBid');
  });

  it('cannot: a good without room (then only the auction), the auction with no card left anywhere', () => {
    const s = atAction(buildLs(), 0, 23);
    player(s, 0).goods = goods(2, 2, 2, 2);
    expect(keys(s)).toEqual(['auctionGood:none', 'skipAction']);
    const noCards = atAction(buildLs(), 0, 23);
    noCards.deck = [];
    const r = act(noCards, { type: 'auctionGood', good: 'red' });
    expect(top(r.state)?.k).toBe('encounters');
    expect(r.events.map((e) => e.key)).toContain('istanbul.event.noAuction');
  });
});

describe('Secret Society 24', () => {
  it('letters showing exactly 6 seals for the next ruby of the Sultan’s Palace; the first player gets 3 lira', () => {
    const s = atAction(buildLs(), 0, 24);
    giveLetters(s, 0, [1, true], [2, true], 3, 4, 5);
    expect(keys(s)).toEqual(['secretSociety:13', 'secretSociety:16', 'skipAction']);
    const started = act(s, { type: 'secretSociety', ruby: 13 }).state;
    expect(top(started)).toMatchObject({ k: 'letters', purpose: 'secretSociety', need: 6, ruby: 13 });
    const { state, events } = play(
      started,
      { type: 'discardLetter', letter: 'delivered' },
      { type: 'discardLetter', letter: 'delivered' },
      { type: 'discardLetter', letter: 3 },
      { type: 'discardLetter', letter: 4 },
    );
    expect(letters(state, 0)).toEqual([{ place: 5, delivered: false }]);
    expect(player(state, 0).rubies).toBe(1);
    expect(state.sultanTaken).toBe(1);
    expect(lira(state, 0)).toBe(5);
    expect(events.map((e) => e.key)).toEqual(expect.arrayContaining(['istanbul.event.secretSocietyBonus', 'istanbul.event.rubyTaken']));
    expect(lsState(state).secretSociety).toEqual([0]);
    expect(top(state)?.k).toBe('encounters');
    expect(state.turn.repeatPlace).toBe(24);
  });

  it('exactly 6: a letter is offered only if the rest can still be made exactly', () => {
    const s = atAction(buildLs(), 0, 24);
    giveLetters(s, 0, [1, true], [2, true], [3, true], 4);
    const started = act(s, { type: 'secretSociety', ruby: 16 }).state;
    // 2+2+2 = 6 works; the single 1 cannot be completed (2+2+1 = 5, 2+2+2+1 = 7)
    expect(keys(started)).toEqual(['discardLetter:delivered']);
    const r = play(started, { type: 'discardLetter', letter: 'delivered' }, { type: 'discardLetter', letter: 'delivered' }, { type: 'discardLetter', letter: 'delivered' });
    expect(letters(r.state, 0)).toEqual([{ place: 4, delivered: false }]);
    expect(r.state.gemstoneTaken).toBe(1);
    expect(player(r.state, 0).rubies).toBe(1);
  });

  it('3, 2, 1 lira for the first three players; a player doing it again and the fourth get none; cannot with 5 seals', () => {
    const s = atAction(buildLs({ players: 4 }), 0, 24);
    lsState(s).secretSociety = [1, 2];
    giveLetters(s, 0, [1, true], [2, true], [3, true]);
    const third = play(s, { type: 'secretSociety', ruby: 13 }, ...Array(3).fill({ type: 'discardLetter', letter: 'delivered' })).state;
    expect(lira(third, 0)).toBe(3);
    expect(lsState(third).secretSociety).toEqual([1, 2, 0]);
    const again = atAction(third, 1, 24);
    giveLetters(again, 1, [4, true], [5, true], [6, true]);
    const r = play(again, { type: 'secretSociety', ruby: 13 }, ...Array(3).fill({ type: 'discardLetter', letter: 'delivered' }));
    expect(lira(r.state, 1)).toBe(3);
    expect(r.events.map((e) => e.key)).not.toContain('istanbul.event.secretSocietyBonus');
    const few = atAction(buildLs(), 0, 24);
    giveLetters(few, 0, [1, true], [2, true], 3);
    expect(keys(few)).toEqual(['skipAction']);
  });
});

describe('Sultan’s Palace and Gemstone Dealer never run out; 6 rubies end the game', () => {
  it('the last ruby of the Sultan is replaced at once from the supply; the next one costs the full 10 goods', () => {
    const s = atAction(buildLs({ players: 4 }), 0, 13);
    s.sultanTaken = 6; // 7 rubies with 4 players: one left
    player(s, 0).extensions = 3;
    player(s, 0).goods = goods(2, 2, 2, 2);
    player(s, 0).goods.red = 4;
    expect(istanbul.view(s, null).places.find((p) => p.id === 13)?.detail).toMatchObject({ kind: 'sultan', rubiesLeft: 1 });
    const supply = s.rubySupply;
    const r = act(s, { type: 'sultan', choices: ['red', 'red'] });
    expect(r.state.rubySupply).toBe(supply - 1);
    expect(r.events.map((e) => e.key)).toContain('istanbul.event.rubyReplaced');
    const detail = istanbul.view(r.state, null).places.find((p) => p.id === 13)?.detail;
    expect(detail).toMatchObject({ kind: 'sultan', rubiesLeft: 1, uncovered: 10 });
  });

  it('the Gemstone Dealer keeps selling at the top price; with an empty supply rubies beyond the box are added', () => {
    const s = atAction(buildLs({ players: 5 }), 0, 16);
    s.gemstoneTaken = 11;
    player(s, 0).lira = 50;
    expect(s.rubySupply).toBe(0);
    const r = act(s, { type: 'gemstone' });
    expect(lira(r.state, 0)).toBe(27);
    expect(lsState(r.state).extraRubies).toBe(1);
    const again = act(atAction(r.state, 0, 16), { type: 'gemstone' });
    expect(lira(again.state, 0)).toBe(4);
  });

  it('6 rubies trigger the end for any player count (5 do not)', () => {
    for (const n of [2, 3, 4, 5]) {
      const s = atAction(buildLs({ players: n }), 0, 16);
      player(s, 0).rubies = 4;
      player(s, 0).lira = 40;
      const five = act(s, { type: 'gemstone' }).state;
      expect(five.endTriggered).toBe(false);
      const six = act(atAction(five, 0, 16), { type: 'gemstone' }).state;
      expect(six.endTriggered).toBe(true);
    }
  });
});
