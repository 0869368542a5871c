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

describe('Wainwright 1', () => {
  it('pays 7 lira for an extension: capacity 3 of each good', () => {
    const s = atAction(build(), 0, 1);
    player(s, 0).lira = 9;
    const { state } = play(s, { type: 'wainwright' });
    expect(player(state, 0).lira).toBe(2);
    expect(player(state, 0).extensions).toBe(1);
    expect(state.wainwrightExtensions).toBe(8);
    expect(istanbul.view(state, null).players[0]?.capacity).toBe(3);
    expect(top(state)?.k).toBe('encounters');
  });

  it('the third extension brings the Wainwright ruby, once', () => {
    const s = atAction(build(), 0, 1);
    player(s, 0).lira = 7;
    player(s, 0).extensions = 2;
    const { state } = play(s, { type: 'wainwright' });
    expect(player(state, 0).extensions).toBe(3);
    expect(player(state, 0).rubies).toBe(1);
    expect(state.wainwrightRubies).toBe(2);
  });

  it('cannot: 6 lira is not enough; a complete wheelbarrow takes no fourth extension', () => {
    const s = atAction(build(), 0, 1);
    player(s, 0).lira = 6;
    expect(keys(s)).not.toContain('wainwright');
    player(s, 0).lira = 50;
    player(s, 0).extensions = 3;
    expect(keys(s)).not.toContain('wainwright');
    expect(keys(s)).toContain('skipAction');
  });
});

describe('Warehouses 2, 3, 4', () => {
  it('fill red, green, yellow up to capacity', () => {
    for (const [place, good] of [
      [2, 'red'],
      [3, 'green'],
      [4, 'yellow'],
    ] as const) {
      const s = atAction(build(), 0, place);
      player(s, 0).extensions = 1;
      player(s, 0).goods[good] = 1;
      const { state } = play(s, { type: 'warehouse' });
      expect(player(state, 0).goods[good]).toBe(3);
    }
  });

  it('cannot: that good is already full (and no green tile)', () => {
    const s = atAction(build(), 0, 2);
    player(s, 0).goods = goods(2, 0, 0, 0);
    expect(keys(s)).toEqual(['skipAction']);
  });

  it('green tile: afterwards buy 1 extra good of any colour for 2 lira', () => {
    const s = atAction(build(), 0, 3);
    player(s, 0).mosqueTiles = ['green'];
    player(s, 0).lira = 2;
    player(s, 0).goods = goods(2, 0, 0, 0);
    const filled = act(s, { type: 'warehouse' }).state;
    expect(top(filled)?.k).toBe('warehouseExtra');
    // Red is full, green was just filled: yellow or blue, or nothing.
    expect(keys(filled)).toEqual(['buyExtraGood:yellow', 'buyExtraGood:blue', 'declineExtraGood']);
    const bought = act(filled, { type: 'buyExtraGood', good: 'blue' }).state;
    expect(player(bought, 0).goods).toEqual(goods(2, 2, 0, 1));
    expect(player(bought, 0).lira).toBe(0);
    expect(top(bought)?.k).toBe('encounters');
  });

  it('green tile: the purchase alone makes the warehouse worth visiting when its good is full; not without 2 lira', () => {
    const s = atAction(build(), 0, 2);
    player(s, 0).mosqueTiles = ['green'];
    player(s, 0).goods = goods(2, 0, 0, 0);
    player(s, 0).lira = 2;
    expect(keys(s)).toContain('warehouse');
    player(s, 0).lira = 1;
    expect(keys(s)).not.toContain('warehouse');
    player(s, 0).goods = goods(0, 0, 0, 0);
    const filled = act(s, { type: 'warehouse' }).state;
    expect(top(filled)?.k).toBe('encounters');
  });
});

describe('Post Office 5', () => {
  it('the five states: payouts and marker moves, then all markers back up', () => {
    let s = atAction(build(), 0, 5);
    player(s, 0).extensions = 3;
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      s = atAction(s, 0, 5);
      const before = { ...player(s, 0).goods, lira: player(s, 0).lira };
      s = act(s, { type: 'postOffice' }).state;
      const p = player(s, 0);
      seen.push(
        `${p.lira - before.lira}:${p.goods.red - before.red}${p.goods.green - before.green}${p.goods.yellow - before.yellow}${p.goods.blue - before.blue}`,
      );
    }
    // k=0 green, yellow, 2 lira; k=1 red, yellow, 2; k=2 red, yellow, 3; k=3 red, blue, 3; k=4 red, blue, 4; then k=0 again.
    expect(seen).toEqual(['2:0110', '2:1010', '3:1010', '3:1001', '4:1001', '2:0110']);
  });

  it('rulebook example: 3 lira, 1 red and 1 yellow, then the marker moves from blue to yellow', () => {
    const s = atAction(build(), 0, 5);
    s.post = 2;
    const { state } = play(s, { type: 'postOffice' });
    expect(player(state, 0).lira).toBe(2 + 3);
    expect(player(state, 0).goods).toEqual(goods(1, 0, 1, 0));
    expect(state.post).toBe(3);
    const office = istanbul.view(state, null).places.find((p) => p.id === 5)?.detail;
    expect(office?.kind === 'postOffice' && office.markers).toEqual(['bottom', 'bottom', 'bottom', 'top']);
    expect(office?.kind === 'postOffice' && office.payout).toEqual({ lira: 3, goods: ['red', 'blue'] });
  });

  it('goods beyond capacity are not gained', () => {
    const s = atAction(build(), 0, 5);
    player(s, 0).goods = goods(0, 2, 2, 0);
    const { state } = play(s, { type: 'postOffice' });
    expect(player(state, 0).goods).toEqual(goods(0, 2, 2, 0));
    expect(player(state, 0).lira).toBe(4);
  });
});

describe('Caravansary 6', () => {
  it('draws 2 from the deck (checkpoints), then discards 1', () => {
    const s = atAction(build(), 0, 6);
    stackDeck(s, 'take5Lira', 'stay');
    const first = act(s, { type: 'caravansaryDraw', from: 'deck' });
    expect(first.checkpoint).toBe(true);
    expect(player(first.state, 0).hand).toEqual(['take5Lira']);
    expect(first.events.find((e) => e.key === 'istanbul.event.cardDrawnPrivate')?.visibleTo).toEqual([0]);
    const second = act(first.state, { type: 'caravansaryDraw', from: 'deck' }).state;
    expect(player(second, 0).hand).toEqual(['take5Lira', 'stay']);
    expect(keys(second)).toEqual(['caravansaryDiscard:take5Lira', 'caravansaryDiscard:stay']);
    const done = act(second, { type: 'caravansaryDiscard', card: 'stay' }).state;
    expect(player(done, 0).hand).toEqual(['take5Lira']);
    expect(done.discard).toEqual(['stay']);
    expect(top(done)?.k).toBe('encounters');
  });

  it('may take the top of the face-up discard pile (no checkpoint: it is public)', () => {
    const s = atAction(build(), 0, 6);
    s.deck.splice(s.deck.indexOf('gemstoneTwice'), 1);
    s.discard = ['gemstoneTwice'];
    expect(keys(s)).toEqual(expect.arrayContaining(['caravansaryDraw:deck', 'caravansaryDraw:discard']));
    const r = act(s, { type: 'caravansaryDraw', from: 'discard' });
    expect(r.checkpoint).toBe(false);
    expect(player(r.state, 0).hand).toEqual(['gemstoneTwice']);
    expect(keys(r.state)).toEqual(['caravansaryDraw:deck']);
  });

  it('an empty deck reshuffles the discard pile', () => {
    const s = atAction(build(), 0, 6);
    s.discard = s.deck;
    s.deck = [];
    const r = act(s, { type: 'caravansaryDraw', from: 'deck' });
    expect(r.state.deck.length + r.state.discard.length).toBe(25);
    expect(r.state.discard).toEqual([]);
    expect(r.events.map((e) => e.key)).toContain('istanbul.event.deckReshuffled');
  });

  it('no card can be played between the draws and the discard', () => {
    const s = atAction(build(), 0, 6);
    giveCards(s, 0, 'take5Lira');
    const drawn = act(s, { type: 'caravansaryDraw', from: 'deck' }).state;
    expect(keys(drawn)).toEqual(['caravansaryDraw:deck']);
  });
});

describe('Fountain 7', () => {
  it('returns any number of own assistants, one decision each, then done', () => {
    const s = atAction(build(), 0, 7);
    placeAssistant(s, 0, 1);
    placeAssistant(s, 0, 16);
    placeAssistant(s, 0, 9);
    expect(keys(s)).toEqual(['fountainRecall:1', 'fountainRecall:9', 'fountainRecall:16', 'fountainRecallAll', 'skipAction']);
    const one = act(s, { type: 'fountainRecall', from: 16 }).state;
    expect(top(one)?.k).toBe('fountain');
    expect(keys(one)).toEqual(['fountainRecall:1', 'fountainRecall:9', 'fountainRecallAll', 'fountainDone']);
    const done = act(one, { type: 'fountainDone' }).state;
    expect(player(done, 0).stack).toHaveLength(2);
    expect(done.assistantsAt[1]).toEqual([0]);
    expect(top(done)?.k).toBe('encounters');
  });

  it('all of them at once: every own assistant back in one choice, then the encounters', () => {
    const s = atAction(build(), 0, 7);
    placeAssistant(s, 0, 1);
    placeAssistant(s, 0, 16);
    placeAssistant(s, 0, 9);
    const r = act(s, { type: 'fountainRecallAll' });
    expect(player(r.state, 0).stack).toHaveLength(4);
    expect(r.state.assistantsAt[1]).toEqual([]);
    expect(r.state.assistantsAt[9]).toEqual([]);
    expect(r.state.assistantsAt[16]).toEqual([]);
    expect(r.events.filter((e) => e.key === 'istanbul.event.assistantRecalled').map((e) => e.params?.from)).toEqual([1, 9, 16]);
    expect(top(r.state)?.k).toBe('encounters');
  });

  it('"all of them" is offered only with assistants on two places or more, also after bringing one back', () => {
    const s = atAction(build(), 0, 7);
    placeAssistant(s, 0, 1);
    expect(keys(s)).toEqual(['fountainRecall:1', 'skipAction']);
    placeAssistant(s, 0, 16);
    placeAssistant(s, 0, 9);
    const one = act(s, { type: 'fountainRecall', from: 16 }).state;
    expect(keys(one)).toEqual(['fountainRecall:1', 'fountainRecall:9', 'fountainRecallAll', 'fountainDone']);
  });

  it('bringing back the last one ends the action', () => {
    const s = atAction(build(), 0, 7);
    placeAssistant(s, 0, 1);
    const done = act(s, { type: 'fountainRecall', from: 1 }).state;
    expect(top(done)?.k).toBe('encounters');
    expect(player(done, 0).stack).toHaveLength(4);
  });

  it('variant: only own assistants return, never neutral ones', () => {
    const s = atAction(build({ neutralAssistants: true }), 0, 7);
    placeAssistant(s, 'neutral', 1, 0);
    placeAssistant(s, 0, 2);
    expect(keys(s)).toEqual(['fountainRecall:2', 'skipAction']);
  });
});

describe('Black Market 8', () => {
  it('blue goods by the roll: 7–8 one, 9–10 two, 11–12 three, else none', () => {
    for (const [d1, d2, blue] of [
      [3, 3, 0],
      [3, 4, 1],
      [4, 4, 1],
      [4, 5, 2],
      [5, 5, 2],
      [5, 6, 3],
      [6, 6, 3],
    ] as const) {
      const s = atAction(build(), 0, 8);
      player(s, 0).extensions = 1;
      s.rng = rngRolling(d1, d2);
      const rolled = act(s, { type: 'blackMarketRoll' });
      expect(rolled.checkpoint).toBe(true);
      expect(player(rolled.state, 0).goods.blue).toBe(blue);
      // The good is chosen after the roll.
      expect(keys(rolled.state)).toEqual(['blackMarketGood:red', 'blackMarketGood:green', 'blackMarketGood:yellow', 'take5Lira'].filter((k) => k !== 'take5Lira'));
      const done = act(rolled.state, { type: 'blackMarketGood', good: 'green' }).state;
      expect(player(done, 0).goods.green).toBe(1);
      expect(top(done)?.k).toBe('encounters');
    }
  });

  it('the good first, then the roll', () => {
    const s = atAction(build(), 0, 8);
    s.rng = rngRolling(6, 5);
    const took = act(s, { type: 'blackMarketGood', good: 'red' }).state;
    expect(keys(took)).toEqual(['blackMarketRoll']);
    const done = act(took, { type: 'blackMarketRoll' }).state;
    expect(player(done, 0).goods).toEqual(goods(1, 0, 0, 2)); // 3 blue, capacity 2
    expect(top(done)?.k).toBe('encounters');
  });

  it('cannot take a good that is full; with red, green and yellow full only the roll remains', () => {
    const s = atAction(build(), 0, 8);
    player(s, 0).goods = goods(2, 2, 0, 0);
    expect(keys(s)).toEqual(['blackMarketGood:yellow', 'blackMarketRoll', 'skipAction']);
    player(s, 0).goods = goods(2, 2, 2, 0);
    s.rng = rngRolling(1, 2);
    expect(keys(s)).toEqual(['blackMarketRoll', 'skipAction']);
    const done = act(s, { type: 'blackMarketRoll' }).state;
    expect(top(done)?.k).toBe('encounters');
  });

  it('Black Market: 2 and 5 turned to 4 and 5 with the red tile gives 2 blue plus the chosen good', () => {
    const s = atAction(build(), 0, 8);
    player(s, 0).mosqueTiles = ['red'];
    s.rng = rngRolling(2, 5);
    const rolled = act(s, { type: 'blackMarketRoll' }).state;
    expect(top(rolled)).toEqual({ k: 'redTile', seat: 0, place: 8, dice: [2, 5], announced: 0 });
    expect(keys(rolled)).toEqual(['redTileSetFour:0', 'redTileSetFour:1', 'redTileReroll', 'redTileKeep']);
    const turned = act(rolled, { type: 'redTileSetFour', die: 0 }).state;
    expect(player(turned, 0).goods.blue).toBe(2);
    const done = act(turned, { type: 'blackMarketGood', good: 'yellow' }).state;
    expect(player(done, 0).goods).toEqual(goods(0, 0, 1, 2));
  });
});

describe('Tea House 9', () => {
  it('announces 3..12; a roll at least the number pays it', () => {
    const s = atAction(build(), 0, 9);
    expect(keys(s).filter((k) => k.startsWith('teaHouse'))).toEqual(
      [3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => `teaHouse:${n}`),
    );
    s.rng = rngRolling(4, 4);
    const r = act(s, { type: 'teaHouse', announce: 8 });
    expect(r.checkpoint).toBe(true);
    expect(player(r.state, 0).lira).toBe(2 + 8);
  });

  it('a lower roll pays 2 lira', () => {
    const s = atAction(build(), 0, 9);
    s.rng = rngRolling(4, 3);
    expect(player(act(s, { type: 'teaHouse', announce: 8 }).state, 0).lira).toBe(4);
  });

  it('red tile: reroll both dice once', () => {
    const s = atAction(build(), 0, 9);
    player(s, 0).mosqueTiles = ['red'];
    s.rng = rngRolling(1, 1, 6, 6);
    const rolled = act(s, { type: 'teaHouse', announce: 12 }).state;
    expect(top(rolled)).toEqual({ k: 'redTile', seat: 0, place: 9, dice: [1, 1], announced: 12 });
    const rerolled = act(rolled, { type: 'redTileReroll' });
    expect(rerolled.checkpoint).toBe(true);
    expect(player(rerolled.state, 0).lira).toBe(14);
    expect(top(rerolled.state)?.k).toBe('encounters');
  });

  it('red tile: a die already showing 4 is not offered to be turned; keeping the roll', () => {
    const s = atAction(build(), 0, 9);
    player(s, 0).mosqueTiles = ['red'];
    s.rng = rngRolling(4, 2);
    const rolled = act(s, { type: 'teaHouse', announce: 8 }).state;
    expect(keys(rolled)).toEqual(['redTileSetFour:1', 'redTileReroll', 'redTileKeep', 'take5Lira'].filter((k) => k !== 'take5Lira'));
    const turned = act(rolled, { type: 'redTileSetFour', die: 1 }).state;
    expect(player(turned, 0).lira).toBe(2 + 8);
    const kept = act(rolled, { type: 'redTileKeep' }).state;
    expect(player(kept, 0).lira).toBe(2 + 2);
  });
});

describe('Markets 10 and 11', () => {
  it('Small Market: 1 red, 1 green and 2 yellow pay 14 lira', () => {
    const s = atAction(build(), 0, 11);
    s.smallMarket = [1, 0, 2, 3, 4]; // R1 G1 Y2 B1 on top
    player(s, 0).goods = goods(2, 2, 2, 2);
    const { state } = play(s, { type: 'sell', goods: goods(1, 1, 2, 0), anyGoods: false });
    expect(player(state, 0).lira).toBe(2 + 14);
    expect(player(state, 0).goods).toEqual(goods(1, 1, 0, 2));
    expect(state.smallMarket).toEqual([0, 2, 3, 4, 1]); // the tile goes under the stack
  });

  it('offers exactly the sales the top tile allows from the goods owned', () => {
    const s = atAction(build(), 0, 11);
    s.smallMarket = [0, 1, 2, 3, 4]; // R1 G3 Y1
    player(s, 0).goods = goods(1, 1, 0, 2);
    expect(keys(s).filter((k) => k.startsWith('sell'))).toEqual([
      'sell:0.1.0.0:demand',
      'sell:1.0.0.0:demand',
      'sell:1.1.0.0:demand',
    ]);
  });

  it('Great Market payouts 3, 7, 12, 18, 25', () => {
    const payouts: number[] = [];
    for (const sold of [goods(1, 0, 0, 0), goods(1, 0, 0, 1), goods(1, 0, 0, 2), goods(2, 0, 0, 2), goods(2, 0, 1, 2)]) {
      const s = atAction(build(), 0, 10);
      s.greatMarket = [0, 1, 2, 3, 4]; // R2 Y1 B2
      player(s, 0).goods = goods(2, 2, 2, 2);
      payouts.push(player(act(s, { type: 'sell', goods: sold, anyGoods: false }).state, 0).lira - 2);
    }
    expect(payouts).toEqual([3, 7, 12, 18, 25]);
  });

  it('cannot: none of the demanded goods', () => {
    const s = atAction(build(), 0, 10);
    s.greatMarket = [1, 0, 2, 3, 4]; // R1 Y1 B3
    player(s, 0).goods = goods(0, 2, 0, 0);
    expect(keys(s)).toEqual(['skipAction']);
  });
});

describe('Police Station 12', () => {
  it('rulebook example: the family member goes to the Spice Warehouse and fills green; no payment, no Governor there', () => {
    const s = atAction(build(), 0, 12);
    s.governor = 3;
    // Another merchant stands at the Spice Warehouse 3.
    player(s, 1).merchant = 3;
    const sent = act(s, { type: 'police', to: 3 }).state;
    expect(player(sent, 0).family).toBe(3);
    expect(top(sent)).toEqual({ k: 'action', seat: 0, place: 3, family: true });
    const filled = act(sent, { type: 'warehouse' }).state;
    expect(player(filled, 0).goods.green).toBe(2);
    expect(player(filled, 0).lira).toBe(2);
    expect(player(filled, 1).lira).toBe(3);
    // The encounters are the merchant's, at the Police Station: no Governor (he is at 3).
    expect(top(filled)).toEqual({ k: 'encounters', seat: 0, captures: [], governor: false, smuggler: false });
  });

  it('any place but the Police Station itself', () => {
    const s = atAction(build(), 0, 12);
    expect(keys(s).filter((k) => k.startsWith('police')).length).toBe(15);
    expect(keys(s)).not.toContain('police:12');
  });

  it('cannot: the family member is not at the Police Station', () => {
    const s = atAction(build(), 0, 12);
    player(s, 0).family = 5;
    expect(keys(s)).toEqual(['skipAction']);
  });

  it('the family member captures nobody and is not captured at its place; the merchant captures nobody at 12', () => {
    const s = atAction(build(), 0, 12);
    player(s, 1).family = 5;
    const sent = play(s, { type: 'police', to: 5 }, { type: 'postOffice' }).state;
    expect(player(sent, 1).family).toBe(5);
    expect(top(sent)).toEqual({ k: 'encounters', seat: 0, captures: [], governor: false, smuggler: false });
  });

  it('only "take 5 lira" during the family member\'s action', () => {
    const s = atAction(build(), 0, 12);
    giveCards(s, 0, 'take5Lira', 'takeGood');
    const sent = act(s, { type: 'police', to: 16 }).state;
    expect(keys(sent)).toEqual(['skipAction', 'take5Lira']);
  });
});

describe("Sultan's Palace 13", () => {
  it('rulebook example: 2 blue, 2 red, 1 green, 1 yellow and 1 of choice for the next ruby', () => {
    const s = atAction(build({ players: 4 }), 0, 13);
    s.sultanTaken = 3; // 4 players: first 4 goods, now 7
    player(s, 0).extensions = 1;
    player(s, 0).goods = goods(2, 1, 1, 3);
    expect(keys(s).filter((k) => k.startsWith('sultan'))).toEqual(['sultan:blue']);
    const { state } = play(s, { type: 'sultan', choices: ['blue'] });
    expect(player(state, 0).goods).toEqual(goods(0, 0, 0, 0));
    expect(player(state, 0).rubies).toBe(1);
    expect(state.sultanTaken).toBe(4);
    const view = istanbul.view(state, null).places.find((p) => p.id === 13)?.detail;
    expect(view?.kind === 'sultan' && view.nextCost?.length).toBe(8);
  });

  it('3 players: the first ruby costs blue, red, green, yellow and 1 of choice', () => {
    const s = atAction(build(), 0, 13);
    player(s, 0).goods = goods(2, 1, 1, 1);
    expect(keys(s).filter((k) => k.startsWith('sultan'))).toEqual(['sultan:red']);
    player(s, 0).goods = goods(1, 2, 2, 1);
    expect(keys(s).filter((k) => k.startsWith('sultan'))).toEqual(['sultan:green', 'sultan:yellow']);
  });

  it('the last field: 2 fields of choice', () => {
    const s = atAction(build({ players: 4 }), 0, 13);
    s.sultanTaken = 6;
    player(s, 0).extensions = 3;
    player(s, 0).goods = goods(4, 2, 2, 4);
    expect(keys(s).filter((k) => k.startsWith('sultan'))).toEqual(['sultan:red.red', 'sultan:red.blue', 'sultan:blue.blue']);
  });

  it('cannot: a good missing; or no ruby left', () => {
    const s = atAction(build(), 0, 13);
    player(s, 0).goods = goods(2, 2, 2, 0);
    expect(keys(s)).toEqual(['skipAction']);
    player(s, 0).goods = goods(2, 2, 2, 2);
    s.sultanTaken = 6;
    expect(keys(s)).toEqual(['skipAction']);
  });
});

describe('Mosques 14 and 15', () => {
  it('takes the top tile with at least its number of goods, pays 1 of them', () => {
    const s = atAction(build(), 0, 14);
    player(s, 0).goods = goods(2, 1, 0, 0);
    expect(keys(s).filter((k) => k.startsWith('mosque'))).toEqual(['mosque:red']);
    const { state } = play(s, { type: 'mosque', colour: 'red' });
    expect(player(state, 0).goods.red).toBe(1);
    expect(player(state, 0).mosqueTiles).toEqual(['red']);
    expect(state.mosqueTiles.red).toEqual([3, 4]);
  });

  it('the next tile needs more goods; one tile per colour per player', () => {
    const s = atAction(build(), 1, 14);
    s.mosqueTiles.red = [3, 4];
    player(s, 1).goods = goods(2, 0, 0, 0);
    expect(keys(s, 1)).toEqual(['skipAction']);
    player(s, 1).goods = goods(2, 0, 0, 0);
    player(s, 1).extensions = 1;
    player(s, 1).goods.red = 3;
    expect(keys(s, 1)).toContain('mosque:red');
    player(s, 1).mosqueTiles = ['red'];
    expect(keys(s, 1)).not.toContain('mosque:red');
  });

  it('cannot: a colour whose stack is empty', () => {
    const s = atAction(build({ players: 2 }), 0, 15);
    s.mosqueTiles.yellow = [];
    player(s, 0).goods = goods(0, 0, 2, 0);
    expect(keys(s)).toEqual(['skipAction']);
  });

  it('both tiles of one mosque give its ruby once; with 5 players a mosque has only 4', () => {
    const s = atAction(build({ players: 5 }), 0, 14);
    expect(s.smallMosqueRubies).toBe(4);
    s.smallMosqueRubies = 1;
    player(s, 0).mosqueTiles = ['green'];
    player(s, 0).goods = goods(2, 0, 0, 0);
    const first = play(s, { type: 'mosque', colour: 'red' }).state;
    expect(player(first, 0).rubies).toBe(1);
    expect(first.smallMosqueRubies).toBe(0);
    const t = atAction(first, 1, 14);
    player(t, 1).mosqueTiles = ['green'];
    player(t, 1).goods = goods(3, 0, 0, 0);
    player(t, 1).extensions = 1;
    const second = play(t, { type: 'mosque', colour: 'red' }).state;
    expect(player(second, 1).mosqueTiles).toEqual(['green', 'red']);
    expect(player(second, 1).rubies).toBe(0);
  });

  it('rulebook example: the blue tile with 3 blue goods, paying 1, and the 5th assistant under the merchant', () => {
    const s = atAction(build(), 0, 15);
    s.mosqueTiles.blue = [3, 4];
    player(s, 0).extensions = 1;
    player(s, 0).goods = goods(0, 0, 0, 3);
    const { state } = play(s, { type: 'mosque', colour: 'blue' });
    expect(player(state, 0).goods.blue).toBe(2);
    expect(player(state, 0).mosqueTiles).toEqual(['blue']);
    expect(player(state, 0).supply).toBe(0);
    expect(player(state, 0).stack).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('Gemstone Dealer 16', () => {
  it('rulebook example: the highest uncovered number is 15, so the ruby costs 15 lira; the next 16', () => {
    const s = atAction(build({ players: 2 }), 0, 16);
    player(s, 0).lira = 31;
    giveCards(s, 0, 'gemstoneTwice');
    const bought = act(s, { type: 'gemstone' }).state;
    expect(player(bought, 0).lira).toBe(16);
    expect(player(bought, 0).rubies).toBe(1);
    const view = istanbul.view(bought, null).places.find((p) => p.id === 16)?.detail;
    expect(view?.kind === 'gemstone' && view.price).toBe(16);
    const again = act(bought, { type: 'repeatAction', card: 'gemstoneTwice', choices: [] }).state;
    expect(player(again, 0).lira).toBe(0);
    expect(player(again, 0).rubies).toBe(2);
  });

  it('cannot: not enough lira; or no ruby left', () => {
    const s = atAction(build({ players: 3 }), 0, 16);
    player(s, 0).lira = 13;
    expect(keys(s)).toEqual(['skipAction']);
    player(s, 0).lira = 100;
    s.gemstoneTaken = 10;
    expect(keys(s)).toEqual(['skipAction']);
  });
});

describe('every place action can be skipped', () => {
  it('skipAction goes on to the encounters', () => {
    for (let place = 1; place <= 16; place++) {
      const s = atAction(build(), 0, place);
      expect(keys(s)).toContain('skipAction');
      expect(top(act(s, { type: 'skipAction' }).state)?.k).toBe('encounters');
    }
  });

  it('a decision on top of the stack shows in the public view', () => {
    const s = decide(build(), { k: 'blackMarket', seat: 0, goodTaken: false, dice: [3, 4] });
    expect(istanbul.view(s, null).decision).toEqual({ seat: 0, kind: 'blackMarket', place: 8, dice: [3, 4], announced: null });
  });
});

describe('assistants on places', () => {
  it('an assistant left at a place can be used by the action there', () => {
    const s = build();
    placeAssistant(s, 0, 3);
    const { state } = play(s, { type: 'move', to: 3 }, { type: 'pickUpAssistant', neutral: false }, { type: 'warehouse' });
    expect(player(state, 0).goods.green).toBe(2);
  });
});
