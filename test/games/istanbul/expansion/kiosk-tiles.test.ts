/** Every kiosk tile: what carrying it out does, and when it cannot be carried out. */
import { describe, expect, it } from 'vitest';
import { istanbul, type IstanbulState } from '../../../../src/games/istanbul/index.js';
import { KIOSK_TILES } from '../../../../src/games/istanbul/data/letters-and-seals.js';
import {
  act,
  atAction,
  buildLs,
  giveCards,
  giveLetters,
  goods,
  keys,
  letters,
  lira,
  lsState,
  placeAssistant,
  player,
  rngRolling,
  setCompanion,
  top,
} from './builders.js';

/** Seat 0 at the Kiosk with `tile` among the tiles turned up (the first), its choice pending. */
function kioskWith(tile: number, prepare: (s: IstanbulState) => void = () => undefined): IstanbulState {
  const s = atAction(buildLs({ players: 2 }), 0, 22);
  const others = lsState(s).kioskDeck.filter((t) => t !== tile);
  lsState(s).kioskDeck = [...others, tile];
  prepare(s);
  return act(s, { type: 'kiosk' }).state;
}

const carry = (s: IstanbulState, tile: number) => act(s, { type: 'kioskTile', tile, carry: true });
const offered = (s: IstanbulState, tile: number) => keys(s).includes(`kioskTile:${tile}:carry`);

describe('kiosk tiles: goods and lira', () => {
  const table: [number, string, number, number, number, number, number][] = [
    // tile, name, red, green, yellow, blue, lira
    [0, '1 yellow and 1 lira', 0, 0, 1, 0, 1],
    [1, '1 green and 1 lira', 0, 1, 0, 0, 1],
    [2, '1 red and 1 lira', 1, 0, 0, 0, 1],
    [3, '2 yellow', 0, 0, 2, 0, 0],
    [4, '2 green', 0, 2, 0, 0, 0],
    [5, '2 red', 2, 0, 0, 0, 0],
    [6, '1 yellow', 0, 0, 1, 0, 0],
    [7, '1 green', 0, 1, 0, 0, 0],
    [8, '1 red', 1, 0, 0, 0, 0],
    [9, '1 blue', 0, 0, 0, 1, 0],
    [11, '2 lira', 0, 0, 0, 0, 2],
    [12, '1 coffee or 2 lira: 2 lira', 0, 0, 0, 0, 2],
    [13, '1 coffee or 3 lira: 3 lira', 0, 0, 0, 0, 3],
  ];
  for (const [tile, name, red, green, yellow, blue, gain] of table) {
    it(`tile ${tile}: ${name}`, () => {
      const s = kioskWith(tile);
      const r = carry(s, tile).state;
      expect(player(r, 0).goods).toEqual(goods(red, green, yellow, blue));
      expect(lira(r, 0)).toBe(2 + gain);
    });
  }

  it('cannot: a goods tile without room for its good (a tile with lira still can, for the lira)', () => {
    const s = kioskWith(3, (st) => {
      player(st, 0).goods = goods(0, 0, 2, 0);
    });
    expect(offered(s, 3)).toBe(false);
    expect(keys(s)).toContain('kioskTile:3:keep');
    const partial = kioskWith(0, (st) => {
      player(st, 0).goods = goods(0, 0, 2, 0);
    });
    expect(offered(partial, 0)).toBe(true);
    expect(lira(carry(partial, 0).state, 0)).toBe(3);
    // 2 yellow with room for 1: 1 is gained
    const one = kioskWith(3, (st) => {
      player(st, 0).goods = goods(0, 0, 1, 0);
    });
    expect(player(carry(one, 3).state, 0).goods.yellow).toBe(2);
  });
});

describe('kiosk tiles: the others', () => {
  it('tile 10: 1 bonus card; cannot with no card left anywhere', () => {
    const r = carry(kioskWith(10), 10);
    expect(player(r.state, 0).hand).toHaveLength(1);
    expect(r.checkpoint).toBe(true);
    const none = kioskWith(10, (st) => {
      st.deck = [];
    });
    expect(offered(none, 10)).toBe(false);
  });

  it('tile 14: the companion into the own supply (from the general supply or the board); not when he is there already', () => {
    expect(lsState(carry(kioskWith(14), 14).state).companions[0]).toBe('supply');
    const board = kioskWith(14, (st) => setCompanion(st, 0, 9));
    expect(lsState(carry(board, 14).state).companions[0]).toBe('supply');
    const there = kioskWith(14, (st) => setCompanion(st, 0, 'supply'));
    expect(offered(there, 14)).toBe(false);
  });

  it('tile 15: roll 1 die, 1 lira per pip', () => {
    const s = kioskWith(15);
    s.rng = rngRolling(5);
    const r = carry(s, 15);
    expect(lira(r.state, 0)).toBe(7);
    expect(r.checkpoint).toBe(true);
  });

  it('tile 16: pay 10 lira for a wheelbarrow extension (the third brings the Wainwright’s ruby); cannot with 9 lira or 3 extensions', () => {
    const s = kioskWith(16, (st) => {
      player(st, 0).lira = 12;
      player(st, 0).extensions = 2;
    });
    const r = carry(s, 16).state;
    expect(player(r, 0).extensions).toBe(3);
    expect(lira(r, 0)).toBe(2);
    expect(player(r, 0).rubies).toBe(1);
    expect(r.wainwrightExtensions).toBe(5);
    expect(offered(kioskWith(16, (st) => void (player(st, 0).lira = 9)), 16)).toBe(false);
    expect(
      offered(
        kioskWith(16, (st) => {
          player(st, 0).lira = 20;
          player(st, 0).extensions = 3;
        }),
        16,
      ),
    ).toBe(false);
  });

  it('tile 17: 1 good of each colour for an extension; cannot without one of them', () => {
    const s = kioskWith(17, (st) => {
      player(st, 0).goods = goods(1, 2, 1, 1);
    });
    const r = carry(s, 17).state;
    expect(player(r, 0).goods).toEqual(goods(0, 1, 0, 0));
    expect(player(r, 0).extensions).toBe(1);
    expect(offered(kioskWith(17, (st) => void (player(st, 0).goods = goods(1, 1, 1, 0))), 17)).toBe(false);
  });

  it('tile 18: the merchant stack to the Fountain, collecting no assistant; cannot when it is there', () => {
    const s = kioskWith(18, (st) => placeAssistant(st, 0, 21));
    const r = carry(s, 18).state;
    expect(player(r, 0).merchant).toBe(7);
    expect(player(r, 0).stack).toHaveLength(3);
    expect(r.assistantsAt[21]).toEqual([0]);
    // another seat's tile moves that seat's merchant
    const other = atAction(buildLs({ players: 2 }), 0, 22);
    lsState(other).kioskDeck = [...lsState(other).kioskDeck.filter((t) => t !== 18), 18, 0];
    player(other, 1).merchant = 9;
    let st = act(other, { type: 'kiosk' }).state;
    st = act(st, { type: 'kioskTile', tile: 0, carry: false }).state;
    st = istanbul.apply(st, { type: 'kioskTile', tile: 18, carry: true }, 1).state;
    expect(player(st, 1).merchant).toBe(7);
    expect(offered(kioskWith(18, (st2) => void (player(st2, 0).merchant = 7)), 18)).toBe(false);
  });

  it('tile 19: a good for a letter, or a letter for a good of your choice', () => {
    const s = kioskWith(19, (st) => {
      player(st, 0).goods = goods(0, 1, 0, 0);
      giveLetters(st, 0, [5, true]);
    });
    const chosen = carry(s, 19).state;
    expect(top(chosen)).toEqual({ k: 'kioskEffect', seat: 0, tile: 19 });
    const k = keys(chosen);
    expect(k).toContain('kioskEffect:19:0:green:-:-');
    expect(k).toContain('kioskEffect:19:1:blue:delivered:-');
    // the letter just drawn at the Kiosk (for place 1) can be given too
    expect(k).toContain('kioskEffect:19:1:red:1:-');
    const r = act(chosen, { type: 'kioskEffect', tile: 19, option: 0, good: 'green', letter: null, card: null }).state;
    expect(player(r, 0).goods.green).toBe(0);
    expect(letters(r, 0)).toHaveLength(3);
    const r2 = act(chosen, { type: 'kioskEffect', tile: 19, option: 1, good: 'blue', letter: 'delivered', card: null }).state;
    expect(player(r2, 0).goods.blue).toBe(1);
    expect(letters(r2, 0)).toEqual([{ place: 1, delivered: false }]);
  });

  it('tile 20: a bonus card for a letter, or a letter for a bonus card', () => {
    const s = kioskWith(20, (st) => giveCards(st, 0, 'stay'));
    const chosen = carry(s, 20).state;
    expect(keys(chosen)).toEqual(['kioskEffect:20:0:-:-:stay', 'kioskEffect:20:1:-:1:-']);
    const r = act(chosen, { type: 'kioskEffect', tile: 20, option: 0, good: null, letter: null, card: 'stay' }).state;
    expect(player(r, 0).hand).toEqual([]);
    expect(r.discard).toEqual(['stay']);
    expect(letters(r, 0)).toHaveLength(2);
    const r2 = act(chosen, { type: 'kioskEffect', tile: 20, option: 1, good: null, letter: 1, card: null }).state;
    expect(player(r2, 0).hand).toHaveLength(2);
    expect(letters(r2, 0)).toEqual([]);
  });

  it('tile 21: 2 lira for a letter, or a letter for 3 lira', () => {
    const chosen = carry(kioskWith(21), 21).state;
    expect(keys(chosen)).toEqual(['kioskEffect:21:0:-:-:-', 'kioskEffect:21:1:-:1:-']);
    const r = act(chosen, { type: 'kioskEffect', tile: 21, option: 0, good: null, letter: null, card: null }).state;
    expect(lira(r, 0)).toBe(0);
    expect(letters(r, 0)).toHaveLength(2);
    const r2 = act(chosen, { type: 'kioskEffect', tile: 21, option: 1, good: null, letter: 1, card: null }).state;
    expect(lira(r2, 0)).toBe(5);
    expect(letters(r2, 0)).toEqual([]);
  });

  it('tile 22: 2 lira for a good of your choice, or a good for 3 lira', () => {
    const chosen = carry(kioskWith(22), 22).state;
    expect(keys(chosen)).toEqual(['kioskEffect:22:0:red:-:-', 'kioskEffect:22:0:green:-:-', 'kioskEffect:22:0:yellow:-:-', 'kioskEffect:22:0:blue:-:-']);
    const r = act(chosen, { type: 'kioskEffect', tile: 22, option: 0, good: 'blue', letter: null, card: null }).state;
    expect(lira(r, 0)).toBe(0);
    expect(player(r, 0).goods.blue).toBe(1);
  });

  it('tile 23: 2 lira for a bonus card, or a bonus card for 3 lira', () => {
    const s = kioskWith(23, (st) => giveCards(st, 0, 'takeGood'));
    const chosen = carry(s, 23).state;
    expect(keys(chosen)).toEqual(['kioskEffect:23:0:-:-:-', 'kioskEffect:23:1:-:-:takeGood']);
    const r = act(chosen, { type: 'kioskEffect', tile: 23, option: 1, good: null, letter: null, card: 'takeGood' }).state;
    expect(lira(r, 0)).toBe(5);
    expect(player(r, 0).hand).toEqual([]);
    const r2 = act(chosen, { type: 'kioskEffect', tile: 23, option: 0, good: null, letter: null, card: null }).state;
    expect(lira(r2, 0)).toBe(0);
    expect(player(r2, 0).hand).toHaveLength(2);
  });

  it('cannot: a choice tile when neither exchange is possible', () => {
    // 0 lira, no good, no letter, no card: tiles 19..23 offer nothing (the letter pile is empty too)
    for (const tile of [19, 20, 21, 22, 23]) {
      const s = kioskWith(tile, (st) => {
        player(st, 0).lira = 0;
        lsState(st).letterDeck = [];
        st.deck = [];
      });
      expect(offered(s, tile), `tile ${tile}`).toBe(false);
    }
  });

  it('all 24 tiles are covered by the data, each either a plain effect or a choice of two exchanges', () => {
    expect(KIOSK_TILES).toHaveLength(24);
    expect(KIOSK_TILES.filter((t) => t.kind === 'choose')).toHaveLength(5);
  });
});
